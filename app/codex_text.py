"""Codex text for players: card and rules lookups, tech-pick menus, codex pages and the forum export.

Pure helpers (no Discord, no database): they read card facts, our own rules file, the derived ruling
counts and game views. The forum export replays a match's log but shows only what the public view and
the public events hold, never a hand, a face-down worker or a tech pick.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app.errors import Refusal
from app.rewind import apply_entry, base_state, effective_entries
from app.summary import PLATFORM_EVENTS, result_line
from db.records import LogEntry, MatchRecord
from engine.codex import options as codex_options
from engine.codex.cards import DATA, Card, catalog
from engine.core import Event, get_game

CHOICE_LIMIT = 25
"""Discord shows at most 25 autocomplete choices and 25 options in a select menu."""
TEXT_LIMIT = 100
"""Discord's limit for a choice name, a choice value and a select option's label."""

TECH_NAMES = {"tech1": "Tech I", "tech2": "Tech II", "tech3": "Tech III"}
SLOTS = ("squad leader", "elite", "scavenger", "technician", "lookout")
_COPY = re.compile(r"#\d+\b")


def clip(text: str, limit: int = TEXT_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ------------------------------------------------------------------------------------ modes, heroes


def modes() -> tuple[str, ...]:
    """The modes players may choose. The engine lists them as they land; one hero each until then."""
    listed = getattr(codex_options, "MODES", None)
    return tuple(listed) if listed else ("1-hero",)


def heroes() -> list[tuple[str, str]]:
    """(label, hero id) for every hero a player may pick now."""
    cat = catalog()
    out = []
    for hero_id in codex_options.HEROES_AVAILABLE:
        facts = cat[hero_id].facts
        spec = (facts.spec or "").title()
        colour = facts.colour
        out.append((f"{facts.name} ({spec}, {colour})", hero_id))
    return out


def hero_summary(hero_id: str) -> str:
    facts = catalog()[hero_id].facts
    return f"{facts.name} ({(facts.spec or '').title()})"


RANDOM = "random"
NONE = "none"
"""Values of a hero choice beside the hero ids: a random hero now, or no hero in that place (a smaller team)."""


def pick_team(wanted: Sequence[str], rng: Any) -> list[str]:
    """The heroes a player's choices name: `random` places get random playable heroes (none twice), `none`
    places are left out. Refuses the same hero twice."""
    named = [h for h in wanted if h not in (RANDOM, NONE)]
    if len(set(named)) != len(named):
        raise Refusal("A team has three different heroes: each hero at most once.")
    pool = [hero_id for _label, hero_id in heroes() if hero_id not in named]
    team = []
    for h in wanted:
        if h == NONE:
            continue
        if h == RANDOM:
            if not pool:
                continue
            h = rng.choice(pool)
            pool.remove(h)
        team.append(h)
    if not team:
        raise Refusal("Pick at least one hero.")
    return team


def team_summary(team: Sequence[str]) -> str:
    return ", ".join(hero_summary(h) for h in team)


SEATS_WANTED = {
    "standard": "one more player joins.",
    "2v2": "three more players join.",
    "ffa": "two to four more players join.",
}


def seats_wanted(mode: str) -> str:
    return SEATS_WANTED.get(mode, "one more player joins.")


# -------------------------------------------------------------------------------------------- cards


def find_card(text: str) -> Card | None:
    """A card by id or by name (any case, a `#n` copy suffix ignored)."""
    cat = catalog()
    wanted = _COPY.sub("", text).strip().lower()
    if wanted in cat:
        return cat[wanted]
    cid = cat.by_name.get(wanted)
    return cat[cid] if cid is not None else None


def card_kind(card: Card) -> str:
    facts = card.facts
    if facts.type == "hero":
        return "hero"
    if facts.type == "token":
        return "token"
    tech = {0: "tech 0", 1: "tech I", 2: "tech II", 3: "tech III"}.get(facts.tech or 0, "")
    if facts.type == "spell":
        if card.ultimate:
            return "ultimate spell"
        return "minor spell" if facts.spec is None else "spell"
    return f"{tech} {facts.type}".strip()


def card_line(card: Card) -> str:
    """One line: `Tenderfoot · tech 0 unit · 1 gold · 1/2`."""
    facts = card.facts
    parts = [facts.name, card_kind(card)]
    if facts.cost is not None:
        parts.append(f"{facts.cost} gold")
    if facts.atk is not None and facts.hp is not None:
        parts.append(f"{facts.atk}/{facts.hp}")
    elif facts.hp is not None:
        parts.append(f"{facts.hp} HP")
    if facts.keywords:
        parts.append(", ".join(facts.keywords))
    return " · ".join(parts)


def card_choices(typed: str) -> list[tuple[str, str]]:
    """(label, value) for the card-name autocomplete: names starting with `typed` first, then containing it."""
    wanted = typed.strip().lower()
    cards = sorted(catalog().cards.values(), key=lambda c: c.name.lower())
    starts = [c for c in cards if c.name.lower().startswith(wanted)]
    inside = [c for c in cards if wanted in c.name.lower() and c not in starts]
    out = []
    for card in (starts + inside)[:CHOICE_LIMIT]:
        where = (card.facts.spec or card.facts.colour).title()
        out.append((clip(f"{card.name} · {where} {card_kind(card)}"), card.name))
    return out


@lru_cache(maxsize=1)
def ruling_counts() -> dict[str, dict[str, int]]:
    """Rulings we hold per card id and per rules topic (a file derived from our rulings specs)."""
    path = DATA / "ruling_counts.json"
    if not path.exists():
        return {"cards": {}, "topics": {}}
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {"cards": dict(raw.get("cards", {})), "topics": dict(raw.get("topics", {}))}


def _rulings_line(count: int, what: str = "card") -> str:
    if count == 0:
        return f"Rulings: none on record for this {what}."
    them = "it" if count == 1 else "them"
    return f"Rulings: we know {_plural(count, 'official ruling')} on this {what}, and the referee follows {them}."


def card_text(card: Card) -> str:
    """What `/codex card` shows: the facts, our reminder text and how many rulings we know."""
    facts = card.facts
    where = []
    if facts.spec:
        where.append(f"{facts.spec.title()} spec")
    where.append(f"{facts.colour} colour" if facts.colour != "neutral" else "neutral")
    lines = [f"**{facts.name}** — {card_kind(card)} ({', '.join(where)})"]
    stats = []
    if facts.cost is not None:
        stats.append(f"Cost {facts.cost} gold")
    if facts.atk is not None and facts.hp is not None:
        stats.append(f"ATK {facts.atk} / HP {facts.hp}")
    elif facts.hp is not None:
        stats.append(f"HP {facts.hp}")
    if facts.subtypes:
        stats.append(", ".join(facts.subtypes))
    if facts.legendary:
        stats.append("legendary")
    if stats:
        lines.append(" · ".join(stats))
    if facts.keywords:
        lines.append("Keywords: " + ", ".join(facts.keywords) + " (see `/codex rules`)")
    if facts.type == "hero":
        levels = facts.levels or {}
        lines.append(f"Levels: middle band from {levels.get('mid', '?')}, max level {levels.get('max', '?')}.")
        bands = list(facts.bands or ())
        for i, band in enumerate(bands):
            top = bands[i + 1].level - 1 if i + 1 < len(bands) else None
            span = f"Level {band.level}" if top == band.level else f"Levels {band.level}–{top}"
            if top is None:
                span = f"Level {band.level} (max)"
            shown = [k for k in band.keywords if k.lower() not in band.reminder.lower()]
            kw = f" {', '.join(shown).capitalize()}." if shown else ""
            lines.append(f"• {span}: {band.atk}/{band.hp}.{kw} {band.reminder}".rstrip())
    if facts.reminder:
        lines.append(f"Reminder: {facts.reminder}")
    if facts.hero_spell_of:
        lines.append(f"Hero spell of {catalog()[facts.hero_spell_of].name}.")
    if facts.starting_zone == "codex":
        lines.append("Starts in the codex: you tech it into your deck.")
    if not catalog().implemented(card.id):
        lines.append("Not playable in Arbiter yet: its abilities are still being written.")
    lines.append(_rulings_line(ruling_counts()["cards"].get(card.id, 0)))
    return "\n".join(lines)


# -------------------------------------------------------------------------------------------- rules


@dataclass(frozen=True, slots=True)
class RuleEntry:
    key: str
    title: str
    kind: str
    text: str
    aliases: tuple[str, ...] = ()
    see: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def rule_entries() -> tuple[RuleEntry, ...]:
    raw = json.loads((DATA / "rules.json").read_text(encoding="utf-8"))
    return tuple(
        RuleEntry(
            e["key"], e["title"], e.get("kind", "rule"), e["text"], tuple(e.get("aliases", ())), tuple(e.get("see", ()))
        )
        for e in raw["entries"]
    )


def _rule_words(text: str) -> str:
    text = text.strip().lower().replace("_", " ").rstrip(":")
    text = re.sub(r"\s+x$", "", text)
    return " ".join(text.split())


def find_rule(text: str) -> RuleEntry | None:
    wanted = _rule_words(text)
    for entry in rule_entries():
        if wanted in (entry.key, _rule_words(entry.title), *entry.aliases):
            return entry
    return None


def rule_choices(typed: str) -> list[tuple[str, str]]:
    wanted = _rule_words(typed)
    entries = sorted(rule_entries(), key=lambda e: e.title.lower())

    def names(e: RuleEntry) -> list[str]:
        return [e.key, _rule_words(e.title), *e.aliases]

    starts = [e for e in entries if any(n.startswith(wanted) for n in names(e))]
    inside = [e for e in entries if e not in starts and any(wanted in n for n in names(e))]
    return [(clip(f"{e.title} ({e.kind})"), e.key) for e in (starts + inside)[:CHOICE_LIMIT]]


def rule_text(entry: RuleEntry) -> str:
    lines = [f"**{entry.title}** ({entry.kind})", entry.text]
    if entry.see:
        lines.append("See also: " + ", ".join(f"`{s}`" for s in entry.see))
    count = ruling_counts()["topics"].get(entry.key, 0)
    if count:
        lines.append(_rulings_line(count, entry.kind))
    return "\n".join(lines)


# --------------------------------------------------------------------------------- tech-pick menus


@dataclass(frozen=True, slots=True)
class TechMenu:
    """What a player may tech now, read from their legal `tech …` actions."""

    cards: tuple[str, ...]
    """Card names that can be picked, in codex order."""
    doubles: frozenset[str]
    """Names of which both copies may be picked together."""
    sizes: frozenset[int]
    """How many cards a pick may hold (2, or 0-2 with ten workers, fewer when the codex runs dry)."""


def tech_menu(legal: Sequence[str]) -> TechMenu | None:
    picks = [tech_names(text) for text in legal if text.startswith("tech ")]
    if not picks:
        return None
    cards: list[str] = []
    doubles = set()
    for names in picks:
        for name in names:
            if name not in cards:
                cards.append(name)
        if len(names) == 2 and names[0] == names[1]:
            doubles.add(names[0])
    return TechMenu(tuple(cards), frozenset(doubles), frozenset(len(p) for p in picks))


def tech_names(text: str) -> list[str]:
    """The card names of a `tech A, B` pick; a name may hold a comma ("Macciatus, The Whisperer")."""
    rest = text[len("tech ") :].strip()
    if rest == NONE:
        return []
    cat = catalog()
    ids = cat.split_names(rest)
    return [n.strip() for n in rest.split(",")] if ids is None else [cat[cid].name for cid in ids]


DOUBLE = "|2"
NONE = "none"


def tech_choice_values(menu: TechMenu) -> list[tuple[str, str, str]]:
    """(label, value, description) options for the tech select menu."""
    out: list[tuple[str, str, str]] = []
    if 0 in menu.sizes:
        out.append(("Nothing this turn", NONE, "With ten workers you may skip teching."))
    for name in sorted(menu.cards, key=_codex_order):
        card = find_card(name)
        description = clip(card_line(card).split(" · ", 1)[-1]) if card is not None else ""
        out.append((clip(name), name, description))
        if name in menu.doubles:
            out.append((clip(f"{name} ×2 (both copies)"), name + DOUBLE, description))
    return out


def tech_notation(values: Sequence[str]) -> str:
    """The notation for what was picked in the tech menu: `tech A, B` or `tech none`."""
    names: list[str] = []
    for value in values:
        if value == NONE:
            continue
        if value.endswith(DOUBLE):
            names += [value[: -len(DOUBLE)]] * 2
        else:
            names.append(value)
    return "tech " + (", ".join(names) if names else "none")


def tech_prompt(menu: TechMenu, current: Sequence[str] | None) -> str:
    sizes = sorted(menu.sizes)
    need = "2 cards" if sizes == [2] else "up to 2 cards" if 0 in sizes else f"{sizes[-1]} card(s)"
    lines = [
        f"**Tech:** pick {need} from your codex. They go into your discard pile when your next turn starts, "
        "so you will draw them after your next reshuffle. Nobody else sees the pick, and you may change it "
        "until your turn begins.",
        "Pick two different cards, or the ×2 line for both copies of one card.",
    ]
    if current is not None:
        lines.append("Your pick now: " + (", ".join(current) if current else "nothing") + ".")
    return "\n".join(lines)


# ------------------------------------------------------------------------------ autocomplete labels


def action_label(verb: str, notation: str) -> str:
    """How one legal action reads in a verb's autocomplete (the verb itself is the command's name)."""
    rest = notation[len(verb) :].strip() if notation.startswith(verb) else notation
    if verb == "level":
        name, _, count = rest.rpartition(" ")
        if count.isdigit():
            n = int(count)
            return clip(f"{name}: +{_plural(n, 'level')} for {n} gold")
    if verb == "patrol":
        for slot in SLOTS:
            if rest.endswith(" " + slot):
                head = rest[: -len(slot) - 1]
                lent = re.fullmatch(r"(.+) (p\d)", head)
                if lent:  # free-for-all: lent to another player's zone
                    return clip(f"{lent.group(1)} → {lent.group(2)} {slot}")
                return clip(f"{head} → {slot}")
    if verb == "attack":
        return clip(rest.replace(" -> ", " → "))
    if verb == "play" and rest.endswith(" boost"):
        return clip(f"{rest[: -len(' boost')]} (boosted)")
    if verb == "build":
        words = rest.split(" ", 1)
        name = TECH_NAMES.get(words[0], words[0])
        return clip(name + (f" ({words[1]} spec)" if len(words) > 1 else ""))
    return clip(rest or notation)


def typed_action(verb: str, text: str) -> str:
    """What a player typed into a verb's command, as notation: the verb is added, and the labels the
    autocomplete shows (`Tenderfoot → elite`, `Troq Bashar: +2 levels for 2 gold`) are read back."""
    text = " ".join(text.split())
    if text.lower() == verb or text.lower().startswith(verb + " "):
        text = text[len(verb) :].strip()
    if verb == "patrol":
        text = " ".join(text.replace("→", " ").split())
    elif verb == "attack":
        text = text.replace("→", "->")
    elif verb == "level":
        found = re.fullmatch(r"(.+): \+(\d+) levels? for \d+ gold", text)
        if found:
            text = f"{found.group(1)} {found.group(2)}"
    elif verb == "play" and text.endswith(" (boosted)"):
        text = text[: -len(" (boosted)")] + " boost"
    elif verb == "build":
        found = re.fullmatch(r"(.+?)(?: \((\w+) spec\))?", text)
        if found:
            names = {v.lower(): k for k, v in TECH_NAMES.items()}
            kind = names.get(found.group(1).lower(), found.group(1))
            text = kind + (f" {found.group(2)}" if found.group(2) else "")
    return f"{verb} {text}".strip()


# ------------------------------------------------------------------------------------ codex pages

CODEX_PAGE = 8


def codex_pages(codex: Mapping[str, int]) -> int:
    return max(1, -(-len(codex) // CODEX_PAGE))


def codex_page_text(codex: Mapping[str, int], page: int, *, pick: Sequence[str] | None = None) -> str:
    """One page of the player's own codex: each card with its copies left and its facts."""
    pages = codex_pages(codex)
    page = min(max(page, 1), pages)
    names = sorted(codex, key=lambda n: _codex_order(n))
    lines = [f"**Your codex** (page {page} of {pages}; {sum(codex.values())} cards left)"]
    if not names:
        lines.append("Empty: every card has been teched.")
    for name in names[(page - 1) * CODEX_PAGE : page * CODEX_PAGE]:
        card = find_card(name)
        copies = codex[name]
        if card is None:
            lines.append(f"• {name} ×{copies}")
            continue
        line = f"• **{name}** ×{copies} — {card_line(card).split(' · ', 1)[-1]}"
        if card.facts.reminder:
            line += f"\n  {card.facts.reminder}"
        lines.append(line)
    if pick is not None:
        lines.append("Your tech pick: " + (", ".join(pick) if pick else "nothing") + " (change it with `/codex tech`).")
    return "\n".join(lines)


