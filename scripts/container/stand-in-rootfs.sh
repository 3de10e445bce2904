#!/usr/bin/env bash
# The slow half of the stand-in base image (stand-in-base-image.sh): Debian's docker.io and debootstrap when
# missing, then Debian bookworm (minbase, CA certificates) from Debian's mirror into DIR. Mostly downloads and
# unpacking, so CI runs it in the background while the tests use the cores.
# Usage: stand-in-rootfs.sh DIR   (root)
set -euo pipefail
rootfs=${1:?usage: stand-in-rootfs.sh DIR}

if ! command -v dockerd >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1; then
  echo "container: installing docker.io and debootstrap"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker.io debootstrap >/dev/null
fi

mirror=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
log=$(mktemp /tmp/onboarding-debootstrap.XXXXXX.log)
debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "${mirror:-http://deb.debian.org/debian}" >"$log" 2>&1 \
  || { tail -n 20 "$log"; rm -f "$log"; exit 1; }
rm -f "$log"
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
touch "$rootfs/.stand-in-rootfs-complete"
