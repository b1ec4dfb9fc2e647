"""Board widgets: they render what the screen pushes into them and post messages up."""
