"""What a position means for each player, as numbers a learned evaluation weighs.

Every feature reads only what all seats know (counts, Forests, Help Lines, the Circle,
the reserve, the dispensers) or what the seat knows as a multiset (each deck's cards,
G-9: a deck's composition is public even where its order is not), so the value of a
determinized position is the value of the Observation it came from.

Per player, in :data:`BASE_NAMES` order:

- the race (V-2, V-3): each count over its threshold, and its cube (a count close to
  the threshold is worth more than its share); ``met`` (a condition met now, with this
  round's Help Line: the game ends at V-1 unless someone changes it) and ``met_total``;
- the deck's flow: how many cards a round the deck reveals before a sensible stop
  (:func:`flow`: drawing to a net solitary count of 2, G-5), hence the expected
  strength a round of each Element (deck and Forest, A-5), capped where more buys
  nothing; the Varans Onibi deals at this round's end (E-1) are in the deck already;
- Onibi's next attack (its Varans against the expected water, E-1, E-2), the fires the
  expected water takes next round, the new tree kinds the expected plant buys;
- Victory tiles (A-42): those opponents can take this round and next, those the player
  can take;
- the best race whichever it is (V-2: any condition ends the game), and its cube: a
  fit learned from games won mostly on fires still sees a tree or flower race coming;
- the total of the three counts as the end draws near (V-4: when two players meet a
  condition at the same check, the greater total wins).

A rules module adds its own features through ``RulesBuilder.add_features``; they
follow the base ones (:func:`feature_names`).

A planner values many positions that differ in one player and in what that player's
turn changed on the table. Two memos keep that cheap: each player's own facts
(:class:`Own`, by the player's content, with a module's features that read the player
alone), and the part of each row that reads only the player and the table
(:class:`Part`). The rest of a row (Fragments, the steal threats, how near the end is,
a module's features that read more than the player) is read from the position every
time."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from living_forest.core import Counts, GameState, Rules, counts, raw_strengths, rules_of
from living_forest.core.data import FLOWER, PLANT, SUN, WATER, WIND
from living_forest.core.memo import FLOAT_BYTES, INT_BYTES, BoundedCache, tuple_bytes
from living_forest.core.state import PHASE_ACTION

CONDITIONS = ("trees", "fires", "flowers")
STOP_AT = 2  # the flow model draws while the net solitary count is below this (G-5)
# Strength a round beyond which more buys nothing in practice (the dearest card a
# level-3 row shows, the dearest tree, most fires one can take, a lap of the Circle).
CAPS = {SUN: 13.0, WATER: 10.0, PLANT: 11.0, WIND: 8.0}

BASE_NAMES: tuple[str, ...] = (
    "trees",
    "fires",
    "flowers",
    "trees3",
    "fires3",
    "flowers3",
    "met",
    "met_total",
    "cards_round",
    "sun_round",
    "water_round",
    "plant_round",
    "wind_round",
    "flower_round",
    "varans",
    "fragments",
    "onibi_next",
    "fires_next",
    "new_trees",
    "robbed_now",
    "steal_now",
    "exposed",
    "reach",
    "fires_now",
    "plant_now",
    "eta",
    "engine_left",
    "reach_now",
    "reach_next",
    "best",
    "best3",
    "total_late",
)


def feature_names(r: Rules) -> tuple[str, ...]:
    """The base features, then each rules module's (``Rules.features``)."""
    names = list(BASE_NAMES)
    for fs in r.features:
        names.extend(fs.names)
    return tuple(names)


# --- the deck's flow ----------------------------------------------------------------


@lru_cache(maxsize=16_384)  # the flow's whole domain in play is about 6,000
def flow(s: int, g: int, o: int, d: int = 0) -> tuple[float, float, float]:
    """Expected solitary, gregarious and other cards revealed from a shuffled deck of
    ``s`` solitary, ``g`` gregarious and ``o`` other cards, drawing one at a time while
    the net count (solitary minus gregarious so far, ``d``; G-4) is below
    :data:`STOP_AT` and a card is left."""
    n = s + g + o
    if d >= STOP_AT or n == 0:
        return (0.0, 0.0, 0.0)
    es = eg = eo = 0.0
    if s:
        a, b, c = flow(s - 1, g, o, d + 1)
        es += s * (1 + a)
        eg += s * b
        eo += s * c
    if g:
        a, b, c = flow(s, g - 1, o, d - 1)
        es += g * a
        eg += g * (1 + b)
        eo += g * c
    if o:
        a, b, c = flow(s, g, o - 1, d)
        es += o * a
        eg += o * b
        eo += o * (1 + c)
    return (es / n, eg / n, eo / n)