def _codex_order(name: str) -> tuple[int, int, str]:
    card = find_card(name)
    if card is None:
        return (9, 0, name)
    return (card.facts.tech if card.facts.tech is not None else 4, card.facts.cost or 0, name)


# -------------------------------------------------------------------------------------- board text


def _label(thing: Mapping[str, Any], unique: set[str]) -> str:
    """The thing's notation name, numbered only when needed. A thing wearing another card's face (Polymorph:
    Squirrel) is still named by its own card, with the face after it, so the board and the notation agree."""
    label = str(thing.get("label", thing.get("name", "?")))
    own = _COPY.sub("", label)
    shown = own if own in unique else label
    face = thing.get("name")
    return f"{shown} (now a {face})" if isinstance(face, str) and face != own else shown


def _unique_names(view: Mapping[str, Any]) -> set[str]:
    """Names only one card in sight has: they are shown without their `#n`."""
    labels = {str(t.get("label", t["name"])) for t in view.get("in_play", [])}
    for p in view.get("players", []):
        labels.update(str(c["label"]) for c in p.get("command", []))
        labels.update(str(f["label"]) for f in p.get("future", []))
    counts: dict[str, int] = {}
    for label in labels:
        name = _COPY.sub("", label)
        counts[name] = counts.get(name, 0) + 1
    return {name for name, n in counts.items() if n == 1}


