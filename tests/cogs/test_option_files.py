"""Options that name a data set (a Codex variant) never reach another file on the bot's disk.

A secret TOML file lies beside the database; players name it by a `../` path, by an absolute path and by
a path to the bot's own config.toml, through `/codex new options:`, a scenario attachment's options, and
the service call `python bot.py play --option` makes. No reply may carry the file's contents or a
library's error text, a file that exists must be refused exactly like one that does not, and no file
outside the game's data folder may even be looked at.
"""

from __future__ import annotations

import builtins
import io
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.options import parse_options
from app.rendering import NoImages
from app.rewind import Rewinder
from app.service import MatchService
from app.timekeeping import Timekeeper
from cogs.table import build_group
from db.sqlite import SqliteStore
from engine.codex import GAME, variants
from engine.core import BadOptions
from tests.fakes import RecordingDelivery

from .fakes import FakeAttachment, FakeInteraction, Table, invoke

ALICE = 1
SECRET = "TOKEN-d41d8cd98f00"
DATA = Path(variants.__file__).resolve().parent / "data"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def client(tmp_path: Path) -> Any:
    store = await SqliteStore.open(tmp_path / "arbiter.db")
    service = MatchService(store, RecordingDelivery(), NoImages(), seed_source=random.Random(1))
    yield SimpleNamespace(service=service, keeper=Timekeeper(service), rewinder=Rewinder(service))
    await store.close()


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """A readable TOML file beside the database whose contents would fail the variant format loudly."""
    path = tmp_path / "secret.toml"
    path.write_text(f'title = "{SECRET}"\ncards = "{SECRET}"\nabout = ["{SECRET}"]\n', encoding="utf-8")
    return path


def names_for(secret: Path) -> list[str]:
    """Every way of naming a file outside the variants folder, and one that names nothing."""
    stem = secret.with_suffix("")
    return [
        os.path.relpath(stem, variants.VARIANTS),  # ../../../../tmp/…/secret
        str(stem),  # an absolute path
        os.path.relpath(ROOT / "config", variants.VARIANTS),  # the bot's own config.toml
        os.path.relpath(stem.with_name("nothing-here"), variants.VARIANTS),
        "../variants/example-patch",  # a shipped file, but not by its name
    ]


