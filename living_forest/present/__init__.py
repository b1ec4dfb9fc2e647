"""What the app shows, computed without a terminal: the session and what comes next,
the choices and keys, the status line, the inspector, the tutorial, glyphs and the
board's panels as markup strings.

Nothing here imports Textual or Rich (``tests/present/test_hygiene.py`` imports
every module of this package in a fresh interpreter to prove it); ``living_forest.tui``
draws what these modules compute.
"""
