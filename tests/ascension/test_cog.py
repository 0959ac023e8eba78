"""`/ascension`'s own parts without Discord: the command group, card pages and their lookup, autocomplete
labels, the private view's wording, and move controls that offer exactly the legal moves however many."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from app.delivery import PrivatePost
from cogs.ascension import cards
from cogs.ascension.commands import COMMANDS, label
from cogs.ascension.ui import MoveButton, MoveMenu, move_controls, private_text
from cogs.table import build_group
from engine.ascension import GAME
from engine.i18n import render
from tests.ascension.helpers import legal, position


def english(text: Any) -> str:
    return render(text, None)


def test_the_group_has_the_verbs_and_card_lookup_within_discords_limit() -> None:
    names = [c.name for c in build_group(GAME).commands]
    assert {"card", "play", "buy", "defeat", "use", "end", "move", "hand"} <= set(names) and len(names) <= 25
    assert COMMANDS.presenter is not None and set(COMMANDS.items) == {MoveButton, MoveMenu}


def test_a_card_page_tells_cost_honor_copies_and_what_it_does() -> None:
    tyrant = cards.find_card("sea  tyrant")
    assert tyrant is not None
    assert english(cards.card_page(tyrant)).splitlines() == [
        "**Sea Tyrant** · Monster",
        "Defeat it with 5 Power; it gives 5 Honor.",
        "3 copies in the centre deck.",
        "Reward: 5 Honor; each opponent keeps one Construct of their choice and destroys the rest.",
    ]
    staff = cards.find_card("Yggdrasil Staff#2")
    assert staff is not None and english(cards.card_page(staff)).splitlines()[:2] == [
        "**Yggdrasil Staff** · Construct · Lifebound",
        "Costs 4 Runes; worth 2 Honor at the end.",
    ]
    assert "pile of 20" in english(cards.card_page(cards.find_card("Mystic")))  # type: ignore[arg-type]
    assert "defeat it as often" in english(cards.card_page(cards.find_card("cultist")))  # type: ignore[arg-type]
    assert "starts with 8" in english(cards.card_page(cards.find_card("Apprentice")))  # type: ignore[arg-type]


def test_a_name_that_is_no_card_is_refused_with_the_closest_names() -> None:
    assert cards.find_card("Sea Tyrantt") is None
    assert english(cards.no_such_card("Sea Tyrantt")) == (
        "There is no Ascension card called “Sea Tyrantt”. Did you mean: Sea Tyrant, Earth Tyrant, Wind Tyrant?"
    )
    assert english(cards.no_such_card("zzz")) == "There is no Ascension card called “zzz”."


def test_card_names_and_topics_for_the_autocompletes() -> None:
    assert cards.card_names("tyr") == ["Earth Tyrant", "Sea Tyrant", "Wind Tyrant"]
    assert cards.card_names("ar")[:2] == ["Arbiter of the Precipice", "Arha Initiate"]
    assert len(cards.card_names("")) == 25
    (label_, value), *_ = cards.topics("mephit")
    assert english(label_) == "Card: Mephit" and value == "Mephit"
    assert english(cards.topic("Mephit")).startswith("**Mephit** · Monster")  # type: ignore[arg-type]
    assert cards.topic("castling") is None


def test_autocomplete_labels_leave_the_verb_out_and_give_the_price() -> None:
    assert english(label("buy Arha Templar", "buy")) == "Arha Templar · 4 Runes, 3 Honor"
    assert english(label("buy Mephit at 2", "buy")) == "Mephit at 2 · 3 Runes, 0 Honor"
    assert english(label("defeat Cultist", "defeat")) == "Cultist · 2 Power, 1 Honor"
    assert english(label("play all", "play")) == "all (every card that asks nothing)"
    assert (
        label("play Mystic", "play") == "Mystic"
        and label("use Yggdrasil Staff honor", "use") == "Yggdrasil Staff honor"
    )
    assert label("banish Apprentice from hand", None) == "banish Apprentice from hand"


def post(moves: list[str], *, your_move: bool = True) -> PrivatePost:
    return PrivatePost(
        7, 3, 1, 0, "Ascension · match #7 · p1", ["Your hand: Mystic."], None, moves, your_move, "ascension"
    )


def items(view: discord.ui.View) -> list[Any]:
    """The buttons and menus themselves (the view holds them wrapped as dynamic items)."""
    return [getattr(child, "item", child) for child in view.children]


def controls(view: discord.ui.View) -> tuple[dict[str, int], list[discord.ui.Select[Any]]]:
    buttons = {
        item.label: int(str(item.custom_id).rsplit(":", 1)[1])
        for item in items(view)
        if isinstance(item, discord.ui.Button)
    }
    menus = [item for item in items(view) if isinstance(item, discord.ui.Select)]
    return buttons, menus


def test_a_turn_gets_a_button_for_every_legal_move() -> None:
    s = position(
        p1={"hand": ["Mystic", "Heavy Infantry", "Apprentice"], "constructs": ["Shadow Star"]},
        turn={"runes": 4, "power": 2},
    )
    moves = legal(s)
    view = move_controls(7, 3, moves)
    assert view is not None
    buttons, menus = controls(view)
    assert not menus and buttons == {move: i for i, move in enumerate(moves)}
    assert {"play all", "use Shadow Star", "defeat Cultist", "end"} <= set(buttons)
    styles = {item.label: item.style for item in items(view) if isinstance(item, discord.ui.Button)}
    assert styles["end"] == discord.ButtonStyle.danger and styles["play all"] == discord.ButtonStyle.success


@pytest.mark.parametrize(
    ("count", "verbs"),
    [
        (26, ("buy", "defeat")),
        (60, ("buy", "defeat", "play", "use")),
        (95, ("buy", "play")),
        (40, ("buy", "defeat", "play", "use", "take")),
    ],
)
def test_too_many_moves_for_buttons_come_as_menus_with_every_move_once(count: int, verbs: tuple[str, ...]) -> None:
    moves = ["play all", "end"] + [f"{verbs[i % len(verbs)]} Card {i}" for i in range(count - 2)]
    view = move_controls(7, 3, moves)
    assert view is not None
    buttons, menus = controls(view)
    assert set(buttons) == {"play all", "end"}
    offered = [int(o.value) for menu in menus for o in menu.options]
    assert sorted([*buttons.values(), *offered]) == list(range(count))
    assert all(len(menu.options) <= 25 for menu in menus)
    ids = [str(item.custom_id) for item in items(view)]
    assert len(ids) == len(set(ids))
    assert len(menus) + 1 <= 5, "one row of buttons and at most four menus fit in a message"


def test_the_private_view_lists_the_moves_by_verb() -> None:
    text = english(private_text(post(["play Mystic", "play all", "buy Mystic", "buy Heavy Infantry", "end"])))
    assert text.splitlines() == [
        "**Ascension · match #7 · p1**",
        "Your hand: Mystic.",
        "**Your moves now:**",
        "• play: Mystic",
        "• buy: Mystic, Heavy Infantry",
        "• play all",
        "• end",
        "Press a button, or use `/ascension move` (it offers exactly these moves as you type); shortcuts: "
        "`/ascension play`, `buy`, `defeat`, `use`, `end`.",
    ]
    choice = english(private_text(post(["banish Apprentice from hand", "skip"])))
    assert choice.endswith("Choose with the buttons below (or `/ascension move`).")
    assert "Your moves" not in english(private_text(post(["end"], your_move=False)))
    assert move_controls(7, 3, []) is None
