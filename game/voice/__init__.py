"""Voice: text-to-speech announcements, microphone recording, recorded clips, UNO shout detection.

This package imports nothing itself (the speech worker process starts light); import the module
you need:

- ``speaker``   :class:`Speaker`: say / narrate events / stop / repeat last / volume and mute;
                never blocks the frame loop; silent when there is no engine or no output
- ``phrases``   engine events → translated phrases, per narration setting
                (``voicings``: the table the phrase modules register in;
                ``editions``: loads each edition's voice module, game/editions/<name>/
                voice.py, with its events; ``phrases_house``: the house rules';
                ``card_names``: spoken card names)
- ``utterance`` a phrase rendered into TTS text, recorded clips and pauses, plus a caption
- ``synth``     the killable speech worker process (``tts``: the engines and the splicing)
- ``playback``  the mixer channel speech plays on
- ``recorder``  :class:`Recorder`: names, nicknames, house rule from the microphone, level meter
- ``clips``     where recordings are stored (per player, kept between games); splicing
- ``shout``     "shout UNO" calibration and detection from the level meter
- ``audio_env`` PortAudio loading, device lookup and re-scan
- ``notices``   the one notice telling the player what is missing
- ``dsp``       resampling, levels, silence trimming
- ``narrate``   engine events → the table's log lines (text, no speech); ``log_lines``:
                the registry the editions' lines join
"""