def _short(label: str | None, unique: set[str]) -> str:
    if label is None:
        return "—"
    name = _COPY.sub("", label)
    return name if name in unique else label


def _fighter(thing: Mapping[str, Any], unique: set[str]) -> str:
    text = f"{_label(thing, unique)} {thing.get('atk', 0)}/{thing.get('hp', 0)}"
    if thing["type"] == "hero":
        text = f"{_label(thing, unique)} (level {thing.get('level', 1)}/{thing.get('max_level', '?')}) "
        text += f"{thing.get('atk', 0)}/{thing.get('hp', 0)}"
    notes = []
    if thing.get("damage"):
        notes.append(f"{thing['damage']} damage")
    if thing.get("keywords"):
        notes.append(", ".join(thing["keywords"]))
    if thing.get("exhausted"):
        notes.append("exhausted")
    if thing.get("runes"):
        notes.append(f"runes {thing['runes']:+d}" if isinstance(thing["runes"], int) else f"runes {thing['runes']}")
    return text + (f" ({'; '.join(notes)})" if notes else "")


def _building(kind: str, b: Mapping[str, Any]) -> str | None:
    status = b.get("status")
    if status in (None, "none"):
        return None
    name = TECH_NAMES.get(kind, kind.title())
    if status == "destroyed":
        return f"{name} destroyed"
    hp = int(b.get("hp", 0)) - int(b.get("damage", 0))
    text = f"{name} {hp}/{b.get('hp', 0)}"
    if status == "building":
        text += " (being built)"
    if b.get("spec"):
        text += f" [{b['spec']}]"
    return text


