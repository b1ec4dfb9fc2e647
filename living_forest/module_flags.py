"""A flag per installed rules module on a command line: ``--NAME`` is ``--modules NAME``
(``simulate --NAME``). The flags come from the modules' entry points, read without
importing the game (``--help`` stays light), so a newly installed module gets one too.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from importlib.metadata import entry_points

from .i18n import _

# core.modules.GROUP, named again here so that a command line need not import the core
# to build its parser (a test checks the two agree).
GROUP = "living_forest.modules"
DEST = "module_flags"


def add_module_flags(parser: argparse.ArgumentParser) -> None:
    """``--NAME`` for each installed module whose name no option of ``parser`` has."""
    parser.set_defaults(**{DEST: []})
    for name in installed_names():
        try:
            parser.add_argument(
                f"--{name}",
                action="append_const",
                const=name,
                dest=DEST,
                # i18n: a command-line flag per installed rules module; {name}: its name
                help=_("play with the rules module {name} (= --modules {name})").format(name=name),
            )
        except argparse.ArgumentError:
            continue  # an option of the command has that name: --modules NAME still works


def installed_names() -> list[str]:
    """The names of the installed rules modules, sorted."""
    return sorted({ep.name for ep in entry_points(group=GROUP)})


def flagged_modules(args: argparse.Namespace) -> Iterable[str]:
    """The modules named by their flags on the command line."""
    return tuple(getattr(args, DEST, None) or ())
