"""Building a game and its edges from the command line: settings, files, deal, speaker,
displays and the threads that feed the app."""
