"""Codex text for players at the Discord table: card and rules pages, tech-pick menus, autocomplete labels and
codex pages.

Pure helpers (no Discord objects, no database): they read the engine's lookups and a player's legal moves.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.codex.cards import Card, catalog
from engine.codex.lookup import (
    NONE,
    RuleEntry,
    Ruling,
    card_facts,
    card_kind,
    clip,
    codex_order,
    find_card,
    plural,
    rulings,
)
from engine.i18n import Text, joined, render, t

TECH_NAMES = {"tech1": "Tech I", "tech2": "Tech II", "tech3": "Tech III"}
SLOTS = ("squad leader", "elite", "scavenger", "technician", "lookout")
# -------------------------------------------------------------------------------------- card pages


def rulings_text(found: Sequence[Ruling], what: str = "card") -> Text:
    """Each ruling on a card or a rules topic, in our own words with its date; or that there is none."""
    if not found:
        return t("codex-rulings-none", what=what)
    return joined(
        [
            t("codex-rulings-head", count=len(found)),
            *(t("codex-ruling", date=r.date, text=r.text) for r in found),
            t("codex-rulings-all"),
        ]
    )


def card_text(card: Card) -> Text:
    """What `/codex card` shows: the facts, our reminder text and every ruling we hold on the card."""
    facts = card.facts
    where: list[Text] = []
    if facts.spec:
        where.append(t("codex-card-spec", spec=facts.spec.title()))
    where.append(t("codex-card-colour", colour=facts.colour))
    lines: list[Text] = [t("codex-card-head", card=facts.name, kind=card_kind(card), where=joined(where, ", "))]
    stats: list[Text] = []
    if facts.cost is not None:
        stats.append(t("codex-card-cost", gold=facts.cost))
    if facts.atk is not None and facts.hp is not None:
        stats.append(t("codex-card-atk-hp", atk=facts.atk, hp=facts.hp))
    elif facts.hp is not None:
        stats.append(t("codex-card-only-hp", hp=facts.hp))
    if facts.subtypes:
        stats.append(", ".join(facts.subtypes))
    if facts.legendary:
        stats.append(t("codex-card-legendary"))
    if stats:
        lines.append(joined(stats, " · "))
    if facts.keywords:
        lines.append(t("codex-card-keywords", keywords=", ".join(facts.keywords)))
    if facts.type == "hero":
        levels = facts.levels or {}
        lines.append(t("codex-card-levels", mid=str(levels.get("mid", "?")), most=str(levels.get("max", "?"))))
        bands = list(facts.bands or ())
        for i, band in enumerate(bands):
            top = bands[i + 1].level - 1 if i + 1 < len(bands) else None
            span = "max" if top is None else "one" if top == band.level else "range"
            shown = [k for k in band.keywords if k.lower() not in band.reminder.lower()]
            stats_line = t("codex-card-band", span=span, level=band.level, top=top or 0, atk=band.atk, hp=band.hp)
            keywords = t("codex-card-band-keywords", keywords=", ".join(shown).capitalize()) if shown else ""
            lines.append(joined([stats_line, keywords, band.reminder], " "))
    if facts.reminder:
        lines.append(t("codex-card-reminder", reminder=facts.reminder))
    if facts.hero_spell_of:
        lines.append(t("codex-card-hero-spell", hero=catalog()[facts.hero_spell_of].name))
    if facts.starting_zone == "codex":
        lines.append(t("codex-card-starts-in-codex"))
    if not catalog().implemented(card.id):
        lines.append(t("codex-card-not-playable"))
    return joined([joined(lines), rulings_text(rulings().of_card(card.id))])


def rule_text(entry: RuleEntry) -> Text:
    lines: list[Text] = [t("codex-rule-head", title=entry.title, kind=entry.kind), entry.text]
    if entry.see:
        lines.append(t("codex-see-also", topics=joined([f"`{s}`" for s in entry.see], ", ")))
    found = rulings().of_topic(entry.key)
    return joined([joined(lines), rulings_text(found, entry.kind) if found else ""])


RULINGS_TOPIC = "rulings"
"""The help topic listing every card and rules topic that has rulings."""


def rulings_index() -> Text:
    """`/codex help topic:rulings`: how many rulings we hold, and on which cards and topics, by first letter."""
    held = rulings()
    cat = catalog()
    total = len({r.id for table in (held.cards, held.topics) for found in table.values() for r in found})
    cards = sorted((cat[cid].name, len(found)) for cid, found in held.cards.items())
    by_letter: dict[str, list[str]] = {}
    for name, count in cards:
        by_letter.setdefault(name[:1].upper(), []).append(f"{name} ({count})")
    topics = ", ".join(f"{key} ({len(found)})" for key, found in sorted(held.topics.items()))
    return joined(
        [
            t("codex-rulings-index", rulings=total, cards=len(held.cards), topics=len(held.topics)),
            t("codex-rulings-index-cards", count=len(cards)),
            *(f"**{letter}** · {', '.join(names)}" for letter, names in by_letter.items()),
            t("codex-rulings-index-topics", count=len(held.topics)),
            topics,
        ]
    )


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


def tech_choice_values(menu: TechMenu, locale: str | None = None) -> list[tuple[str, str, str]]:
    """(label, value, description) options for the tech select menu, in `locale`."""
    out: list[tuple[str, str, str]] = []
    if 0 in menu.sizes:
        out.append((render(t("codex-tech-nothing"), locale), NONE, render(t("codex-tech-nothing-why"), locale)))
    for name in sorted(menu.cards, key=codex_order):
        card = find_card(name)
        description = clip(render(card_facts(card), locale)) if card is not None else ""
        out.append((clip(name), name, description))
        if name in menu.doubles:
            out.append((clip(render(t("codex-tech-both", card=name), locale)), name + DOUBLE, description))
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


def tech_prompt(menu: TechMenu, current: Sequence[str] | None) -> Text:
    sizes = sorted(menu.sizes)
    need = "two" if sizes == [2] else "up-to-two" if 0 in sizes else "some"
    lines: list[Text] = [t("codex-tech-prompt", need=need, cards=sizes[-1]), t("codex-tech-two-different")]
    if current is not None:
        lines.append(t("codex-tech-current", cards=joined(current, ", ")) if current else t("codex-tech-current-none"))
    return joined(lines)


# ------------------------------------------------------------------------------ autocomplete labels


def action_label(verb: str, notation: str) -> str:
    """How one legal action reads in a verb's autocomplete (the verb itself is the command's name)."""
    rest = notation[len(verb) :].strip() if notation.startswith(verb) else notation
    if verb == "level":
        name, _, count = rest.rpartition(" ")
        if count.isdigit():
            n = int(count)
            return clip(f"{name}: +{plural(n, 'level')} for {n} gold")
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


def codex_page_text(codex: Mapping[str, int], page: int, *, pick: Sequence[str] | None = None) -> Text:
    """One page of the player's own codex: each card with its copies left and its facts."""
    pages = codex_pages(codex)
    page = min(max(page, 1), pages)
    names = sorted(codex, key=codex_order)
    lines: list[Text] = [t("codex-page-head", page=page, pages=pages, cards=sum(codex.values()))]
    if not names:
        lines.append(t("codex-page-empty"))
    for name in names[(page - 1) * CODEX_PAGE : page * CODEX_PAGE]:
        card = find_card(name)
        copies = codex[name]
        if card is None:
            lines.append(f"• {name} ×{copies}")
            continue
        lines.append(t("codex-page-card", card=name, copies=copies, facts=card_facts(card)))
        if card.facts.reminder:
            lines.append(f"  {card.facts.reminder}")
    if pick is not None:
        lines.append(t("codex-page-pick", cards=joined(pick, ", ")) if pick else t("codex-page-pick-none"))
    return joined(lines)
