#!/usr/bin/env bash
# Install the system packages the game, its tests and its bundle build need (Debian/Ubuntu).
#
#   tools/install-system-deps.sh          (the Makefile runs it; safe to run any number of times)
#
# Idempotent: asks dpkg which packages are missing and runs apt-get only for those. Uses sudo
# when not root. On a system without dpkg/apt-get it prints what to install and exits 0.
set -euo pipefail

# What each one is for:
#   python3-venv python3-dev      the project's virtualenv; headers for any wheel built from source
#   gcc libc6-dev                 compiling the native engine (make native, mypyc) and such wheels
#   espeak-ng libespeak-ng1       speech synthesis (pyttsx3's espeak driver; espeak-ng CLI fallback)
#   libportaudio2                 microphone and speaker (sounddevice)
#   libsndfile1                   WAV clips (soundfile)
#   pulseaudio pulseaudio-utils   private sound server with a virtual mic/speaker for the tests
#   libasound2-plugins            ALSA -> PulseAudio bridge, so PortAudio sees that server
#   xvfb xauth                    virtual X display for window tests (xvfb-run)
#   xdotool imagemagick           driving the window and taking screenshots in end-to-end tests
#   binutils                      objdump/strip for PyInstaller's binary analysis (make dist)
#   desktop-file-utils            desktop-file-validate, to test the Linux menu entry
#   x11-utils                     xprop, to read the window's icon and class in a test
#   matchbox-window-manager       a small window manager: full screen is tested with and without one
PACKAGES=(
    python3-venv python3-dev gcc libc6-dev
    espeak-ng libespeak-ng1
    libportaudio2 libsndfile1
    pulseaudio pulseaudio-utils libasound2-plugins
    xvfb xauth xdotool imagemagick
    binutils desktop-file-utils x11-utils matchbox-window-manager
)

say() { echo "install-system-deps: $*" >&2; }

if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    say "this is not a Debian-like system (no dpkg/apt-get); nothing was installed."
    say "Install the equivalents of these Debian packages with your package manager:"
    say "  ${PACKAGES[*]}"
    say "i.e. Python >= 3.11 with venv and headers, a C compiler, the eSpeak NG library and CLI, PortAudio,"
    say "libsndfile, PulseAudio and its utilities, the ALSA PulseAudio plugin, Xvfb, xauth,"
    say "xdotool, ImageMagick, binutils, desktop-file-utils, x11-utils and a small window manager"
    say "(matchbox, for one test). Continuing."
    exit 0
fi

# Asks dpkg for the one field that matters and compares it whole, with no pipe: a reader that
# stops early (grep -q) would kill dpkg with SIGPIPE, and under pipefail a package that is
# there would then read as missing in about half the runs (libc6-dev's status is 4.6 kB).
# ${db:Status-Abbrev} is "ii " for a package that is installed and configured.
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
    say "all ${#PACKAGES[@]} system packages already installed."
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    say "ERROR: missing system packages: ${missing[*]}"
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
