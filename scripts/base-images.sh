#!/usr/bin/env bash
# Make local stand-ins for the images the Dockerfile and deploy/ start FROM, under the same
# tags, when the Docker engine does not have them (a machine that cannot pull from a
# container registry). A machine that can pull needs none of this: `docker build` fetches
# the real images. The Dockerfile is the same either way.
#
#   debian:bookworm-slim   Debian bookworm, `debootstrap --variant=minbase`, brought in with
#                          `docker import`.
#   rust:1-slim-bookworm   the same root file system with what the official image adds
#                          (gcc, libc6-dev, ca-certificates) and this machine's Rust
#                          toolchain (rustc, cargo, the standard library; no documentation)
#                          where the official image keeps its own: /usr/local/rustup's
#                          toolchain on PATH, CARGO_HOME=/usr/local/cargo.
#
# Usage: scripts/base-images.sh [--force]   (needs root for debootstrap; about 3-5 minutes)
# Environment: DEBIAN_MIRROR (default http://deb.debian.org/debian).
set -euo pipefail
cd "$(dirname "$0")/.."
force=false
[ "${1:-}" = "--force" ] && force=true
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

have() { [ "$force" = false ] && docker image inspect "$1" >/dev/null 2>&1; }
say() { echo "base-images: $*"; }

work=$(mktemp -d /tmp/draughts-base-images.XXXXXX)
trap 'rm -rf "$work"' EXIT

rootfs() {
  # One debootstrap serves both stand-ins; it is made only when one of them is missing.
  if [ ! -d "$work/rootfs" ]; then
    command -v debootstrap >/dev/null || {
      say "installing debootstrap"
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null ||
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
    }
    say "debootstrap --variant=minbase bookworm (from $mirror)"
    debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
      { tail -20 "$work/debootstrap.log" >&2; exit 1; }
    # As Debian's own slim images: no package lists or caches kept, apt's sources in place.
    rm -rf "$work/rootfs/var/lib/apt/lists/"* "$work/rootfs/var/cache/apt/"*.bin
    echo "deb $mirror bookworm main" >"$work/rootfs/etc/apt/sources.list"
    echo "deb $mirror bookworm-updates main" >>"$work/rootfs/etc/apt/sources.list"
  fi
}

if have debian:bookworm-slim; then
  say "debian:bookworm-slim is here"
else
  rootfs
  tar -C "$work/rootfs" --numeric-owner -c . |
    docker import --change 'CMD ["bash"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      - debian:bookworm-slim >/dev/null
  say "made debian:bookworm-slim ($(docker image inspect -f '{{.Size}}' debian:bookworm-slim | awk '{printf "%.0f MiB", $1/1048576}'))"
fi

if have rust:1-slim-bookworm; then
  say "rust:1-slim-bookworm is here"
else
  rootfs
  say "adding gcc, libc6-dev and ca-certificates to a copy of the root file system"
  cp -a "$work/rootfs" "$work/rust"
  mount --bind /proc "$work/rust/proc" 2>/dev/null || true
  cp /etc/resolv.conf "$work/rust/etc/resolv.conf"
  # A network that reaches the registries only through a TLS-inspecting gateway (as ours
  # does) signs crates.io's certificate with its own authority: the build stage's cargo
  # must trust what this machine trusts, as a stand-in made here runs on this network.
  # The official image, on an open network, needs none of it.
  mkdir -p "$work/rust/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$work/rust/usr/local/share/ca-certificates/" 2>/dev/null || true
  chroot "$work/rust" /bin/sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gcc libc6-dev ca-certificates >/dev/null && update-ca-certificates >/dev/null && rm -rf /var/lib/apt/lists/*'
  umount "$work/rust/proc" 2>/dev/null || true
  : >"$work/rust/etc/resolv.conf"
  toolchain=$(rustc --print sysroot)
  version=$(rustc --version | awk '{print $2}')
  say "copying this machine's Rust toolchain ($version, $toolchain)"
  dest="$work/rust/usr/local/rustup/toolchains/$version-x86_64-unknown-linux-gnu"
  mkdir -p "$dest" "$work/rust/usr/local/cargo/bin"
  cp -a "$toolchain/bin" "$toolchain/lib" "$dest/"
  [ -d "$toolchain/libexec" ] && cp -a "$toolchain/libexec" "$dest/"
  for tool in cargo rustc rustdoc; do
    ln -s "../../rustup/toolchains/$version-x86_64-unknown-linux-gnu/bin/$tool" "$work/rust/usr/local/cargo/bin/$tool"
  done
  tar -C "$work/rust" --numeric-owner -c . |
    docker import \
      --change 'ENV RUSTUP_HOME=/usr/local/rustup CARGO_HOME=/usr/local/cargo PATH=/usr/local/cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change "ENV RUST_VERSION=$version" \
      --change 'CMD ["bash"]' \
      - rust:1-slim-bookworm >/dev/null
  say "made rust:1-slim-bookworm ($(docker image inspect -f '{{.Size}}' rust:1-slim-bookworm | awk '{printf "%.0f MiB", $1/1048576}'))"
fi

