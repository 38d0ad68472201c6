"""What ``python -m webapp.terminal`` runs."""

from .cli import main

raise SystemExit(main())
