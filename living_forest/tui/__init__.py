"""The Textual hot-seat app. Entry point: :func:`living_forest.tui.app.run`."""
