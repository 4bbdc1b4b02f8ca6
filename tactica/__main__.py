"""``python -m tactica`` runs the command line (same as the ``tactica`` command)."""
from tactica.cli import main

raise SystemExit(main())
