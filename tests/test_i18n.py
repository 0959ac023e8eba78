"""Every player-facing text is in a catalogue (docs/i18n.md).

- No module outside the shrinking allowlist writes player text in code (tests/text_check.py says what
  counts), and the checker itself is shown to find each kind of text on a sample.
- Every message id used in code exists in the English catalogue with the same variables, every English
  message is used, every catalogue parses, and another locale only translates English's messages.
- Command names stay valid Discord names in every locale present.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl

import engine.i18n as i18n
from tests.text_check import check_file, check_source, error_classes

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("engine", "app", "cogs")

OPERATOR_TOOLS = {
    "app/scenario_cli.py": "the `bot.py scenario` command line, for developers and operators",
    "app/selfplay.py": "the `bot.py selfplay` command line, for developers",
}
"""Command-line tools for whoever runs the bot: English only, never shown to a player."""

NOT_YET: dict[str, str] = {}
"""Modules whose player text is not in catalogues yet. Only shrinks: a new module starts in catalogues."""

ELSEWHERE: dict[str, str] = {}
"""Modules written in parallel to this one; each moves to catalogues when it lands."""


def python_files() -> list[Path]:
    return sorted(p for layer in SCANNED for p in (ROOT / layer).rglob("*.py"))


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def excused(path: str) -> bool:
    return path in OPERATOR_TOOLS or any(path.startswith(p) for p in (*NOT_YET, *ELSEWHERE))


@pytest.fixture(scope="module")
def errors() -> frozenset[str]:
    return error_classes(p.read_text(encoding="utf-8") for p in python_files())


# ----------------------------------------------------------------------------- no text outside catalogues


def test_no_player_text_outside_the_catalogues(errors: frozenset[str]) -> None:
    found = [str(f) for p in python_files() if not excused(relative(p)) for f in check_file(p, ROOT, errors)]
    assert found == [], "player text written in code; give it a catalogue message (docs/i18n.md):\n" + "\n".join(found)


def test_the_allowlist_only_shrinks(errors: frozenset[str]) -> None:
    """An entry of NOT_YET whose text has all moved into catalogues must leave the list, so the list
    says truthfully what is left."""
    for entry in NOT_YET:
        files = [p for p in python_files() if relative(p).startswith(entry)]
        assert files, f"{entry} is in NOT_YET but no longer exists: remove it"
        assert any(check_file(p, ROOT, errors) for p in files), f"{entry} is all in catalogues: remove it from NOT_YET"


SAMPLE = """
from engine.i18n import Text, t

class Mine(Refusal):
    pass

def refuse(n):
    raise Refusal(f"You have {n} cards.")

def refuse_kind(n):
    raise Mine("Not now.")

def sentence_as_argument():
    return t("app-x", what="an English sentence")

async def reply(interaction):
    text = "Done."
    text += f" It took {3} tries."
    await send(interaction, text)

async def follow(interaction):
    await interaction.followup.send(content="Thanks!")

def command():
    return app_commands.Command(name="join", description="Take a seat", callback=None)

def choices():
    return [app_commands.Choice(name="no clock", value="none")]

def described(f):
    app_commands.describe(page="Page number")(f)

def button():
    return discord.ui.Button(label="Claim the win", custom_id="arb:claim:1")

def summary() -> Text:
    return "Game over."

def notice(record):
    return Notice(1, 2, 3, 4, "Your move!")

def built(self):
    raise self.fail("must be a table", ("p1",))

def answered():
    return Reply(f"You joined {name}.")

async def announced(delivery):
    await delivery.announce(Announcement(1, "Round 2 is paired"))
    await delivery.open_thread(1, "Cup · Round 1", "Your match is here", [])