def patrol_line(view: Mapping[str, Any], seat: int) -> str:
    unique = _unique_names(view)
    patrol = view["players"][seat].get("patrol", {})
    return "Patrol: " + " · ".join(f"{slot} {_short(patrol.get(slot), unique)}" for slot in SLOTS)


def player_summary(view: Mapping[str, Any], seat: int) -> str:
    p = view["players"][seat]
    base = p["base"]
    left = max(base["hp"] - base["damage"], 0)
    return (
        f"{p['name']}: base {left}/{base['hp']} · gold {p['gold']} · workers {p['workers']} · "
        f"hand {p['hand']} · deck {p['deck']} · discard {p['discard']}"
    )


def player_lines(view: Mapping[str, Any], seat: int) -> list[str]:
    """Everything public about one player, in the forum post's order."""
    p = view["players"][seat]
    unique = _unique_names(view)
    heroes_text = ", ".join(p.get("heroes", []))
    lines = [f"{player_summary(view, seat)} · heroes: {heroes_text}"]
    buildings = [b for t in p.get("tech", []) if (b := _building(t["kind"], t))]
    if p.get("addon"):
        addon = _building(p["addon"]["kind"], p["addon"])
        if addon:
            buildings.append(addon)
    if p.get("tech2_spec"):
        buildings.append(f"Tech II spec: {p['tech2_spec']}")
    lines.append("  Buildings: " + (" · ".join(buildings) if buildings else "base only"))
    lines.append("  " + patrol_line(view, seat))
    mine = [t for t in view.get("in_play", []) if t.get("controller") == seat]
    heroes_in = [_fighter(t, unique) for t in mine if t["type"] == "hero"]
    units = [_fighter(t, unique) for t in mine if t["type"] in ("unit", "token")]
    others = [f"{_label(t, unique)} ({t['type']})" for t in mine if t["type"] not in ("hero", "unit", "token")]
    lines.append("  Heroes in play: " + ("; ".join(heroes_in) if heroes_in else "none"))
    command = []
    for c in p.get("command", []):
        wait = c.get("cooldown")
        command.append(_short(c["label"], unique) + (f" (summonable again in {_plural(wait, 'turn')})" if wait else ""))
    if command:
        lines.append("  Command zone: " + ", ".join(command))
    lines.append("  Units: " + ("; ".join(units) if units else "none"))
    if others:
        lines.append("  Also in play: " + "; ".join(others))
    if p.get("future"):
        lines.append(
            "  In the future: " + ", ".join(f"{f['label']} ({f['time_runes']} time runes)" for f in p["future"])
        )
    return lines


