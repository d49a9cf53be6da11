#!/usr/bin/env bash
# For a machine that cannot pull from docker.io but reaches Debian's mirrors: builds a stand-in for
# docker.io/library/node:20-bookworm-slim (the Containerfile's base) from a Debian bookworm minbase,
# this host's Node 20 and npm, and this host's CA bundle (so npm trusts an intercepting proxy), and
# tags it with that name. Needs root, debootstrap and podman (or docker), and Node 20 on the host.
set -euo pipefail

engine="${CONTAINER_ENGINE:-$(command -v podman || command -v docker || true)}"
[ -n "$engine" ] || { echo "base-from-host: neither podman nor docker is installed" >&2; exit 2; }
case "$(node --version)" in v20.*) ;; *) echo "base-from-host: the host's Node is $(node --version), the image's must be 20" >&2; exit 2 ;; esac
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
rootfs="$(mktemp -d)"
trap 'rm -rf "$rootfs"' EXIT

debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian
mkdir -p "$rootfs/usr/local/bin" "$rootfs/usr/local/lib/node_modules" "$rootfs/usr/local/etc" "$rootfs/etc/ssl/certs"
cp "$(readlink -f "$(command -v node)")" "$rootfs/usr/local/bin/node"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
echo "cafile=/etc/ssl/certs/ca-certificates.crt" >"$rootfs/usr/local/etc/npmrc"
# The official image's user, which the Containerfile switches to.
chroot "$rootfs" /usr/sbin/groupadd --gid 1000 node
chroot "$rootfs" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$rootfs"/var/cache/apt/archives/*.deb
tar -C "$rootfs" -c --numeric-owner . | "$engine" import --change 'CMD ["node"]' - docker.io/library/node:20-bookworm-slim
