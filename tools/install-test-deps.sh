#!/usr/bin/env bash
# Install the system packages only the tests need (Debian/Ubuntu): a real browser for the
# phone page's end-to-end tests. `make play` never runs this; `make test` does.
#
#   tools/install-test-deps.sh          (safe to run any number of times)
#
# Idempotent: asks dpkg which packages are missing and runs apt-get only for those. Uses sudo
# when not root. On a system without dpkg/apt-get it prints what to install and exits 0 (the
# browser tests then skip, saying why).
set -euo pipefail

# What each one is for:
#   chromium chromium-driver      headless Chromium and its WebDriver, driven by Selenium in
#                                 tests/phone (given /usr/bin/chromedriver: nothing is downloaded)
#   fonts-dejavu-core             a font for the page's text in the headless browser's screenshots
PACKAGES=(chromium chromium-driver fonts-dejavu-core)

say() { echo "install-test-deps: $*" >&2; }

if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    say "this is not a Debian-like system (no dpkg/apt-get); nothing was installed."
    say "Install Chromium and its WebDriver (chromedriver) with your package manager for the"
    say "phone page's browser tests (Debian names: ${PACKAGES[*]}). Continuing."
    exit 0
fi

# Compares dpkg's status field whole, with no pipe (see tools/install-system-deps.sh for why).
is_installed() {
    local status
    status="$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" || return 1
    [ "$status" = "ii " ]
}

# UNO_DEPS_CHECK_ONLY=1: report what is missing (one name a line on stdout) and change nothing.
if [ -n "${UNO_DEPS_CHECK_ONLY:-}" ]; then
    for pkg in "${PACKAGES[@]}"; do
        is_installed "$pkg" || echo "$pkg"
    done
    exit 0
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
    is_installed "$pkg" || missing+=("$pkg")
done

if [ "${#missing[@]}" -eq 0 ]; then
    say "all ${#PACKAGES[@]} test packages already installed."
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    say "ERROR: missing test packages: ${missing[*]}"
    say "Installing them needs root, and this user is not root and sudo is not available."
    say "Ask an administrator to run (as root):"
    say "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
    exit 1
fi

say "installing: ${missing[*]}"
apt_get=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q
         -o Acquire::Retries=3 -o DPkg::Lock::Timeout=300)
"${apt_get[@]}" update
"${apt_get[@]}" install -y --no-install-recommends "${missing[@]}"

still_missing=()
for pkg in "${missing[@]}"; do
    is_installed "$pkg" || still_missing+=("$pkg")
done
if [ "${#still_missing[@]}" -ne 0 ]; then
    say "ERROR: still missing after apt-get install: ${still_missing[*]}"
    exit 1
fi
say "done."