@cache
def _card_rows(r: Rules) -> dict[str, tuple[int, tuple[int, int, int, int, int]]]:
    """Each card's symbol class (0 solitary, 1 gregarious, 2 other) and Elements, with
    the Fire Varan's Elements left out (it is counted apart)."""
    out = {}
    for cid, c in r.data.cards.items():
        kind = 0 if c.symbol > 0 else 1 if c.symbol < 0 else 2
        out[cid] = (kind, c.elements)
    return out


class Own(NamedTuple):
    """What a player's features read of the player alone (remembered per content)."""

    counts: Counts
    strengths: tuple[int, ...]  # A-5, unclamped
    # the strengths without the Help Line's cards and this round's bonuses (K-E3): what
    # every round gives
    lasting: tuple[int, ...]
    classes: tuple[int, int, int]  # solitary, gregarious, other cards in the deck
    sums: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # Elements per class
    varans: int
    forest: tuple[str | None, ...]
    # Each rules module's features (``Rules.features``) where they read the player
    # alone (``FeatureSet.player_only``); None where they read the position.
    modules: tuple[tuple[float, ...] | None, ...]
    serial: int  # this record's number, unique in the process (the parts memo's key)


OWN_CACHE_BYTES = 2 << 20  # what the Own memo of one Rules may hold (core/memo.py)
_serials = itertools.count()


def _own_bytes(key: tuple[object, ...], own: Own) -> int:
    """What a remembered :class:`Own` holds of its own: the key, the record and its
    tuples (their small ints are shared; a module's numbers are floats of their own),
    its serial number."""
    n = tuple_bytes(key, own, own.sums, *own[:4], *own.sums, own.forest, own.modules)
    n += INT_BYTES
    for m in own.modules:
        if m is not None:
            n += tuple_bytes(m) + FLOAT_BYTES * len(m)
    return n


def _own(r: Rules, st: GameState, seat: int, cache: BoundedCache[tuple[object, ...], Own]) -> Own:
    p = st.players[seat]
    key = (
        *p.draw,
        None,
        *p.discard,
        None,
        *p.help_line,
        None,
        *p.forest,
        None,
        *p.victory_tiles,
        len(p.fires),
        *p.ext.values(),
    )
    own = cache.get(key)
    if own is not None:
        return own
    rows = _card_rows(r)
    varan = r.data.varan_id
    n = [0, 0, 0]
    sums = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    varans = 0
    for pile in (p.draw, p.discard, p.help_line):
        for cid in pile:
            k, e = rows[cid]
            n[k] += 1
            if cid == varan:
                varans += 1
                continue
            acc = sums[k]
            acc[0] += e[0]
            acc[1] += e[1]
            acc[2] += e[2]
            acc[3] += e[3]
            acc[4] += e[4]
    s = raw_strengths(r, p)
    lasting = list(s)
    for cid in p.help_line:
        e = rows[cid][1]
        for k in range(5):
            lasting[k] -= e[k]
    # A bonus that expires at the round's end (K-E3) is no strength of the rounds to
    # come: counted there, spending an Element tile for nothing looked like a gain.
    for c in r.this_round_contributors:
        bonus = [0, 0, 0, 0, 0]
        c.add(r, p, bonus)
        for k in range(5):
            lasting[k] -= bonus[k]
    own = Own(
        counts(r, p),
        tuple(s),
        tuple(lasting),
        (n[0], n[1], n[2]),
        (tuple(sums[0]), tuple(sums[1]), tuple(sums[2])),
        varans,
        tuple(p.forest),
        tuple(tuple(fs.compute(r, st, seat)) if fs.player_only else None for fs in r.features),
        next(_serials),
    )
    return cache.put(key, own)


@cache
def _own_cache(r: Rules) -> BoundedCache[tuple[object, ...], Own]:
    return BoundedCache(OWN_CACHE_BYTES, _own_bytes)


def deck_round(own: Own, extra_varans: int = 0) -> tuple[float, list[float]]:
    """The cards a round the player's whole deck (draw, discard and Help Line) reveals,
    with ``extra_varans`` more Fire Varans (solitary, no Elements: X-14), and the
    Elements they bring."""
    ns, ng, no = own.classes
    ns += extra_varans
    es, eg, eo = flow(ns, ng, no)
    a = es / ns if ns else 0.0
    b = eg / ng if ng else 0.0
    c = eo / no if no else 0.0
    s0, s1, s2 = own.sums
    return es + eg + eo, [a * s0[k] + b * s1[k] + c * s2[k] for k in range(5)]


