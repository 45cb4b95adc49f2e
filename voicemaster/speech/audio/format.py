"""The pipeline's one audio format, which every source delivers and every ear hears."""

SAMPLE_RATE = 16000
"""Every stage after the audio source works on 16 kHz mono int16."""