"""

CLEAN = '''
from engine.i18n import Text, t

def refuse(n):
    raise Refusal(t("app-cards", count=n))

def bug(x):
    raise ValueError(f"not an action: {x!r}")

def log_it():
    log.warning("could not post the board of match %s", 1)

def notation(verb, text):
    return f"{verb} {text}".strip()

def ids(match_id):
    return Button(label=t("cogs-hand-button"), custom_id=f"arb:hand:{match_id}")

def mention(u) -> Text:
    return f"<@{u}>"

async def reply(interaction):
    await send(interaction, t("cogs-played", move=notation("end", "")), file=png(b"", "board.png"))

def joined(names) -> Text:
    return ", ".join(names)

def document():
    """A docstring is for developers."""
    kwargs = {"content": render(t("cogs-x"), "en")}
'''


def test_the_checker_finds_every_kind_of_player_text() -> None:
    errors = error_classes([SAMPLE], frozenset({"Refusal"}))
    found = check_source(SAMPLE, "sample.py", errors)
    texts = [f.text for f in found]
    expected = [
        "You have {n} cards.",
        "Not now.",
        "an English sentence",
        "Done.",
        " It took ",
        "Thanks!",
        "'join'",
        "Take a seat",
        "no clock",
        "Page number",
        "Claim the win",
        "Game over.",
        "Your move!",
        "must be a table",
        "You joined ",
        "Round 2 is paired",
        "Cup · Round 1",
        "Your match is here",
    ]
    for piece in expected:
        assert any(piece in text for text in texts), f"{piece!r} not found in {texts}"
    assert "'none'" not in " ".join(texts), "a choice's value is an id, not text"
    assert "arb:claim" not in " ".join(texts), "a custom id is not text"


def test_the_checker_leaves_ids_notation_logs_and_bugs_alone() -> None:
    assert check_source(CLEAN, "clean.py", frozenset({"Refusal"})) == []


def test_a_new_literal_in_a_migrated_module_fails(errors: frozenset[str]) -> None:
    """The guard holds for the modules already in catalogues: one more literal there is found."""
    source = (ROOT / "app/service.py").read_text(encoding="utf-8")
    assert check_source(source, "app/service.py", errors) == []
    added = source + '\n\ndef later(record):\n    raise WrongStatus(f"Match #{record.id} is over.")\n'
    assert [f.line for f in check_source(added, "app/service.py", errors)] == [added.count("\n")]


# ---------------------------------------------------------------------------------------- catalogues


def messages(path: Path) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """id -> (its variables, the messages it references) of one .ftl file; junk fails the test.

    A message's variables are those its text uses and those its comment names (`# $count: how many`): a
    variable English does not need (a count only other languages agree with) is declared that way."""
    resource = FluentParser().parse(path.read_text(encoding="utf-8"))
    junk = [entry.content for entry in resource.body if isinstance(entry, ftl.Junk)]
    assert not junk, f"{path} does not parse: {junk[0][:200]}"
    out: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    for entry in resource.body:
        if isinstance(entry, ftl.Message):
            assert entry.id.name not in out, f"{path}: {entry.id.name} is defined twice"
            variables = set(re.findall(r"\$([a-zA-Z][\w-]*)", entry.comment.content if entry.comment else ""))
            references: set[str] = set()
            for node in _walk(entry):
                if isinstance(node, ftl.VariableReference):
                    variables.add(node.id.name)
                elif isinstance(node, ftl.MessageReference):
                    references.add(node.id.name)
            out[entry.id.name] = (frozenset(variables), frozenset(references))
    return out


def _walk(node: ftl.BaseNode) -> Iterator[ftl.BaseNode]:
    yield node
    for value in vars(node).values():
        children = value if isinstance(value, list) else [value]
        for child in children:
            if isinstance(child, ftl.BaseNode):
                yield from _walk(child)


def catalogue(locale: str) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Every message of `locale` across the registered catalogue folders; an id defined twice fails."""
    out: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    for path in i18n.files(locale):
        for message_id, found in messages(path).items():
            assert message_id not in out, f"{message_id} is defined twice in {locale} ({path})"
            out[message_id] = found
    return out


def variables(messages: dict[str, tuple[frozenset[str], frozenset[str]]], message_id: str) -> frozenset[str]:
    """A message's variables, with those of the messages it references (Fluent passes them on)."""
    own, references = messages[message_id]
    return own.union(*(variables(messages, r) for r in references if r in messages))


def used_in_code() -> dict[str, set[frozenset[str]]]:
    """Message id -> the variable sets `t(id, ...)` is called with anywhere in the code."""
    used: dict[str, set[frozenset[str]]] = {}
    problems = []
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "t"):
                continue
            where = f"{relative(path)}:{node.lineno}"
            first = node.args[0] if node.args else None
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                problems.append(f"{where}: a message id must be written as a literal")
                continue
            if any(k.arg is None for k in node.keywords):
                problems.append(f"{where}: name each variable of {first.value} (no **)")
            used.setdefault(first.value, set()).add(frozenset(k.arg for k in node.keywords if k.arg))
    assert problems == []
    return used


@pytest.fixture(scope="module")
def loaded() -> None:
    """Every package that registers a catalogue: the engine, its games, the service and the cogs."""
    import app.service  # noqa: F401
    import cogs.table  # noqa: F401
    from cogs.gamekit import game_commands
    from engine import load_games
    from engine.core import GAMES

    load_games()
    for game in GAMES:  # each game's own cog package, found by name as the bot finds it
        game_commands(game)


def test_every_catalogue_folder_is_registered(loaded: None) -> None:
    on_disk = {p.resolve() for layer in SCANNED for p in (ROOT / layer).rglob("locales") if p.is_dir()}
    assert on_disk <= set(i18n.folders()), "a locales folder no package registers with engine.i18n.catalogue"


def test_every_message_used_exists_in_english_with_its_variables(loaded: None) -> None:
    english = catalogue(i18n.DEFAULT)
    wrong = []
    for message_id, calls in sorted(used_in_code().items()):
        if message_id not in english:
            wrong.append(f"{message_id}: not in the English catalogue")
            continue
        expected = variables(english, message_id)
        wrong += [f"{message_id}: called with {sorted(c)}, has {sorted(expected)}" for c in calls if c != expected]
    assert wrong == []


def test_every_english_message_is_used(loaded: None) -> None:
    english = catalogue(i18n.DEFAULT)
    referenced = {r for _vars, refs in english.values() for r in refs}
    unused = sorted(set(english) - set(used_in_code()) - referenced)
    assert unused == [], "messages no code uses; remove them"


def test_other_locales_translate_only_englishs_messages(loaded: None) -> None:
    english = catalogue(i18n.DEFAULT)
    for locale in i18n.locales():
        translated = catalogue(locale)  # read once: each message's variables are looked up in it
        for message_id in translated:
            assert message_id in english, f"{locale}: {message_id} is not an English message"
            own = variables(translated, message_id)
            assert own <= variables(english, message_id), f"{locale}: {message_id} uses unknown variables"
