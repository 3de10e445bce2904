#!/usr/bin/env bash
# Builds a stand-in for node:24-bookworm-slim, the image deploy/Dockerfile starts from, where no image
# registry can be reached: Debian bookworm from Debian's mirror (debootstrap, minbase, CA certificates),
# this machine's Node.js and npm, the user `node` (uid 1000) as in the official image, and this machine's
# own CA certificates (where its traffic to the npm registry passes a proxy that signs with one).
# Usage: stand-in-base-image.sh TAG   (docker must answer: DOCKER_HOST)
set -euo pipefail
tag=${1:?usage: stand-in-base-image.sh TAG}

work=$(mktemp -d /tmp/onboarding-base-image.XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

mirror=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "${mirror:-http://deb.debian.org/debian}" >"$work/debootstrap.log" 2>&1 \
  || { tail -n 20 "$work/debootstrap.log"; exit 1; }

install -m 0755 "$(command -v node)" "$rootfs/usr/local/bin/node"
npm_dir=$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
chroot "$rootfs" useradd --uid 1000 --create-home --shell /bin/bash node
if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$rootfs/usr/local/share/ca-certificates/"
  chroot "$rootfs" update-ca-certificates >/dev/null
fi
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*

# Node.js keeps its own CA list: NODE_EXTRA_CA_CERTS adds the system's, as on this machine.
tar -C "$rootfs" -c . | docker import --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$tag" >/dev/null
echo "base image $tag: Debian bookworm, Node.js $(node --version), npm $(npm --version)"
