#!/usr/bin/env bash
# .ci/deps.sh - make sure the Debian packages the test matrix needs are installed
# (`make test-all` runs it first). Missing packages are installed with apt-get
# when run as root; otherwise the script names them and exits 2. DEPS=no skips it.
set -euo pipefail

packages=(make gcc g++ pkg-config libxxhash-dev clang libclang-rt-14-dev libomp-dev gcc-aarch64-linux-gnu
          g++-aarch64-linux-gnu qemu-user mingw-w64 wine64 valgrind cmake python3 python3-numpy python3-venv
          libmpfr-dev)

if [ "${DEPS:-yes}" = no ]; then exit 0; fi
if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "deps: not a Debian system (no dpkg-query): install by hand the equivalents of: ${packages[*]}" >&2
    echo "deps: then run DEPS=no make test-all" >&2
    exit 2
fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "deps: the test matrix needs these Debian packages, which are not installed: ${missing[*]}" >&2
    echo "deps: run make test-all as root (it installs them), or: sudo apt-get install ${missing[*]}" >&2
    exit 2
fi
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