# --- the Circle ---------------------------------------------------------------------


@lru_cache(maxsize=8192)
def jump_distance(occupied: tuple[bool, ...], start: int, target: int) -> int:
    """The fewest free rocks a Spirit on ``start`` must move to jump the Spirit on
    ``target`` (A-41: occupied rocks are not counted; it stops on the first free rock
    past the target)."""
    rocks = len(occupied)
    d = 0
    pos = start
    while True:
        pos = (pos + 1) % rocks
        if pos == target:
            break
        if not occupied[pos]:
            d += 1
    while True:
        pos = (pos + 1) % rocks
        if pos == start or not occupied[pos]:
            return d + 1


@lru_cache(maxsize=1024)
def _in_dispensers(r: Rules, left: tuple[tuple[str, int], ...]) -> tuple[tuple[int, str], ...]:
    """The tree kinds left in the dispensers, cheapest first (cost, label)."""
    trees = r.data.trees
    return tuple(sorted((trees[label].cost, label) for label, n in left if n > 0))


def _centre_next(r: Rules, st: GameState) -> list[int]:
    """The centre after this round's E-2 as it stands (the cards taken so far)."""
    d = r.data
    centre = list(st.centre)
    wanted: list[int] = []
    for level, count in enumerate(st.taken):
        wanted.extend([d.fire_value_per_level[level]] * count)
    wanted.sort()
    for v in wanted:
        if len(centre) >= d.fire_capacity:
            break
        if st.fire_supply[str(v)] > 0:
            centre.append(v)
    if not centre:
        centre.append(d.fire_values[0])
    return centre


