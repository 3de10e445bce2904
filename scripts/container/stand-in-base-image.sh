#!/usr/bin/env bash
# Builds a stand-in for node:24-bookworm-slim, the image deploy/Dockerfile starts from, where no image
# registry can be reached: Debian bookworm from Debian's mirror (stand-in-rootfs.sh), this machine's Node.js
# and npm, the user `node` (uid 1000) as in the official image, and this machine's own CA certificates (where
# its traffic to the npm registry passes a proxy that signs with one).
# Usage: stand-in-base-image.sh TAG [ROOTFS]   (docker must answer: DOCKER_HOST)
# ROOTFS: a tree stand-in-rootfs.sh made earlier (CI makes it in the background); it is used up.
set -euo pipefail
tag=${1:?usage: stand-in-base-image.sh TAG [ROOTFS]}

work=$(mktemp -d /tmp/onboarding-base-image.XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
if [ -n "${2:-}" ] && [ -e "$2/.stand-in-rootfs-complete" ]; then
  mv "$2" "$rootfs"
  rm "$rootfs/.stand-in-rootfs-complete"
else
  "$(dirname "$0")/stand-in-rootfs.sh" "$rootfs"
  rm "$rootfs/.stand-in-rootfs-complete"
fi

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

# Node.js keeps its own CA list: NODE_EXTRA_CA_CERTS adds the system's, as on this machine.
tar -C "$rootfs" -c . | docker import --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$tag" >/dev/null
echo "base image $tag: Debian bookworm, Node.js $(node --version), npm $(npm --version)"
