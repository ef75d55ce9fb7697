"""``python -m tagproc``: the ``tagproc`` command, for an environment without its script on the PATH."""

from __future__ import annotations

import sys

from tagproc.cli import main

if __name__ == "__main__":
    sys.exit(main())
