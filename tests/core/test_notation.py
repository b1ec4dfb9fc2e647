"""Action notation: format/parse round trip and clear errors for malformed text."""

import pytest

from living_forest.core import (
    Action,
    ActionParseError,
    IllegalActionError,
    apply,
    format_action,
    parse_action,
)

from .scenario import start


@pytest.mark.parametrize(
    "text",
    [
        "draw",
        "stop",
        "use-fragment",
        "take-fragment",
        "attract hare",
        "extinguish 3",
        "move 11",
        "steal winter_fire",
        "plant 5A@1,0",
        "plant 11@4,2",
        "done",
        "skip",
        "end",
    ],
)
def test_round_trip(text: str) -> None:
    a = parse_action(text)
    assert isinstance(a, Action)
    assert format_action(a) == text
    assert parse_action(format_action(a)) == a


def test_parse_normalises_case_and_space() -> None:
    assert parse_action("  PLANT 5a@1,0 ") == Action("plant", "5A", 5 * 0 + 1)
    assert parse_action("Move 03") == Action("move", "3")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("fly away", "unknown action"),
        ("draw 2", "takes no argument"),
        ("attract", "exactly one argument"),
        ("move -1", "positive whole number"),
        ("move 0", "positive whole number"),
        ("extinguish two", "positive whole number"),
        ("plant 5A", "KIND@X,Y"),
        ("plant 5A@9,9", "off the 5x3 board"),
        ("move \u00b2", "positive whole number"),  # str.isdigit() is True, int() fails
        ("move \u0663", "positive whole number"),  # int() would read it as 3
        ("extinguish \uff13", "positive whole number"),
        ("plant 5A@\uff11,0", "KIND@X,Y"),
        ("plant 5Ä@1,0", "KIND@X,Y"),
        ("attract " + "h" * 41, "too long"),
    ],
)
def test_malformed_text_is_rejected(text: str, fragment: str) -> None:
    with pytest.raises(ActionParseError, match=fragment):
        parse_action(text)


def test_illegal_action_names_why_and_leaves_state_untouched() -> None:
    st = start(2)
    before = st.to_dict()
    with pytest.raises(IllegalActionError) as err:
        apply(st, "plant 3A@1,1")
    assert "draw" in err.value.reason.text
    with pytest.raises(IllegalActionError, match="reveal at least one card"):
        apply(st, "stop")
    with pytest.raises(ActionParseError):
        apply(st, "dance")
    assert st.to_dict() == before


def test_a_message_never_echoes_more_than_a_short_piece_of_the_input() -> None:
    with pytest.raises(ActionParseError) as exc:
        parse_action("x" * 5000)
    assert "x" * 41 not in str(exc.value) and len(str(exc.value)) < 300
