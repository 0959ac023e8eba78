"""Player-facing text as values: a message id with named arguments, rendered through Fluent catalogues.

Code never writes a sentence a player reads. It says *which* message and with what: `t("app-lobby-full",
most=3)` is a `Msg`, a plain value that travels through the service like any other. Only the edge that
knows the reader (a reply to an interaction, a post in a server's channel, a DM, the terminal table)
renders it, in the reader's locale: `render(msg, "ru")`. `str(msg)` renders it in English, so code that
still treats it as text keeps working while the platform moves over.

The words live in Project Fluent catalogues (`.ftl`), beside the code that owns them: a package calls
`catalogue(Path(__file__).parent / "locales")` when it is imported, and its folder holds one subfolder per
locale (`locales/en/app.ftl`). Plural forms, list patterns and number formats are Fluent's and Babel's
(CLDR), never ours. A message missing in a locale falls back to English. See docs/i18n.md.

Pure like the rest of the engine: a catalogue is read once, when its package registers it at import, as a
game reads its card data; rendering never touches the disk.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union

from babel.lists import format_list
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number

log = logging.getLogger(__name__)

DEFAULT = "en"
"""The locale every catalogue is complete in, and the last fallback."""
ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)+$")
"""A message id: its owner's prefix (`core`, `app`, `cogs`, a game's name), a dash, then words."""
PLACEABLE_LIMIT = 2500
"""The most characters fluent.runtime formats in one placeable (its resolver's MAX_PART_LENGTH)."""
LOCALE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")
"""A catalogue folder's name: a language, optionally with a region (`en`, `ru`, `pt-BR`)."""
TYPED_LIMIT = 1000
"""At most this many characters of what someone typed go into a message (see `typed`)."""


@dataclass(frozen=True, slots=True)
class Msg:
    """One message of a catalogue and its arguments. Made with `t`; rendered with `render`.

    Arguments are text (a name, a mention, notation: shown as they are), whole numbers and decimals
    (formatted for the locale, never grouped, and what plural selectors choose by), other messages
    (rendered in the same locale), a `Listing` or a `Joined`.
    """

    id: str
    args: tuple[tuple[str, Arg], ...] = ()

    @property
    def kwargs(self) -> dict[str, Arg]:
        return dict(self.args)

    @property
    def english(self) -> str:
        return render(self, DEFAULT)

    def __str__(self) -> str:
        return render(self, DEFAULT)


@dataclass(frozen=True, slots=True)
class Listing:
    """Several texts joined by the locale's own list pattern: "a, b, and c" in English, "a, b и c" in
    Russian. `style` is a CLDR list style: "standard" (and), "or", "unit" (no conjunction)."""

    items: tuple[Text, ...]
    style: str = "standard"

    def __str__(self) -> str:
        return _render_in(self, [DEFAULT])


@dataclass(frozen=True, slots=True)
class Joined:
    """Whole texts shown one after another, `sep` between them: the lines of a reply, its sentences. Each
    item is complete in itself; a sentence is never built from pieces here (a message's variables do that)."""

    items: tuple[Text, ...]
    sep: str = "\n"

    def __str__(self) -> str:
        return render(self, DEFAULT)


Arg = Union[str, int, float, "Msg", Listing, Joined]
Text = Union["Msg", Joined, str]
"""What a player may be shown: a message, several texts joined, or text that is data (notation, a card's
name, a mention) or not yet in a catalogue."""


def t(message_id: str, /, **args: Arg) -> Msg:
    """The message `message_id` with its arguments. Write the id as a literal: the tests find every id used
    this way and check it against the English catalogue (same variables, nothing unused)."""
    if not ID.match(message_id):
        raise ValueError(f"not a message id: {message_id!r} (owner-words-with-dashes)")
    for name, value in args.items():
        if isinstance(value, bool) or not isinstance(value, str | int | float | Msg | Listing | Joined):
            raise TypeError(f"{message_id}: argument {name}={value!r} is not text, a number or a message")
    return Msg(message_id, tuple(sorted(args.items())))


def listing(items: Iterable[Text], style: str = "standard") -> Listing:
    """`items` as one list in the reader's language: `listing(names)`, `listing(commands, "or")`."""
    return Listing(tuple(items), style)


def joined(items: Iterable[Text], sep: str = "\n") -> Joined:
    """`items` (empty ones left out) shown one after another with `sep` between them."""
    return Joined(tuple(item for item in items if item), sep)


def typed(text: str, limit: int = TYPED_LIMIT) -> str:
    """Something a person typed (a note, a name, a mode), cut to fit a message's variable: Fluent refuses a
    variable over 2500 characters (the message then reads "{???}"), and nobody reads that much anyway."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def english(text: Text) -> str:
    """`text` in English: for a log line, or an image drawn once for every reader."""
    return render(text, DEFAULT)


# ----------------------------------------------------------------------------------------- catalogues

_folders: list[Path] = []
_paths: dict[str, list[Path]] = {}
"""Each locale's .ftl files, read once when their folder is registered: rendering never touches the disk."""
_resources: dict[str, list[FluentResource]] = {}
_bundles: dict[str, FluentBundle] = {}
_lock = threading.Lock()


def catalogue(folder: Path) -> None:
    """Register a package's `locales` folder (one subfolder per locale, each holding `.ftl` files). Called
    by the package at import, so its messages can be rendered as soon as its code can make them."""
    folder = folder.resolve()
    with _lock:
        if folder in _folders:
            return
        _folders.append(folder)
        for locale in (
            sorted(p for p in folder.iterdir() if p.is_dir() and LOCALE.match(p.name)) if folder.is_dir() else []
        ):
            for path in sorted(locale.glob("*.ftl")):
                _paths.setdefault(locale.name, []).append(path)
                _resources.setdefault(locale.name, []).append(FluentResource(path.read_text(encoding="utf-8")))
        _bundles.clear()  # built again, with the new folder, at the next render


def folders() -> list[Path]:
    """Every registered catalogue folder, in the order the packages were imported."""
    return list(_folders)


def locales() -> list[str]:
    """The locales some registered catalogue has, English first."""
    return sorted(_resources, key=lambda name: (name != DEFAULT, name))


def files(locale: str) -> list[Path]:
    """The `.ftl` files of `locale` across every registered folder."""
    return list(_paths.get(locale, []))


def chain(locale: str | None) -> list[str]:
    """The catalogues tried for `locale`, best first: the exact locale (`pt-BR`), its language (`pt`),
    then English. Discord's locales (`en-US`, `es-419`) and ours (`ru`) read alike."""
    out: list[str] = []
    if locale:
        language = locale.split("-")[0].split("_")[0].lower()
        out += [c for c in (locale.replace("_", "-"), language) if c not in out]
    return [*[c for c in out if c != DEFAULT and c in _resources], DEFAULT]


def has(message_id: str, locale: str) -> bool:
    """Whether `locale` itself (not its English fallback) has the message: the command translator
    leaves a command untranslated for Discord to show its default otherwise."""
    return _bundle(locale).has_message(message_id)


def render(text: Text, locale: str | None = None) -> str:
    """`text` in `locale` (None: English). Never raises for a missing message or argument: it is logged
    and the English text, else the id, is shown, since a reply must still go out."""
    if isinstance(text, str):
        return text
    return _render_in(text, chain(locale))


def _render_in(text: Text | Listing, tried: list[str]) -> str:
    if isinstance(text, str):
        return text
    if isinstance(text, Joined):
        return text.sep.join(_render_in(item, tried) for item in text.items)
    if isinstance(text, Listing):
        parts = [_render_in(item, tried) for item in text.items]
        return format_list(parts, style=text.style, locale=tried[0].replace("-", "_")) if parts else ""
    for locale in tried:
        bundle = _bundle(locale)
        if not bundle.has_message(text.id):
            continue
        pattern = bundle.get_message(text.id).value
        if pattern is None:
            continue
        value, errors = bundle.format_pattern(pattern, {k: _fluent(v, tried) for k, v in text.args})
        if errors:
            log.error("message %s in %s: %s", text.id, locale, errors)
        return str(value)
    log.error("message %s is in no catalogue (tried %s)", text.id, ", ".join(tried))
    return " ".join([text.id, *(f"{k}={_render_in(v, tried)}" for k, v in text.args if not _is_number(v))])


def _fluent(value: Arg, tried: list[str]) -> Any:
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # 24.0 hours read "24 hours", and plural rules see a whole number
    if _is_number(value):
        return fluent_number(value, useGrouping=False)  # an id or a count, never "1,234"
    if isinstance(value, Msg | Listing | Joined):
        value = _render_in(value, tried)
    if len(value) > PLACEABLE_LIMIT:
        # fluent.runtime refuses a longer placeable and the whole message with it; a clipped value still reads.
        return value[: PLACEABLE_LIMIT - 1] + "…"
    return value


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _bundle(locale: str) -> FluentBundle:
    with _lock:
        bundle = _bundles.get(locale)
        if bundle is None:
            bundle = FluentBundle([locale], use_isolating=False)  # no bidi marks: no right-to-left locale yet
            for resource in _resources.get(locale, []):
                bundle.add_resource(resource)
            _bundles[locale] = bundle
        return bundle


# --------------------------------------------------------------------------------------------- storage


def to_json(text: Text | Listing) -> Any:
    """`text` as plain JSON, for a text kept in storage (a result's detail): plain text stays a string, a
    message is {"msg": id, "args": {...}}, so it is rendered in each reader's locale when read back."""
    if isinstance(text, str):
        return text
    if isinstance(text, Msg):
        return {"msg": text.id, "args": {k: v if _is_number(v) else to_json(v) for k, v in text.args}}
    if isinstance(text, Joined):
        return {"joined": [to_json(item) for item in text.items], "sep": text.sep}
    return {"list": [to_json(item) for item in text.items], "style": text.style}


def from_json(data: Any) -> Any:
    """A text written by `to_json` (a plain string is plain text)."""
    if not isinstance(data, dict):
        return data
    if "msg" in data:
        return Msg(data["msg"], tuple(sorted((k, from_json(v)) for k, v in data.get("args", {}).items())))
    if "joined" in data:
        return Joined(tuple(from_json(item) for item in data["joined"]), data.get("sep", "\n"))
    return Listing(tuple(from_json(item) for item in data.get("list", [])), data.get("style", "standard"))


catalogue(Path(__file__).resolve().parent / "locales")
