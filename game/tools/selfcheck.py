"""``uno --selfcheck``: prove that speech and audio work on this machine, as one JSON object.

It synthesizes an English and a French sentence with pyttsx3 (eSpeak NG) into temporary WAV
files, imports sounddevice (PortAudio) and reports which shared libraries were *actually* loaded
(from ``/proc/self/maps``), whether they came from inside the PyInstaller bundle, and how loud the
speech is. Standard output carries only the JSON; everything the libraries chatter goes to
standard error. It never raises: every failure is reported in the JSON and in the exit code.

Exit status is 0 when both sentences produced non-silent audio and PortAudio loaded, else 1.
With the system's voices (SAPI5 on Windows, NSSpeech on macOS) a language without an installed
voice is only a warning, as long as one language speaks. On Windows and macOS PortAudio is the
copy from the sounddevice wheel (the path sounddevice opened, reported as ``portaudio_library``).
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import sys
import tempfile
import threading
import time
import wave
from array import array
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

__all__ = ["run"]

#: What each language says, and the eSpeak voice asked for (read back after setting).
SENTENCES: dict[str, tuple[str, str]] = {
    "en": ("en", "Uno! Red seven. Your turn, Grandma."),
    "fr": ("fr", "Uno ! Sept rouge. À toi de jouer, Mamie."),
}
#: Peak amplitude (fraction of full scale) above which a WAV counts as speech, not silence.
SILENCE_PEAK = 0.01
#: A hung speech engine must not hang the check.
SPEECH_TIMEOUT_S = 30.0


@contextlib.contextmanager
def _stdout_to_stderr() -> Iterator[None]:
    """Send everything written to stdout (Python *and* C level) to stderr meanwhile.

    pyttsx3 prints "Audio saved to ..." on every save, and C libraries may write to fd 1.
    """
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def _loaded_libraries(prefix: str) -> list[str]:
    """Real paths of the mapped shared objects whose file name starts with ``prefix``."""
    found: list[str] = []
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                fields = line.split(maxsplit=5)
                if len(fields) < 6:
                    continue
                path = fields[5].strip()
                if os.path.basename(path).startswith(prefix):
                    real = os.path.realpath(path)
                    if real not in found:
                        found.append(real)
    except OSError:
        pass  # not Linux: nothing to report
    return found


def _bundle_dir() -> str | None:
    bundle = getattr(sys, "_MEIPASS", None)
    return os.path.realpath(bundle) if getattr(sys, "frozen", False) and bundle else None


def _inside(path: str | None, folder: str | None) -> bool:
    if not path or not folder:
        return False
    return os.path.commonpath([path, folder]) == folder


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _wav_stats(path: Path) -> dict[str, Any]:
    """Frames, rate, duration and peak (0..1) of a 16-bit PCM WAV (or, through libsndfile, of
    whatever else the engine wrote: macOS's speech synthesizer writes AIFF)."""
    try:
        with wave.open(str(path), "rb") as wav:
            frames = wav.getnframes()
            rate = wav.getframerate()
            width = wav.getsampwidth()
            raw = wav.readframes(frames)
    except (wave.Error, EOFError):
        import soundfile

        data, rate = soundfile.read(str(path), dtype="float32", always_2d=True)
        frames = len(data)
        peak = float(abs(data).max()) if frames else 0.0
        return {"frames": frames, "rate": rate, "seconds": round(frames / rate, 3) if rate else 0.0,
                "sample_width": None, "format": soundfile.info(str(path)).format,
                "peak": round(peak, 4)}
    peak = 0.0
    if width == 2 and raw:
        samples = array("h")
        samples.frombytes(raw[: len(raw) - len(raw) % 2])
        if sys.byteorder == "big":
            samples.byteswap()
        peak = max(abs(min(samples)), max(samples)) / 32768.0
    return {
        "frames": frames,
        "rate": rate,
        "seconds": round(frames / rate, 3) if rate else 0.0,
        "sample_width": width,
        "peak": round(peak, 4),
    }


def _synthesize(folder: Path) -> dict[str, Any]:
    """Say each sentence to a WAV with pyttsx3; report voice, stats and timing per language.

    Each language's voice is chosen among the engine's as the game chooses it
    (:func:`game.voice.tts.choose_voice`): eSpeak NG's ``roa/fr``, SAPI5's or NSSpeech's
    French voice, ... A language with no installed voice is marked ``"no_voice"``.
    """
    if sys.platform == "win32":  # SAPI5 is COM: this thread needs COM before the engine
        with contextlib.suppress(Exception):
            import pythoncom  # type: ignore[import-not-found]  # pywin32, with pyttsx3

            pythoncom.CoInitialize()
    import pyttsx3

    from game.voice.tts import choose_voice

    result: dict[str, Any] = {}
    started = time.perf_counter()
    engine = pyttsx3.init()
    result["init_seconds"] = round(time.perf_counter() - started, 3)
    result["driver"] = getattr(engine, "driver_name", None)
    default = str(engine.getProperty("voice") or "")
    available = [(str(v.id), list(v.languages or ()), str(v.name or ""))
                 for v in engine.getProperty("voices")]
    result["voices_installed"] = len(available)
    for lang, (_tag, text) in SENTENCES.items():
        voice = choose_voice(available, lang, default=default)
        entry: dict[str, Any] = {"text": text, "voice_requested": voice}
        result[lang] = entry
        if voice is None:
            entry["no_voice"] = True
            entry["error"] = f"no {lang!r} voice installed for {result['driver']}"
            continue
        try:
            engine.setProperty("voice", voice)
            entry["voice"] = engine.getProperty("voice")  # unknown ids are silently ignored
            wav_path = folder / f"selfcheck-{lang}.wav"
            for attempt in (1, 2):  # an empty WAV has been seen, rarely: retry once
                started = time.perf_counter()
                engine.save_to_file(text, str(wav_path))
                engine.runAndWait()
                entry["synth_seconds"] = round(time.perf_counter() - started, 3)
                entry["attempts"] = attempt
                if wav_path.exists() and wav_path.stat().st_size > 44:
                    break
            if not wav_path.exists():
                raise FileNotFoundError(f"pyttsx3 wrote no file: {wav_path}")
            entry.update(_wav_stats(wav_path))
        except Exception as exc:
            entry["error"] = _describe(exc)
    return result


def _with_timeout(func: Callable[[], dict[str, Any]], seconds: float) -> dict[str, Any]:
    """Run ``func`` in a daemon thread; a hang becomes an error instead of a hung check."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = func()
        except BaseException as exc:
            box["error"] = _describe(exc)

    worker = threading.Thread(target=target, name="selfcheck-speech", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        return {"error": f"speech synthesis did not finish within {seconds:.0f} s"}
    if "error" in box:
        return {"error": box["error"]}
    value: dict[str, Any] = box["value"]
    return value


def _check_portaudio() -> dict[str, Any]:
    info: dict[str, Any] = {}
    try:
        import sounddevice

        info["version"] = sounddevice.get_portaudio_version()[1]
        requested = getattr(sounddevice, "_libname", None)
        info["requested_library"] = requested
        if requested and os.path.isabs(requested) and os.path.isfile(requested):
            info["library_path"] = os.path.realpath(requested)  # the wheel's copy (Win, macOS)
        try:
            info["devices"] = len(sounddevice.query_devices())
        except Exception as exc:  # PortAudioError: loaded, but no usable device
            info["devices"] = 0
            info["device_error"] = _describe(exc)
    except Exception as exc:  # OSError "PortAudio library not found", ImportError ...
        info["error"] = _describe(exc)
    return info


def _resources() -> dict[str, Any]:
    try:
        from game.resources import resource_root

        root = resource_root()
        return {
            "root": str(root),
            "assets": (root / "assets").is_dir(),
            "catalogues": sorted(
                str(p.relative_to(root)) for p in (root / "locale").glob("*/LC_MESSAGES/*.mo")
            ),
        }
    except Exception as exc:
        return {"error": _describe(exc)}


def _check_phone_server() -> dict[str, Any]:
    """The phone page's server (issue 33): started on loopback, its page fetched, stopped.
    Proves that aiohttp, the page and its assets are in this build."""
    try:
        import urllib.request

        from game.phone import PhoneHub

        hub = PhoneHub()
        hub.start("127.0.0.1")
        try:
            address = f"127.0.0.1:{hub.port}"
            with urllib.request.urlopen(f"http://{address}/", timeout=10) as reply:
                page = reply.read().decode("utf-8", "replace")
                status = reply.status
                policy = reply.headers.get("Content-Security-Policy", "")
        finally:
            hub.stop()
        return {"status": status, "page_bytes": len(page), "csp": bool(policy),
                "page_ok": status == 200 and "phone.js" in page}
    except Exception as exc:
        return {"error": _describe(exc)}


def collect() -> dict[str, Any]:
    """Run every check and return the report (``ok`` says whether all essentials passed)."""
    bundle = _bundle_dir()
    report: dict[str, Any] = {
        "frozen": bool(getattr(sys, "frozen", False)),
        "bundle_dir": bundle,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "espeak_data_path": os.environ.get("ESPEAK_DATA_PATH"),
    }
    # The redirection is undone here, in the caller's thread, even if the speech worker hangs.
    with _stdout_to_stderr(), tempfile.TemporaryDirectory(prefix="uno-selfcheck-") as tmp:
        speech = _with_timeout(lambda: _synthesize(Path(tmp)), SPEECH_TIMEOUT_S)
        portaudio = _check_portaudio()

    espeak_libs = _loaded_libraries("libespeak-ng.so")
    portaudio_libs = _loaded_libraries("libportaudio.so")
    report["espeak_library"] = espeak_libs[0] if espeak_libs else None
    report["espeak_in_bundle"] = _inside(report["espeak_library"], bundle)
    # /proc/self/maps says what was really loaded (Linux); elsewhere the path sounddevice opened.
    report["portaudio_library"] = (portaudio_libs[0] if portaudio_libs
                                   else portaudio.get("library_path"))
    report["portaudio_in_bundle"] = _inside(report["portaudio_library"], bundle)
    if len(espeak_libs) > 1 or len(portaudio_libs) > 1:
        report["duplicate_libraries"] = espeak_libs[1:] + portaudio_libs[1:]
    report["portaudio"] = portaudio
    report["audio_devices"] = portaudio.get("devices")
    report["speech"] = speech
    report["voices"] = {lang: speech.get(lang, {}).get("voice") for lang in SENTENCES}
    report["resources"] = _resources()
    report["phone_server"] = _check_phone_server()

    problems: list[str] = []
    warnings: list[str] = []
    # eSpeak NG (Linux) brings both languages with the game; SAPI5 and NSSpeech voices are the
    # computer's own, and a missing one there (no French voice on an English Windows) is a
    # warning: the game then reads that language with another voice.
    system_voices = speech.get("driver") in ("sapi5", "nsss", "avspeech")
    if "error" in speech:
        problems.append(f"speech: {speech['error']}")
    for lang in SENTENCES:
        entry = speech.get(lang)
        if entry is None:
            problems.append(f"speech {lang}: not attempted")
        elif entry.get("no_voice") and system_voices:
            warnings.append(f"speech {lang}: {entry['error']}")
        elif "error" in entry:
            problems.append(f"speech {lang}: {entry['error']}")
        elif not entry.get("frames") or entry.get("peak", 0.0) <= SILENCE_PEAK:
            problems.append(f"speech {lang}: silent or empty WAV")
    if "error" not in speech and all(speech.get(lang, {}).get("no_voice") for lang in SENTENCES):
        problems.append("speech: no voice for any of the game's languages")
    if "error" in portaudio or report["portaudio_library"] is None:
        problems.append(f"portaudio: {portaudio.get('error', 'library not loaded')}")
    phone = report["phone_server"]
    if not phone.get("page_ok"):
        problems.append(f"phone server: {phone.get('error', 'the page was not served')}")
    report["problems"] = problems
    report["warnings"] = warnings
    report["ok"] = not problems
    return report


def run() -> int:
    """Print the JSON report on stdout; return the process exit status (0 = all good)."""
    try:
        report = collect()
    except Exception as exc:  # never crash: even a bug here becomes a report
        report = {"ok": False, "problems": [f"selfcheck crashed: {_describe(exc)}"]}
    print(json.dumps(report, indent=2, ensure_ascii=False, default=str), flush=True)
    return 0 if report.get("ok") else 1


if __name__ == "__main__":
    raise SystemExit(run())