# ------------------------------------------------------------------------------------- forum export


def _public_lines(game: Any, events: Sequence[Event]) -> list[str]:
    out = []
    for event in events:
        if event.kind in PLATFORM_EVENTS or not event.visible_to(None):
            continue
        line = game.describe_event(event, None)
        if line:
            out.append(line)
    return out


class _Forum:
    def __init__(self, game: Any, names: Mapping[int, str]) -> None:
        self.game = game
        self.names = names
        self.out: list[str] = []
        self.turn_seat: int | None = None
        """The seat whose start of turn is being written (in 2v2, each partner's in turn)."""
        self.turn_seats: list[int] = []
        """Every seat playing this turn: one, or both 2v2 partners."""
        self.turn_number: object = None
        self.header = 0
        self.count = 0
        self.last: int | None = None
        """Where the last numbered action is, for a choice that completes it."""

    def close_turn(self, view: Mapping[str, Any] | None) -> None:
        if self.turn_seat is None or view is None:
            return
        for seat in self.turn_seats:
            self.out.append(patrol_line(view, seat))
            self.out.append(player_summary(view, seat))
        self.out.append("")

    def heading(self) -> str:
        who = " and ".join(f"p{s + 1}{self.names.get(s, '')}" for s in self.turn_seats)
        return f"== Turn {self.turn_number} · {who} =="

    def open_turn(self, event: Event, view: Mapping[str, Any]) -> bool:
        """A turn begins; False when it is a 2v2 partner joining the turn already open (same number)."""
        seat = int(event.data["seat"])
        number = event.data.get("turn", "?")
        self.turn_seat = seat
        if number == self.turn_number and seat not in self.turn_seats:
            self.turn_seats.append(seat)
            self.out[self.header] = self.heading()
            return False
        self.turn_number = number
        self.turn_seats = [seat]
        self.count = 0
        self.last = None
        self.header = len(self.out)
        self.out.append(self.heading())
        return True

    def action(self, lines: list[str], gold: int | None, *, numbered: bool, continues: bool = False) -> None:
        tail = f"  [{gold} gold]" if gold is not None else ""
        if continues and self.last is not None:  # a choice finishes the action before it
            line = re.sub(r"  \[\d+ gold\]$", "", self.out[self.last])
            self.out[self.last] = line + " " + " ".join(lines) + tail
        elif numbered:
            self.count += 1
            self.last = len(self.out)
            self.out.append(f"{self.count}. " + " ".join(lines) + tail)
        else:
            self.out.append("   " + " ".join(lines) + tail)


