"""VoiceMaster: an offline, hands-free referee for Codenames played at a real table."""

__version__ = "0.1.0"
