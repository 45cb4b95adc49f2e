"""Whisper (CTranslate2) as VoiceMaster hears with it: the model from its packages, and closed-set
scoring of what may be said. Importing this package loads nothing heavy.

model (join and verify the packaged model), features (log-mel), tokenizer (with the repair of
the packaged tokenizer.json), engine (encoder window, free decode, teacher forcing), phrases
(the request table's sayings as Whisper writes them), clue_reading (clue words off the
transcript), search (prefix cache and bounds), decide (acceptance), thresholds (every tuned
number), short_words (the head on the encoder), ear (`WhisperEar`: the pipeline, the app's `Ear`).
"""