def forum_export(record: MatchRecord, entries: Sequence[LogEntry], names: Mapping[int, str] | None = None) -> str:
    """The match so far in the play-by-forum layout, from public views and public events only.

    `names` maps seats to how players are called (a mention or a display name).
    """
    game = get_game(record.game)
    seat_names = {s: f" ({n})" for s, n in (names or {}).items()}
    start, applied = effective_entries(entries)
    state = base_state(game, start, record.seed, len(record.seated()), record.options)
    view = game.view(state, None)
    forum = _Forum(game, seat_names)
    header = [f"{game.title} · match #{record.id} — forum export (public information only)"]
    for seat, p in enumerate(view["players"]):
        heroes_text = ", ".join(p.get("heroes", []))
        specs = ", ".join(s.title() for s in p.get("specs", []))
        header.append(f"p{seat + 1}{seat_names.get(seat, '')}: {heroes_text} ({specs}) · {p['workers']} workers")
    header.append("")
    forum.out.extend(header)
    _export_events(forum, [Event.from_json(e) for e in start.events], None, view)
    for entry in applied:
        state = apply_entry(game, state, entry)
        view = game.view(state, None)
        events = [Event.from_json(e) for e in entry.events]
        if entry.kind == "resign":
            forum.out.append(f"p{(entry.seat or 0) + 1} resigns.")
        verb = entry.action[0] if isinstance(entry.action, list) and entry.action else None
        _export_events(forum, events, entry.seat, view, continues=verb == "choose")
    forum.out.append("")
    forum.out.append("== Board now ==")
    for seat in range(len(view["players"])):
        forum.out.extend(player_lines(view, seat))
    if not record.live and record.result:
        forum.out.append(result_line(game, record))
    elif view.get("to_move"):
        forum.out.append("Waiting on " + ", ".join(f"p{s + 1}" for s in view["to_move"]) + ".")
    # The post is read now: a card named by its copy number then and hidden again since loses the number.
    return "\n".join(game.forget_hidden(state, forum.out)).strip() + "\n"


