"""The board's panels as markup, one module a panel; the widgets of
:mod:`living_forest.tui.widgets.board` draw them.

Pure functions of (state, options), computed from the engine state only: nothing here
changes the state. Markup styles use theme variables only.
"""