def _logistic(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _to_act(st: GameState) -> list[bool]:
    """Seats that still play a turn this round (the player to act counts as done: the
    evaluation values the position at the end of their turn)."""
    n = st.n
    out = [False] * n
    if st.phase == PHASE_ACTION:
        for k in range(st.turns_done + 1, n):
            out[(st.first + k) % n] = True
    elif st.phase != "over":
        out = [True] * n
    return out


class Table(NamedTuple):
    """What a position shows of the whole table that :func:`_part` reads."""

    tiles_now: int  # Fire tiles in the centre
    power: int  # their total value (Onibi's attack, E-1)
    nxt: tuple[int, ...]  # next round's centre, sorted (:func:`_centre_next`)
    power_next: int
    cheapest_new: tuple[tuple[int, str], ...]  # the tree kinds left, cheapest first
    thresholds: tuple[int, int, int]  # trees, fires, flowers (V-2)
    centre_now: tuple[int, ...]  # the centre now, sorted


class Part(NamedTuple):
    """A player's features in a position that read only the player and what the
    position shows of the whole table (:func:`_part`), with what the rest of the row is
    made of."""

    row: tuple[float, ...]  # the base row, 0 at the indices below (all_features fills them)
    engine: float  # the strength a round, 0 to 1 (``engine_left`` before the time left)
    total: float  # the three counts' total over the thresholds' (``total_late``'s)
    wind: float  # the wind a round, 0 to 20 (the steal threats)


PARTS_CACHE_BYTES = 1 << 20  # what the parts memo of one Rules may hold
# Indices of the base row's numbers that read more than the player and the table.
FRAGMENTS, ROBBED_NOW, STEAL_NOW, EXPOSED, REACH, ENGINE_LEFT, TOTAL_LATE = (
    BASE_NAMES.index(n)
    for n in (
        "fragments",
        "robbed_now",
        "steal_now",
        "exposed",
        "reach",
        "engine_left",
        "total_late",
    )
)


def _part_bytes(key: tuple[int, int, bool], part: Part) -> int:
    """What a remembered :class:`Part` holds of its own: the key and its two numbers,
    the record, its row and their floats (counted as if none were shared: an upper
    bound)."""
    return tuple_bytes(key, part, part.row) + 2 * INT_BYTES + FLOAT_BYTES * (len(part.row) + 3)


@cache
def _parts_cache(r: Rules) -> BoundedCache[tuple[int, int, bool], Part]:
    return BoundedCache(PARTS_CACHE_BYTES, _part_bytes)


def _table_bytes(table: Table, number: int) -> int:
    """What a remembered table holds of its own (its dispensers' list is shared)."""
    return tuple_bytes(table, table.nxt, table.thresholds, table.centre_now) + 2 * INT_BYTES


TABLES_CACHE_BYTES = 256 << 10  # what the tables memo of one Rules may hold (~700 tables)


@cache
def _tables(r: Rules) -> BoundedCache[Table, int]:
    """Each table (:func:`_part`'s ``table``) seen lately, by a number of its own (never
    given again: a part remembered for a table forgotten is never read again)."""
    return BoundedCache(TABLES_CACHE_BYTES, _table_bytes)


_table_numbers = itertools.count()


def _fires_taken(water: float, values: tuple[int, ...]) -> int:
    """How many of the Fire tiles ``values`` (sorted) a water strength takes, smallest
    first (A-30)."""
    took = 0
    for v in values:
        if v > water:
            break
        water -= v
        took += 1
    return took


def _new_kinds(
    plant: float, cheapest_new: tuple[tuple[int, str], ...], forest: Sequence[str | None]
) -> int:
    """How many tree kinds left in the dispensers (cheapest first) and not in
    ``forest`` cost no more than ``plant``."""
    new = 0
    for cost, label in cheapest_new:
        if cost > plant:
            break
        if label not in forest:
            new += 1
    return new


def _part(own: Own, to_act: bool, table: Table) -> Part:
    """The part of a player's row that reads only ``own``, whether the player still
    plays this round (``to_act``), and ``table``."""
    tiles_now, power, nxt, power_next, cheapest_new, thresholds, centre_now = table
    t_trees, t_fires, t_flowers = thresholds
    t_sum = t_trees + t_fires + t_flowers
    c = own.counts
    water = own.strengths[WATER]
    incoming = tiles_now if tiles_now and water < power else 0
    cards, e = deck_round(own, incoming)  # E-1 at this round's end
    lasting = own.lasting
    for k in range(5):
        e[k] += lasting[k]
    perm_flowers = c.flowers - (own.strengths[FLOWER] - own.lasting[FLOWER])
    x_t, x_f, x_w = c.trees / t_trees, c.fires / t_fires, perm_flowers / t_flowers
    best = max(x_t, x_f, x_w)
    met = c.trees >= t_trees or c.fires >= t_fires or c.flowers >= t_flowers
    sun = e[SUN] if e[SUN] > 0 else 0.0
    water_r = e[WATER] if e[WATER] > 0 else 0.0
    plant = e[PLANT] if e[PLANT] > 0 else 0.0
    wind = min(max(0.0, e[WIND]), 20.0)
    flower_r = e[FLOWER] - own.lasting[FLOWER]
    # Onibi next round: his Varans against the water a round (E-1).
    onibi = len(nxt) * _logistic((power_next - water_r - 0.5) / 1.5)
    # Fires the water a round takes next round (smallest first, A-30).
    took = _fires_taken(water_r, nxt)
    # New tree kinds the plant a round buys, up to what the race still needs.
    forest = own.forest
    new = _new_kinds(plant, cheapest_new, forest)
    gap = t_trees - c.trees if c.trees < t_trees else 0
    # Rounds to a threshold at the pace a round's strength allows: a new tree a
    # round while one is affordable, the fires a round's water takes, the flowers
    # a Help Line shows on top of the lasting ones.
    new_cost = next((cost for cost, label in cheapest_new if label not in forest), 99)
    r_trees = gap / (1.0 if plant >= new_cost else 0.25)
    gap_f = t_fires - c.fires
    r_fires = gap_f / max(0.2, min(3.0, water_r / 2.7)) if gap_f > 0 else 0.0
    gap_w = t_flowers - perm_flowers - flower_r
    r_flowers = gap_w / 0.3 if gap_w > 0 else 0.0
    eta = 1.0 / (1.0 + min(r_trees, r_fires, r_flowers))
    engine = (
        min(sun, CAPS[SUN]) / CAPS[SUN]
        + min(water_r, CAPS[WATER]) / CAPS[WATER]
        + min(plant, CAPS[PLANT]) / CAPS[PLANT]
        + min(wind, CAPS[WIND]) / CAPS[WIND]
    ) / 4
    # Still to play this round: the fires the Help Line's water takes from the
    # centre now, and whether its plant buys a new kind now.
    fires_now = plant_now = 0.0
    if to_act:
        fires_now = _fires_taken(own.strengths[WATER], centre_now)
        plant_now = 1.0 if _new_kinds(own.strengths[PLANT], cheapest_new, forest) else 0.0
    # A threshold within reach: this round (still to play, with the Help Line's
    # water and plant), or next round (with a round's).
    reach_now = 0.0
    if to_act and (
        c.fires + fires_now >= t_fires or c.trees + plant_now >= t_trees or c.flowers >= t_flowers
    ):
        reach_now = 1.0
    reach_next = 0.0
    if (
        c.fires + took >= t_fires
        or c.trees + (1 if new else 0) >= t_trees
        or perm_flowers + flower_r >= t_flowers
    ):
        reach_next = 1.0
    row = (
        x_t,
        x_f,
        x_w,
        x_t * x_t * x_t,
        x_f * x_f * x_f,
        x_w * x_w * x_w,
        1.0 if met else 0.0,
        c.total / t_sum if met else 0.0,
        cards / 10,
        (sun if sun < CAPS[SUN] else CAPS[SUN]) / CAPS[SUN],
        (water_r if water_r < CAPS[WATER] else CAPS[WATER]) / CAPS[WATER],
        (plant if plant < CAPS[PLANT] else CAPS[PLANT]) / CAPS[PLANT],
        (wind if wind < CAPS[WIND] else CAPS[WIND]) / CAPS[WIND],
        flower_r / t_flowers,
        (own.varans + incoming) / 4,
        0.0,  # fragments
        onibi / 4,
        took / 4,
        min(new, gap) / 4,
        0.0,  # robbed_now
        0.0,  # steal_now
        0.0,  # exposed
        0.0,  # reach
        fires_now / 4,
        plant_now,
        eta,
        0.0,  # engine_left
        reach_now,
        reach_next,
        best,
        best * best * best,
        0.0,  # total_late
    )
    return Part(row, engine, c.total / t_sum, wind)


def all_features(st: GameState) -> list[list[float]]:
    """Every player's features (seat order), base then the modules'."""
    r = rules_of(st)
    d = r.data
    thresholds = st.thresholds
    t_trees, t_fires, t_flowers = thresholds["trees"], thresholds["fires"], thresholds["flowers"]
    power = sum(st.centre)
    tiles_now = len(st.centre)
    nxt = _centre_next(r, st)
    nxt.sort()
    to_act = _to_act(st)
    n = st.n
    occupied = [False] * d.rock_count
    for find in r.occupied_rocks:
        for rock in find(r, st):
            occupied[rock] = True
    for q in st.players:
        occupied[q.rock] = True
    rocks = tuple(occupied)
    cache = _own_cache(r)
    owns = [_own(r, st, i, cache) for i in range(n)]
    # How far the leader is: the game ends about when someone reaches a threshold.
    lead = 0.0
    for own in owns:
        c = own.counts
        lead = max(lead, c.trees / t_trees, c.fires / t_fires, c.flowers / t_flowers)
    time_left = 1.0 - lead if lead < 1.0 else 0.0
    table = Table(
        tiles_now,
        power,
        tuple(nxt),
        sum(nxt),
        _in_dispensers(r, tuple(st.dispensers.items())),
        (t_trees, t_fires, t_flowers),
        tuple(sorted(st.centre)),
    )
    tables = _tables(r)
    number = tables.get(table)
    if number is None:
        number = tables.put(table, next(_table_numbers))
    memo = _parts_cache(r)
    parts: list[Part] = []
    for i, own in enumerate(owns):
        key = (own.serial, number, to_act[i])
        part = memo.get(key)
        if part is None:
            part = memo.put(key, _part(own, to_act[i], table))
        parts.append(part)
    out: list[list[float]] = []
    for i, p in enumerate(st.players):
        own = owns[i]
        part = parts[i]
        wind = part.wind
        tiles = len(p.victory_tiles)
        robbed = steal = exposed = reach = 0.0
        for j, q in enumerate(st.players):
            if j == i:
                continue
            if tiles:
                d_in = jump_distance(rocks, q.rock, p.rock)  # q jumping p
                if to_act[j] and owns[j].strengths[WIND] >= d_in:
                    robbed += 1
                exposed += _logistic(parts[j].wind - d_in + 0.5)
            if q.victory_tiles:
                d_out = jump_distance(rocks, p.rock, q.rock)  # p jumping q
                if to_act[i] and own.strengths[WIND] >= d_out:
                    steal += 1
                reach += _logistic(wind - d_out + 0.5)
        row = list(part.row)
        row[FRAGMENTS] = min(p.fragments, 5) / 5
        row[ROBBED_NOW] = robbed
        row[STEAL_NOW] = steal
        row[EXPOSED] = exposed * min(tiles, 2) / 2
        row[REACH] = reach / max(1, n - 1)
        row[ENGINE_LEFT] = part.engine * time_left
        row[TOTAL_LATE] = part.total * lead * lead * lead
        for fs, mine in zip(r.features, own.modules, strict=True):
            row.extend(fs.compute(r, st, i) if mine is None else mine)
        out.append(row)
    return out
