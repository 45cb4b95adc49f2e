import sys

from voicemaster.cli import main

sys.exit(main())
