"""Screens of the app: title, new game, the board and its modal dialogs."""
