"""The how-to's pictures come from sensible play (scripts/codex/howto_images.py): greedy bots, every player
with heroes of their own, the last board a real finish; and the how-to's captions name the turns the
pictures show."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HOWTO = ROOT / "docs" / "codex" / "howto.md"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("codex_howto_images", ROOT / "scripts" / "codex" / "howto_images.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _heroes(options: dict[str, Any], players: int) -> list[str]:
    picked = [options[f"hero{i + 1}"] for i in range(players)]
    return [h for team in picked for h in (team if isinstance(team, list) else [team])]


def test_the_pictures_come_from_a_greedy_match_played_to_its_end() -> None:
    script = _script()
    for options, players in ((script.ONE_HERO, 2), (script.TEAMS, 4)):
        heroes = _heroes(options, players)
        assert len(set(heroes)) == len(heroes), "every player has heroes of their own"
    found: dict[str, int] = {}
    last = None
    for at in script.positions(2, script.SEED, script.ONE_HERO):
        last = at
        for name, _kind, pick in script.SHOTS:
            if name not in found and pick(at):
                found[name] = at.state.turn
    assert set(found) == {name for name, _kind, _pick in script.SHOTS}
    assert last is not None and last.state.result is not None
    result = last.view()["result"]
    assert result["reason"] == "normal" and result["detail"] == "base destroyed", "a real finish"
    assert found["board-game-over.png"] == last.state.turn
    # The how-to's captions say the turns the pictures show.
    text = HOWTO.read_text(encoding="utf-8")
    for name, turn in found.items():
        caption = re.search(r"!\[([^\]]*)\]\(images/" + re.escape(name) + r"\)", text)
        assert caption is not None, f"the how-to shows {name}"
        said = re.search(r"\b[Tt]urn (\d+)", caption.group(1))
        if said is not None:
            assert int(said.group(1)) == turn, (name, said.group(0), turn)
