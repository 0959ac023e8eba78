"""Played Ascension positions for the render goldens and the how-to pictures.

Each is a scenario position (engine/ascension/position.py) and the moves played from it, chosen to show
what a board or a hand must tell: a busy turn with a defeat, a purchase and a banish; Samael's takes; a
Sea Tyrant making three opponents give up Constructs; the last round and the final scores; a hand on its
turn, while choosing, and while waiting. Moves are notation, played by whoever owes the move, so a rules
change that makes one illegal fails loudly here rather than drawing another position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.ascension import GAME
from engine.ascension.state import State

OPTIONS = GAME.default_options()


@dataclass(frozen=True)
class Played:
    players: int
    table: dict[str, Any]
    moves: tuple[str, ...] = ()
    viewer: int | None = None
    """The seat whose private picture is drawn (None: the public board)."""
    seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)

    def state(self) -> State:
        state = GAME.position_from_scenario(self.table, self.players, {**OPTIONS, **self.options}, self.seed)
        for move in self.moves:
            (seat,) = GAME.to_move(state)
            state = GAME.apply(state, seat, GAME.parse_action(state, seat, move)).state
        return state

    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = GAME.view(self.state(), self.viewer)
        return view


MIDGAME: dict[str, Any] = {
    "round": 5,
    "reserve": 62,
    "active": "p2",
    "row": ["Arha Templar", "Mephit", "Muramasa", "Wind Tyrant", "Flytrap Witch", "Reactor Monk"],
    "void": ["Tormented Soul", "Samael's Trickster"],
    "mystic": 15,
    "heavy_infantry": 16,
    "p1": {
        "honor": 9,
        "hand": 5,
        "deck": 3,
        "discard": ["Mystic", "Heavy Infantry", "Arha Initiate", "Wolf Shaman"],
        "constructs": ["Shadow Star"],
    },
    "p2": {
        "honor": 12,
        "hand": ["Mystic", "Heavy Infantry", "Seer of the Forked Path", "Apprentice", "Apprentice"],
        "deck": ["Apprentice", "Apprentice", "Militia", "Militia", "Lifebound Initiate"],
        "discard": ["Apprentice", "Apprentice", "Mystic", "Spike Vixen"],
        "constructs": ["Yggdrasil Staff"],
    },
    "p3": {
        "honor": 4,
        "hand": 5,
        "deck": 5,
        "discard": ["Mechana Initiate", "Mystic"],
        "constructs": ["The Grand Design", "Watchmaker's Altar"],
    },
}
TURN = (
    "play all",
    "use Yggdrasil Staff power",
    "defeat Mephit",
    "banish Reactor Monk",
    "buy Arha Templar",
)
"""p2's turn: 4 Runes and 4 Power; Mephit's 2 Honor and its banish; Arha Templar bought with the Runes."""

SOLO: dict[str, Any] = {
    "round": 9,
    "reserve": 27,
    "row": ["Void Initiate", "Landtalker", "Corrosive Widow", "Hedron Link Device", "Temple Librarian", "Wind Tyrant"],
    "samael": ["Master Dhartha", "Muramasa", "Arha Initiate", "Reactor Monk", "Snapdragon"],
    "samael_honor": 11,
    "p1": {
        "honor": 10,
        "hand": ["Mystic", "Mystic", "Heavy Infantry", "Apprentice", "Wolf Shaman"],
        "deck": ["Apprentice", "Apprentice", "Militia", "Apprentice", "Apprentice", "Demon Slayer"],
        "discard": ["Apprentice", "Apprentice", "Militia", "Lifebound Initiate", "Spike Vixen", "Heavy Infantry"],
        "constructs": ["Shadow Star"],
    },
}

SEA_TYRANT: dict[str, Any] = {
    "round": 7,
    "reserve": 81,
    "active": "p3",
    "row": ["Sea Tyrant", "Druids of the Stone Circle", "Kor, the Ferromancer", "Mephit", "Avatar Golem", "Snapdragon"],
    "turn": {"power": 2},
    "p1": {"honor": 11, "hand": 5, "deck": 5, "constructs": ["Muramasa", "Shadow Star"]},
    "p2": {"honor": 7, "hand": 5, "deck": 5, "constructs": ["The All-Seeing Eye", "Burrower Mark II", "Hedron Cannon"]},
    "p3": {
        "honor": 9,
        "hand": ["Emri, One with the Void", "Militia", "Apprentice", "Apprentice", "Demon Slayer"],
        "deck": 5,
        "discard": ["Mystic", "Heavy Infantry"],
    },
    "p4": {"honor": 14, "hand": 5, "deck": 5, "constructs": ["Yggdrasil Staff"]},
}

LAST_ROUND: dict[str, Any] = {
    "round": 14,
    "reserve": 1,
    "active": "p3",
    "row": [
        "Tormented Soul",
        "Mistake of Creation",
        "Hedron Cannon",
        "Wolf Shaman",
        "Emri, One with the Void",
        "Mephit",
    ],
    "turn": {"power": 2},
    "p1": {"honor": 31, "hand": 5, "deck": ["Master Dhartha", "Landtalker"], "constructs": ["Muramasa"]},
    "p2": {"honor": 27, "hand": 5, "deck": ["Cetra, Weaver of Stars", "Arha Templar"], "constructs": ["Snapdragon"]},
    "p3": {"honor": 29, "hand": 5, "deck": ["Avatar Golem", "Reactor Monk"], "constructs": ["Hedron Link Device"]},
}

BOARDS: dict[str, Played] = {
    "start": Played(3, {}, seed=4),
    "midgame": Played(3, MIDGAME, TURN),
    "turn_over": Played(3, MIDGAME, (*TURN, "end")),
    "solo": Played(1, SOLO, ("play all", "buy Hedron Link Device", "end")),
    "sea_tyrant": Played(4, SEA_TYRANT, ("play all", "defeat Sea Tyrant", "keep Muramasa", "keep Hedron Cannon")),
    "game_over": Played(3, LAST_ROUND, ("defeat Cultist", "end")),
}
"""Public boards."""

HANDS: dict[str, Played] = {
    "hand_own_turn": Played(3, MIDGAME, (), viewer=1),
    "hand_choice": Played(3, MIDGAME, ("play Seer of the Forked Path",), viewer=1),
    "hand_waiting": Played(3, MIDGAME, ("play all",), viewer=2),
}
"""Private pictures: the seat's own hand."""
