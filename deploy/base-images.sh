#!/usr/bin/env bash
# Makes the base images the Dockerfiles start from, `debian:12` and `debian:12-slim`, from Debian's
# package mirror with debootstrap, for a Docker engine that reaches no image registry (the
# container checks, scripts/test-containers.sh). An image that exists already is kept. Needs root,
# debootstrap and the mirror (SKAT_DEBIAN_MIRROR, default http://deb.debian.org/debian).
#   deploy/base-images.sh            both images, if missing
#   deploy/base-images.sh --force    both images, made anew
set -euo pipefail

mirror="${SKAT_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
force=0
[ "${1:-}" = --force ] && force=1

have() { docker image inspect "$1" >/dev/null 2>&1; }
if [ "$force" = 0 ] && have debian:12 && have debian:12-slim; then
  exit 0
fi
command -v debootstrap >/dev/null || {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q && apt-get install -y -q --no-install-recommends debootstrap
}

work=$(mktemp -d /var/tmp/skat-rootfs.XXXXXX)
trap 'rm -rf "$work"' EXIT
root="$work/root"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}
# The same package sources as Debian's own images: the release, its updates and security updates.
cat >"$root/etc/apt/sources.list" <<SOURCES
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${SKAT_DEBIAN_SECURITY:-http://deb.debian.org/debian-security} bookworm-security main
SOURCES
# As in Debian's own images: apt keeps no downloaded packages and no package caches.
cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'APT'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/cache/apt/*.bin "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | docker import - debian:12 >/dev/null

# The slim variant: no manuals, documentation or translations, now or from packages installed later.
cat >"$root/etc/dpkg/dpkg.cfg.d/slim" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/lintian/*
DPKG
find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
rm -rf "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/* "$root"/usr/share/groff/* \
  "$root"/usr/share/lintian/*
tar -C "$root" -c . | docker import - debian:12-slim >/dev/null
docker image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep '^debian:12'
