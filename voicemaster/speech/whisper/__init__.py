"""Whisper (CTranslate2) as VoiceMaster hears with it: the model from its packages, and closed-set
scoring of what may be said. Importing this package loads nothing heavy."""
