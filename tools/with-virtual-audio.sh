#!/usr/bin/env bash
# Run a command with a private PulseAudio server that has a virtual speaker and a virtual
# microphone, so the voice tests exercise real capture and playback on machines without a sound
# card (CI, containers).
#
#   tools/with-virtual-audio.sh CMD [ARGS...]
#
# What CMD sees:
#   PULSE_SERVER            unix socket of the private daemon (ALSA's pulse plugin and libpulse
#                           clients such as SDL/pygame.mixer use it)
#   XDG_RUNTIME_DIR         a private runtime dir (the daemon refuses to run as root without one)
#   UNO_VIRTUAL_AUDIO=1     marker the tests look for (tests marked `audio` skip without it)
#   UNO_VA_SPEAKER          null sink used as the default output ("virtual speaker")
#   UNO_VA_SPEAKER_MONITOR  its monitor source: record it to hear what was played
#   UNO_VA_FEED             null sink that feeds the virtual microphone (paplay --device=... x.wav)
#   UNO_VA_MIC              remap source over the feed's monitor; the default input
#   UNO_VA_LOG              the daemon's log file
#
# PortAudio (sounddevice) reaches the daemon through ALSA's pulse plugin (libasound2-plugins):
# its device is named "pulse". The daemon's defaults are the virtual speaker and microphone, so
# the "pulse" device plays to the speaker and records the microphone.
#
# The daemon is stopped and its files removed on every exit path; CMD's exit code is returned.
# Without pulseaudio installed, a warning is printed and CMD runs as is.
set -u

if [ "$#" -eq 0 ]; then
    echo "usage: $0 CMD [ARGS...]" >&2
    exit 2
fi

if ! command -v pulseaudio >/dev/null 2>&1 || ! command -v pactl >/dev/null 2>&1; then
    echo "with-virtual-audio: pulseaudio/pactl not installed; running without virtual audio" \
         "(tests marked 'audio' will be skipped)" >&2
    exec "$@"
fi

va_dir=$(mktemp -d "${TMPDIR:-/tmp}/uno-virtual-audio.XXXXXX")
chmod 700 "$va_dir"
pa_pid=""
keepalive_pids=()

cleanup() {
    for pid in "${keepalive_pids[@]}"; do kill "$pid" 2>/dev/null; done
    if [ -n "$pa_pid" ] && kill -0 "$pa_pid" 2>/dev/null; then
        kill "$pa_pid" 2>/dev/null
        for _ in $(seq 50); do kill -0 "$pa_pid" 2>/dev/null || break; sleep 0.05; done
        kill -9 "$pa_pid" 2>/dev/null
    fi
    rm -rf "$va_dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

export XDG_RUNTIME_DIR="$va_dir/runtime"
mkdir -m 700 -p "$XDG_RUNTIME_DIR" "$va_dir/state"
export PULSE_RUNTIME_PATH="$XDG_RUNTIME_DIR/pulse"
export PULSE_STATE_PATH="$va_dir/state"
export PULSE_SERVER="unix:$PULSE_RUNTIME_PATH/native"
export UNO_VA_LOG="$va_dir/pulseaudio.log"
export UNO_VA_SPEAKER="uno_virtual_speaker"
export UNO_VA_SPEAKER_MONITOR="$UNO_VA_SPEAKER.monitor"
export UNO_VA_FEED="uno_virtual_mic_feed"
export UNO_VA_MIC="uno_virtual_mic"
# A client must never spawn the user's own daemon instead of talking to ours.
export PULSE_CLIENTCONFIG="$va_dir/client.conf"
printf 'autospawn = no\n' >"$PULSE_CLIENTCONFIG"

# -n: no default script, only the modules below. No system bus, no hardware detection.
pulseaudio --daemonize=no --system=false -n --exit-idle-time=-1 --disallow-exit \
    --use-pid-file=no --log-target="file:$UNO_VA_LOG" --log-level=info \
    -L "module-native-protocol-unix socket=$PULSE_RUNTIME_PATH/native auth-anonymous=1" \
    -L "module-null-sink sink_name=$UNO_VA_SPEAKER rate=44100 channels=2" \
    -L "module-null-sink sink_name=$UNO_VA_FEED rate=44100 channels=1" \
    -L "module-remap-source source_name=$UNO_VA_MIC master=$UNO_VA_FEED.monitor channels=1" \
    -L "module-always-sink" \
    >/dev/null 2>&1 &
pa_pid=$!

ready=""
for _ in $(seq 100); do
    if pactl info >/dev/null 2>&1; then ready=1; break; fi
    kill -0 "$pa_pid" 2>/dev/null || break
    sleep 0.05
done
if [ -z "$ready" ]; then
    echo "with-virtual-audio: the private PulseAudio daemon did not start; its log:" >&2
    cat "$UNO_VA_LOG" >&2 2>/dev/null
    exit 1
fi
pactl set-default-sink "$UNO_VA_SPEAKER" >/dev/null
pactl set-default-source "$UNO_VA_MIC" >/dev/null
# An idle null sink sleeps in 2-second blocks, so the first stream a client opens waits up to
# 2 s (PLATFORM.md: "opening a stream costs 0.5-2 s"). A reader on each sink keeps them awake
# in 100 ms blocks, so a stream starts within 100 ms; wait until both readers get data. (At
# 10 ms the daemon and its readers took 3.5 % of a core all the time, per worker: 60 CPU
# seconds of a `make test` on three workers; at 100 ms, 0.7 %, with the audio tests as fast.)
if command -v parecord >/dev/null 2>&1; then
    i=0
    for source in "$UNO_VA_SPEAKER_MONITOR" "$UNO_VA_MIC"; do
        i=$((i + 1))
        mkfifo "$va_dir/keepalive$i"
        parecord --device="$source" --raw --rate=8000 --channels=1 --latency-msec=100 \
            "$va_dir/keepalive$i" >/dev/null 2>&1 &
        keepalive_pids+=($!)
        { head -c 1 >"$va_dir/awake$i"; exec cat >/dev/null; } <"$va_dir/keepalive$i" &
        keepalive_pids+=($!)
    done
    for _ in $(seq 100); do
        [ -s "$va_dir/awake1" ] && [ -s "$va_dir/awake2" ] && break
        sleep 0.05
    done
fi
export UNO_VIRTUAL_AUDIO=1

"$@"
exit $?
