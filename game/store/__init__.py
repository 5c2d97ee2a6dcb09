"""What the game keeps on disk for the family, and how it keeps it safe.

- ``userfiles``      the data and config folders; safe reads, atomic no-follow writes, a write
                     failure told once, an unreadable file kept aside
- ``settings``       the settings file (``settings.toml``)
- ``saves``          saved matches; ``autosave`` writes them off the frame loop
- ``profiles``       players (id, name, face, statistics); ``profile_store`` is their one
                     checked file; ``stats`` the family statistics built from them
- ``repairs``        one bad value of the settings or profiles reset and told, the file kept aside
- ``instance``       one copy of the game at a time (the lock file)

Nothing here imports pygame.
"""
