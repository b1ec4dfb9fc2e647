"""The browser tests are a suite of their own: ``make test-browser`` runs them (it sets
``LIVING_FOREST_BROWSER_TESTS=1`` and installs Chromium when it can). Elsewhere they are
not collected — not skipped: a bare ``pytest`` on a newcomer's machine needs only Python."""

import os

collect_ignore_glob = [] if os.environ.get("LIVING_FOREST_BROWSER_TESTS") == "1" else ["test_*.py"]