@pytest.fixture
def looked_at(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Path]]:
    """Every path opened or stat-ed (Path.is_file and Path.exists stat) while the test runs."""
    seen: list[Path] = []
    real_open, real_stat = io.open, Path.stat

    def spy_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, str | os.PathLike):
            seen.append(Path(file))
        return real_open(file, *args, **kwargs)

    def spy_stat(self: Path, *args: Any, **kwargs: Any) -> Any:
        seen.append(self)
        return real_stat(self, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(io, "open", spy_open)
    monkeypatch.setattr(Path, "stat", spy_stat)
    yield seen


def outside_the_data_folder(paths: list[Path]) -> list[Path]:
    return [p for p in paths if not p.resolve().is_relative_to(DATA)]


ENGINE_REFUSAL = "Unknown variant", "Available: none, example-patch"
TABLE_REFUSAL = "Option `variant` must be one of none, example-patch", "is not one of them"
"""The refusal of a name typed at `new`, checked against the variants the game declares before any file."""


def assert_refused_alike(replies: list[str], refusal: tuple[str, str] = ENGINE_REFUSAL) -> None:
    """Each reply refuses the name as unknown, in our words, and shows nothing of any file."""
    for reply in replies:
        assert SECRET not in reply
        assert refusal[0] in reply and refusal[1] in reply
        assert "not valid" not in reply and "input_value" not in reply and "pydantic" not in reply
        assert "[general]" not in reply and "database" not in reply  # nothing of config.toml either


async def refusals(cog: Any, client: Any, secret: Path, options: Callable[[str], dict[str, Any]]) -> list[str]:
    """`/… new` with each name of `names_for`, each in a channel of its own; every answer is private."""
    out = []
    for channel, name in enumerate(names_for(secret), start=600):
        answer = await invoke(cog.new, cog, FakeInteraction(client, ALICE, channel_id=channel), **options(name))
        assert answer.sent and answer.in_channel == []
        out += [sent.content for sent in answer.sent]
    return out


async def test_codex_new_options_never_open_a_file_outside_the_data_folder(
    client: Any, secret: Path, looked_at: list[Path]
) -> None:
    cog = Table(build_group(GAME))
    replies = await refusals(cog, client, secret, lambda name: {"options": f"variant={name}"})
    assert_refused_alike(replies, TABLE_REFUSAL)
    assert outside_the_data_folder(looked_at) == []
    assert await client.service.matches(guild_id=9) == []  # and no table was opened


def scenario_naming(name: str) -> dict[str, Any]:
    text = f'game = "codex"\n[options]\nvariant = "{name}"\n[position.p1]\nhand = ["Spark"]\n'
    return {"scenario": FakeAttachment(text)}


async def test_a_scenario_files_options_never_open_a_file_outside_the_data_folder(
    client: Any, secret: Path, looked_at: list[Path]
) -> None:
    cog = Table(build_group(GAME))
    for reply in await refusals(cog, client, secret, scenario_naming):
        assert SECRET not in reply and "Unknown variant" in reply and "not valid" not in reply
    assert outside_the_data_folder(looked_at) == []


async def test_the_terminal_tables_option_never_opens_a_file_outside_the_data_folder(
    client: Any, secret: Path, looked_at: list[Path]
) -> None:
    """`python bot.py play codex --option variant=…` passes its pairs through the same parser and service."""
    messages = []
    for channel, name in enumerate(names_for(secret), start=900):
        with pytest.raises(BadOptions) as refused:
            await client.service.new_match(
                game_name="codex",
                options=parse_options(f"variant={name}"),
                guild_id=None,
                channel_id=channel,
                user_id=ALICE,
            )
        messages.append(refused.value.message)
    assert_refused_alike(messages)
    assert outside_the_data_folder(looked_at) == []


def test_a_broken_shipped_variant_is_described_in_our_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Even a file the game ships is never quoted: the reply names the card and key, the log has the detail."""
    (tmp_path / "bad-patch.toml").write_text(
        f'title = "x"\n[cards.spark]\ncolour = "{SECRET}"\nhp = "{SECRET}"\n', encoding="utf-8"
    )
    (tmp_path / "unreadable.toml").write_text(f"title = {SECRET}\n", encoding="utf-8")
    monkeypatch.setattr(variants, "VARIANTS", tmp_path)
    monkeypatch.setattr(variants, "SHIPPED", frozenset({"bad-patch", "unreadable"}))
    with pytest.raises(BadOptions) as bad:
        variants.load("bad-patch")
    assert SECRET not in bad.value.message and "input" not in bad.value.message
    assert "card spark: colour is not something a variant may change" in bad.value.message
    assert "card spark: hp has a value of the wrong kind" in bad.value.message
    assert "tell the server admin" in bad.value.message
    with pytest.raises(BadOptions) as unreadable:
        variants.load("unreadable")
    assert SECRET not in unreadable.value.message and "line" not in unreadable.value.message
    assert unreadable.value.message == "Variant unreadable is broken (it cannot be read); tell the server admin."
    assert SECRET in caplog.text  # the admin finds the detail in the log


async def test_scenario_refusals_quote_neither_the_toml_reader_nor_an_engine_crash(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    cog = Table(build_group(GAME))

    async def opened_from(text: str, channel: int) -> FakeInteraction:
        here = FakeInteraction(client, ALICE, channel_id=channel)
        return await invoke(cog.new, cog, here, scenario=FakeAttachment(text))

    broken = await opened_from('game = "codex"\nseed = \n', 950)
    assert "the attached file:2:8: not valid TOML" in broken.last.content
    assert "Invalid value" not in broken.last.content  # the TOML reader's own words

    import engine.codex.position  # noqa: F401  (attaches the real hooks first, so the patch below stays)
    from engine.codex import Codex

    def crash(*args: Any, **kwargs: Any) -> Any:
        raise ValueError(f"{SECRET} in /srv/arbiter/engine/codex/position.py")

    monkeypatch.setattr(Codex, "position_from_scenario", crash, raising=False)
    monkeypatch.setattr(Codex, "scenario_before_start", crash, raising=False)  # the hook a scenario starts from
    crashed = await opened_from('game = "codex"\n[position.p1]\nhand = ["Spark"]\n', 951)
    assert crashed.in_channel == []
    assert SECRET not in crashed.last.content and "/srv" not in crashed.last.content
    assert "fault on our side" in crashed.last.content
    assert await client.service.matches(guild_id=9) == []
