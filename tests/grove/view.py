"""The app side of "grove": how its action, its rock and its calm show. Registered as
the module view "grove" when the app first asks the registry (the entry point
``living_forest.views``: ``grove = tests.grove.view``); no file of the app names it.

Words are English, marked with ``N_`` and shown with ``_()``: a module outside this
project ships its own catalogue, or shows them in English as here.
"""

from __future__ import annotations

from living_forest.core import Action, Event, GameState
from living_forest.i18n import N_, _
from living_forest.present.markup import safe
from living_forest.present.views import (
    ActionView,
    ModuleView,
    PanelView,
    ReportCount,
    RockView,
    register,
)

from .rules import GLADE, GLADE_ROCK, MAX_CALM, NAME, REST, PlayerGrove

CALM = "☾"  # one cell: a player's calm on the panel and the status line
GLYPH = "G"  # the glade on the Circle


def calm(st: GameState, seat: int) -> int | None:
    """The seat's calm, None in a game without grove."""
    g = st.players[seat].ext.get(NAME)
    return g.calm if isinstance(g, PlayerGrove) else None


def _rest_label(st: GameState, a: Action) -> str:
    """The Rest option in the action menu: what it gives now."""
    now = calm(st, st.current) or 0
    return _("Rest: calm {calm} of {most} (+1 Sacred Flower)").format(calm=now + 1, most=MAX_CALM)


def panel(st: GameState, wide: bool) -> str:
    """Every player's calm, the threshold of the house rule (V-2 says 12)."""
    seats = [(p.name, calm(st, i)) for i, p in enumerate(st.players)]
    if any(c is None for _name, c in seats):
        return ""
    line = " · ".join(f"{safe(name)} [b]{CALM}{c}[/]" for name, c in seats)
    need = st.thresholds["flowers"]
    # The ring's key beside the small Circle has room for the base game's four bonuses
    # only: a module explains its own rock on its panel.
    if wide:
        head = _("[b]Grove[/] [dim]calm counts as Sacred Flowers; {threshold} wins[/]")
        glade = _("[dim]{glyph} rock {rock}: a bonus Rest[/]").format(glyph=GLYPH, rock=GLADE_ROCK)
        return f"{head.format(threshold=need)}\n{line}\n{glade}"
    return f"[b]Grove[/] {line} [dim]→{need} {GLYPH}:{_('rest')}[/]"


def status(st: GameState, seat: int, short: bool) -> str:
    c = calm(st, seat)
    if c is None:
        return ""
    return f"{CALM}{c}" if short else _("calm {calm} of {most}").format(calm=c, most=MAX_CALM)


def rests(e: Event) -> str:
    return "rests"


def _rests_label(e: Event) -> str:
    return _("rests taken")


GROVE = register(
    ModuleView(
        NAME,
        (
            ActionView(
                REST,
                "rest",
                "z",  # zzz: the keys of the board leave y and z free
                N_("Rest"),
                word=N_("rest"),
                data_ids=(REST,),
                bonus_name=N_("Rest"),
                label=_rest_label,
                key_step=N_("press {key} to rest."),
            ),
        ),
        rocks=(RockView(GLADE, GLYPH, N_("Glade"), N_("bonus Rest")),),
        panels=(PanelView(NAME, N_("Grove"), N_("Everyone's calm"), panel),),
        status=status,
        counts=(ReportCount("rested", rests, _rests_label),),
    )
)
