import sys

from landsraad.cli import main

sys.exit(main())
