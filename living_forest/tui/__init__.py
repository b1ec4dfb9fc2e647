"""The Textual hot-seat app (issue 3). Entry point: :func:`living_forest.tui.app.run`."""
