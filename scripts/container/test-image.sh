#!/usr/bin/env bash
# The cluster tests (tests/cluster) with every instance a container of the image deploy/Dockerfile builds.
# Starts a Docker daemon of its own (Debian's docker.io, installed when missing and run as root) with its state
# in a temporary folder and no changes to the host's network (host networking only), builds the image from
# the current build output, runs the tests, and stops the daemon. No registry is needed: the base image is a
# stand-in built from Debian's packages (stand-in-base-image.sh; STAND_IN_ROOTFS names a Debian tree
# stand-in-rootfs.sh made beforehand).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v dockerd >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1; then
  echo "container: installing docker.io and debootstrap"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker.io debootstrap >/dev/null
fi

state=$(mktemp -d /tmp/onboarding-docker.XXXXXX)
dockerd --host "unix://$state/docker.sock" --data-root "$state/data" --exec-root "$state/exec" --pidfile "$state/docker.pid" \
  --iptables=false --ip6tables=false --ip-forward=false --ip-masq=false --bridge=none >"$state/dockerd.log" 2>&1 &
dockerd_pid=$!
stop_daemon() {
  kill "$dockerd_pid" 2>/dev/null || true
  wait "$dockerd_pid" 2>/dev/null || true
  # The daemon leaves its network namespace mount behind.
  umount "$state/exec/netns/default" 2>/dev/null || true
  rm -rf "$state"
}
trap stop_daemon EXIT
export DOCKER_HOST="unix://$state/docker.sock"
for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 0.5; done
docker info >/dev/null 2>&1 || { echo "container: the Docker daemon did not start"; tail -n 20 "$state/dockerd.log"; exit 1; }

started=$(date +%s)
scripts/container/stand-in-base-image.sh onboarding-node-base:local "${STAND_IN_ROOTFS:-}"
npm run build >/dev/null
docker build --quiet --network host --build-arg BASE_IMAGE=onboarding-node-base:local -f deploy/Dockerfile -t onboarding:test . >/dev/null
echo "container: image onboarding:test ($(docker image inspect onboarding:test --format '{{.Size}}' | awk '{printf "%.0f MB", $1 / 1e6}')) built in $(( $(date +%s) - started )) s"

CLUSTER_IMAGE=onboarding:test npx vitest run --project cluster