def _export_events(
    forum: _Forum, events: list[Event], actor: int | None, view: Mapping[str, Any], *, continues: bool = False
) -> None:
    """One log entry: the action's public sentences, and any turn that begins inside it."""
    segment: list[Event] = []
    for event in events:
        if event.kind == "turn":
            _flush(forum, segment, actor, view, continues=continues)
            continues = False
            same = int(event.data["seat"]) not in forum.turn_seats and event.data.get("turn") == forum.turn_number
            if not same:
                forum.close_turn(view)
            forum.open_turn(event, view)
            segment, actor = [], None
            continue
        segment.append(event)
    _flush(forum, segment, actor, view, continues=continues)


def _flush(
    forum: _Forum, segment: list[Event], actor: int | None, view: Mapping[str, Any], *, continues: bool = False
) -> None:
    lines = _public_lines(forum.game, segment)
    if not lines:
        return
    seat = forum.turn_seat
    if seat is None:
        forum.out.append("Setup: " + " ".join(lines))
    elif actor is None:  # the start of a turn: upkeep and what comes with it
        forum.out.append("Start: " + " ".join(lines) + f"  [{view['players'][seat]['gold']} gold]")
    elif any(e.kind == "patrol" for e in segment):  # ending the main phase locks the patrol in
        forum.out.append("End: " + " ".join(lines))
    elif actor in forum.turn_seats:  # in 2v2 either partner's move
        forum.action(lines, view["players"][actor]["gold"], numbered=True, continues=continues)
    else:  # another player's tech pick, made during this turn
        forum.action(lines, None, numbered=False)
