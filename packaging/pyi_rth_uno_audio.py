"""PyInstaller runtime hook: make speech and audio use the copies inside the bundle.

Runs in the frozen executable before the game's code:

* eSpeak NG reads its data from ``$ESPEAK_DATA_PATH/espeak-ng-data``; point it at the bundle's
  trimmed copy (the bundled ``libespeak-ng.so.1`` would otherwise look for the build machine's
  ``/usr/lib/<arch>/espeak-ng-data``). The bundled library is also loaded here, by its full path,
  so pyttsx3's later ``LoadLibrary("libespeak-ng.so.1")`` gets this copy and never the system's.
* sounddevice finds PortAudio with ``ctypes.util.find_library("portaudio")``, which never looks
  in the bundle; answer that one question with the bundled ``libportaudio.so.2``.

Child processes inherit ``ESPEAK_DATA_PATH``; the original value, if any, is kept in
``UNO_ORIG_ESPEAK_DATA_PATH`` for code that starts a system ``espeak-ng``.
"""

import ctypes
import ctypes.util
import os
import sys


def _install() -> None:
    bundle = getattr(sys, "_MEIPASS", None)
    if not bundle:
        return

    if os.path.isdir(os.path.join(bundle, "espeak-ng-data")):
        if "ESPEAK_DATA_PATH" in os.environ:
            os.environ.setdefault("UNO_ORIG_ESPEAK_DATA_PATH", os.environ["ESPEAK_DATA_PATH"])
        os.environ["ESPEAK_DATA_PATH"] = bundle
    espeak = os.path.join(bundle, "libespeak-ng.so.1")
    if os.path.isfile(espeak):
        try:
            ctypes.CDLL(espeak)
        except OSError as exc:  # reported later by the speech fallback / --selfcheck
            print(f"uno: cannot load the bundled eSpeak NG: {exc}", file=sys.stderr)

    portaudio = os.path.join(bundle, "libportaudio.so.2")
    if os.path.isfile(portaudio):
        system_find_library = ctypes.util.find_library

        def find_library(name: str) -> "str | None":
            if name == "portaudio":
                return portaudio
            return system_find_library(name)

        ctypes.util.find_library = find_library


_install()
