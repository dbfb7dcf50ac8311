"""Entry point of the standalone build: the command line, and the window when no command is given."""

import sys

from landsraad.cli import main

if __name__ == "__main__":
    sys.exit(main())
