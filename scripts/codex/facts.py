#!/usr/bin/env python3
"""Derive Arbiter's Codex card *fact* files from the public card database.

Developer tool, run by hand:

    .venv/bin/python scripts/codex/facts.py [--source DIR] [--out DIR] [--check]

It reads the community card database (by default ``/work/shared/data/codex``) and writes our own
fact files under ``engine/codex/data/``:

* ``cards/<colour>.json`` for the seven colours, ``cards/heroes.json`` and ``cards/tokens.json``;
* ``buildings.json`` (base, tech buildings, add-ons).

Only facts are taken from the source: names, costs, numbers, types, subtypes, tech levels and the
plain keywords printed on a card.  No rules text, flavour text or ruling wording is copied.  The
``reminder`` lines are written by us and live in the tables at the bottom of this file.

The engine and the tests never read the source folder; they read only the files this script writes.
The output is deterministic: lists are sorted by id, keys are sorted, 2-space indent, trailing newline.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DEFAULT_SOURCE = Path("/work/shared/data/codex")
DEFAULT_OUT = REPO / "engine" / "codex" / "data"

COLOURS = ("neutral", "red", "green", "blue", "black", "white", "purple")
MAX_REMINDER = 100

Card = dict[str, Any]

# ------------------------------------------------------------------------------------------ helpers

_CIRCLED = {chr(0x2460 + i): str(i + 1) for i in range(20)} | {"\u24ea": "0", "\u24ff": "0"}


def slug(name: str) -> str:
    """Lowercase, ASCII, hyphen-separated id: "Heroes' Hall" -> "heroes-hall"."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    text = text.lower().replace("'", "").replace("&", " ")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def texts(card: Card, prefix: str = "rules_text_") -> list[str]:
    """The card's text segments (only used to *recognise* keywords; never written out)."""
    out = []
    for i in range(1, 6):
        value = card.get(f"{prefix}{i}")
        if isinstance(value, str) and value.strip():
            out.append(value.strip())
    return out


# A plain keyword, optionally with a number.  Order matters only for readability.
_KEYWORD_RE = re.compile(
    r"^(?P<kw>flying|haste|readiness|swift strike|overpower|sparkshot|stealth|invisible|anti-air"
    r"|unstoppable|unattackable|untargetable|indestructible|ephemeral|deathtouch|long-range|detector"
    r"|channeling|two lives|stash|armor piercing|can't attack or patrol|can't attack|can't patrol"
    r"|(?:frenzy|resist|armor|obliterate|healing|fading|forecast|boost) \d+)$"
)
_FLAGBEARER_RE = re.compile(r"must .{0,3} a flagbearer at least once", re.IGNORECASE)


def _normalise_numbers(text: str) -> str:
    return "".join(_CIRCLED.get(ch, ch) for ch in text)


def keywords_in(segments: Iterable[str]) -> list[str]:
    """Recognise the plain keywords printed on a card.

    A segment counts only when, after dropping the parenthesised help text, it is nothing but a
    comma-separated list of keywords (``"Flying, haste, resist 2"``), optionally followed by
    ``but can't attack/patrol``.  Conditional forms ("Stealth while attacking a unit", "Your
    Virtuosos have haste") are abilities, not printed keywords, and are left to the engine.
    """
    found: list[str] = []
    for raw in segments:
        seg = _normalise_numbers(re.sub(r"\([^)]*\)", "", raw)).strip().rstrip(".").strip()
        seg = seg.replace("\u2019", "'")
        if _FLAGBEARER_RE.search(raw):
            found.append("flagbearer")
            continue
        head, _, tail = seg.partition(" but ")
        parts = [p.strip().lower() for p in head.split(",") if p.strip()]
        if tail:
            parts.append(tail.strip().lower())
        if not parts or not all(_KEYWORD_RE.match(p) for p in parts):
            continue
        for p in parts:
            if p == "can't attack or patrol":
                found += ["can't attack", "can't patrol"]
            else:
                found.append(p)
    out: list[str] = []
    for kw in found:
        if kw not in out:
            out.append(kw)
    return out


def split_subtypes(raw: str | None) -> list[str]:
    """Split the database's subtype line into subtypes, keeping known two-word subtypes together."""
    if not raw:
        return []
    words = raw.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        pair = " ".join(words[i : i + 2])
        if pair in TWO_WORD_SUBTYPES:
            out.append(pair)
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


TWO_WORD_SUBTYPES = {"Cute Animal", "Angry Dancer", "Water Elemental"}

# ------------------------------------------------------------------------------------------ derive


def card_type(raw_type: str) -> tuple[str, bool, list[str], list[str]]:
    """Map a database type line to (type, legendary, extra subtypes, extra keywords)."""
    words = raw_type.split()
    legendary = "Legendary" in words
    extra_sub: list[str] = []
    extra_kw: list[str] = []
    if "Spell" in words:
        if "Ultimate" in words:
            extra_sub.append("Ultimate")
        if "Ongoing" in words:
            extra_kw.append("ongoing")
        return "spell", legendary, extra_sub, extra_kw
    base = words[-1].lower()
    if base not in {"unit", "upgrade", "building"}:
        raise ValueError(f"unexpected card type {raw_type!r}")
    return base, legendary, extra_sub, extra_kw


def derive_card(raw: Card, colour: str, hero_by_spec: dict[str, str]) -> Card:
    name = raw["name"]
    ctype, legendary, extra_sub, extra_kw = card_type(raw["type"])
    zone = raw["starting_zone"]
    spec = raw.get("spec")
    spec_id = spec.lower() if spec else None
    if zone == "trash":
        zone = "token"
        ctype = "token"
    tech = 0 if ctype == "spell" or zone in {"deck", "token"} else int(raw["tech_level"])
    subtypes = split_subtypes(raw.get("subtype")) + extra_sub
    kws = keywords_in(texts(raw))
    if ctype not in {"unit", "token"} and "flagbearer" in kws:
        kws.remove("flagbearer")  # e.g. an attachment that *grants* flagbearer is not one itself
    for kw in extra_kw:
        if kw not in kws:
            kws.append(kw)
    if legendary and "legendary" not in kws:
        kws.append("legendary")
    card: Card = {
        "id": slug(name),
        "name": name,
        "colour": colour,
        "spec": spec_id,
        "type": ctype,
        "subtypes": subtypes,
        "cost": raw.get("cost"),
        "tech": tech,
        "atk": raw.get("ATK"),
        "hp": raw.get("HP"),
        "starting_zone": zone,
        "legendary": legendary,
        "keywords": kws,
        "reminder": REMINDERS.get(slug(name), ""),
    }
    if ctype == "spell" and spec_id:
        card["hero_spell_of"] = hero_by_spec[spec_id]
    return card


def derive_hero(raw: Card) -> Card:
    hid = slug(raw["name"])
    mid, top = int(raw["mid_level"]), int(raw["max_level"])
    band_reminders = HERO_REMINDERS.get(hid, ("", "", ""))
    bands = []
    for idx, (level, prefix, n) in enumerate(((1, "base_text_", 1), (mid, "mid_text_", 2), (top, "max_text_", 3))):
        bands.append(
            {
                "level": level,
                "atk": raw[f"ATK_{n}"],
                "hp": raw[f"HP_{n}"],
                "keywords": keywords_in(texts(raw, prefix)),
                "reminder": band_reminders[idx],
            }
        )
    return {
        "id": hid,
        "name": raw["name"],
        "colour": raw["color"].lower(),
        "spec": raw["spec"].lower(),
        "type": "hero",
        "subtypes": [raw["subtype"]] if raw.get("subtype") else [],
        "cost": raw["cost"],
        "levels": {"mid": mid, "max": top},
        "bands": bands,
        "reminder": "",
    }


def derive_buildings(fixtures: dict[str, Card]) -> dict[str, Any]:
    """Base, tech buildings and add-ons: costs/HP from the card database, requirements from the rules."""

    def fx(name: str) -> Card:
        return fixtures[name]

    tech = []
    for tier, name, workers in ((1, "Tech I Building", 6), (2, "Tech II Building", 8), (3, "Tech III Building", 10)):
        tech.append(
            {
                "id": f"tech-{tier}",
                "name": name,
                "tier": tier,
                "cost": fx(name)["cost"],
                "hp": fx(name)["HP"],
                "workers_required": workers,
                "requires": None if tier == 1 else f"tech-{tier - 1}",
                "rebuild_cost": 0,
                "reminder": BUILDING_REMINDERS[f"tech-{tier}"],
            }
        )
    addons = []
    modes = {
        "surplus": ["1-hero", "3-hero"],
        "tower": ["1-hero", "3-hero"],
        "tech-lab": ["3-hero"],
        "heroes-hall": ["3-hero"],
    }
    addon_keywords = {"tower": ["anti-air"]}  # its detection is limited: see rules.tower_detections_per_turn
    for name in ("Surplus", "Tower", "Tech Lab", "Heroes' Hall"):
        aid = slug(name)
        addons.append(
            {
                "id": aid,
                "name": name,
                "cost": fx(name)["cost"],
                "hp": fx(name)["HP"],
                "modes": modes[aid],
                "keywords": addon_keywords.get(aid, []),
                "reminder": BUILDING_REMINDERS[aid],
            }
        )
    return {
        "base": {
            "id": "base",
            "name": "Base",
            "hp": fx("Base")["HP"],
            "hp_two_headed_dragon": 30,
            "tech": 0,
            "reminder": BUILDING_REMINDERS["base"],
        },
        "tech_buildings": tech,
        "add_ons": sorted(addons, key=lambda a: a["id"]),
        "rules": {
            "add_on_slots": 1,
            "base_damage_when_tech_building_or_add_on_destroyed": 2,
            "build_completes": "end_of_turn",
            "multicolour_tax": 1,
            "tower_damage_to_each_seen_attacker": 1,
            "tower_detections_per_turn": 1,
        },
        "workers": {
            "first_player": 4,
            "second_player": 5,
            "hire_cost": 1,
            "hires_per_turn": 1,
            "optional_tech_at": 10,
            "gold_cap": 20,
        },
    }


# ------------------------------------------------------------------------------------------ main


def load(source: Path, name: str) -> Any:
    with (source / f"{name}.json").open(encoding="utf-8") as fh:
        return json.load(fh)


def build(source: Path) -> dict[str, Any]:
    """Return {relative path: JSON value} for every output file."""
    heroes_raw = load(source, "heroes")
    hero_by_spec = {h["spec"].lower(): slug(h["name"]) for h in heroes_raw}
    outputs: dict[str, Any] = {}
    tokens: dict[str, Card] = {}
    fixtures: dict[str, Card] = {}
    for colour in COLOURS:
        cards: list[Card] = []
        for raw in load(source, colour):
            zone = raw["starting_zone"]
            if zone == "worker":
                continue  # the x4/x5 worker card: a counter, not a card in play (see buildings.json)
            if zone == "trash" and raw["type"] == "Building":
                fixtures[raw["name"]] = raw
                continue
            token_colour = raw["color"].lower() if zone == "trash" else colour
            card = derive_card(raw, token_colour, hero_by_spec)
            if zone == "trash":
                tokens.setdefault(card["id"], card)  # Dancer / Angry Dancer are printed twice (two faces)
            else:
                cards.append(card)
        outputs[f"cards/{colour}.json"] = sorted(cards, key=lambda c: c["id"])
    outputs["cards/tokens.json"] = sorted(tokens.values(), key=lambda c: c["id"])
    outputs["cards/heroes.json"] = sorted((derive_hero(h) for h in heroes_raw), key=lambda h: h["id"])
    outputs["buildings.json"] = derive_buildings(fixtures)
    validate(outputs)
    return outputs


def validate(outputs: dict[str, Any]) -> None:
    seen: dict[str, str] = {}
    problems = []
    for path, value in outputs.items():
        if not path.startswith("cards/"):
            continue
        for obj in value:
            if obj["id"] in seen:
                problems.append(f"duplicate id {obj['id']} in {path} and {seen[obj['id']]}")
            seen[obj["id"]] = path
            reminders = [obj["reminder"]] + [b["reminder"] for b in obj.get("bands", [])]
            for text in reminders:
                if len(text) > MAX_REMINDER:
                    problems.append(f"{obj['id']}: reminder longer than {MAX_REMINDER}: {text!r}")
    for table in (REMINDERS, HERO_REMINDERS):
        for key in table:
            if key not in seen:
                problems.append(f"reminder for unknown id {key!r}")
    if problems:
        raise SystemExit("\n".join(problems))


def dump(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="card database folder (read only)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="engine/codex/data folder to write")
    parser.add_argument("--check", action="store_true", help="only report files that would change")
    args = parser.parse_args(argv)
    outputs = build(args.source)
    stale = []
    for rel, value in sorted(outputs.items()):
        path = args.out / rel
        text = dump(value)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            status = "unchanged"
        else:
            status = "stale" if args.check else "written"
            stale.append(rel)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
        if isinstance(value, list):
            with_reminder = sum(1 for v in value if v["reminder"] or any(b["reminder"] for b in v.get("bands", [])))
            print(f"{rel:22} {len(value):4} entries, {with_reminder:4} with reminders  [{status}]")
        else:
            n_tech, n_add = len(value["tech_buildings"]), len(value["add_ons"])
            print(f"{rel:22} {n_tech} tech buildings, {n_add} add-ons  [{status}]")
    total = sum(len(v) for k, v in outputs.items() if k.startswith("cards/") and k != "cards/heroes.json")
    print(f"cards + tokens: {total}, heroes: {len(outputs['cards/heroes.json'])}")
    return 1 if (args.check and stale) else 0


# ------------------------------------------------------------------------------------ our own words
# Reminder lines are written by us (never the printed sentence): plain, present tense, <= 100 chars.
# "(targets)" marks an effect that uses the target symbol.

BUILDING_REMINDERS: dict[str, str] = {
    "base": "Your home building. Lose it and you lose the game.",
    "tech-1": "Lets you play tech I cards from any of your specs.",
    "tech-2": "Pick a spec when you start it; unlocks its tech II cards; 3-hero mode: 2 heroes.",
    "tech-3": "Unlocks tech III cards of your tech II spec; 3-hero mode: 3 heroes.",
    "surplus": "Gives you one extra card each turn.",
    "tower": "Spots one stealthy or invisible attacker a turn and pings every attacker it sees for 1.",
    "tech-lab": "Adds a second spec whose tech II and III cards you may play.",
    "heroes-hall": "Raises your hero limit by one.",
}

HERO_REMINDERS: dict[str, tuple[str, str, str]] = {
    "troq-bashar": (
        "No abilities yet.",
        "Each time he attacks, the defending player's base also takes 1 damage (targets).",
        "Readiness: attacking doesn't exhaust him, but he still attacks once a turn.",
    ),
    "river-montoya": (
        "No abilities yet.",
        "⤵ → Move one tech 0 or tech I patroller out of its slot (targets).",
        "Tech 0 units you play cost 1 gold less, down to 0.",
    ),
    "argagarg-garg": (
        "Arriving, brings a 0/1 Wisp token.",
        "⤵ → a unit gets +1 ATK and 1 armor this turn (targets).",
        "On reaching max: a 3/3 anti-air Water Elemental token.",
    ),
    "bigby-hayes": (
        "Stash: may keep one card through draw/discard, drawing one fewer.",
        "⤵ → pull a tech 0 or I patroller off patrol (targets).",
        "⤵ → draw a card.",
    ),
    "calamandra-moss": (
        "Discard two cards → she has stealth this turn.",
        "Your units have resist 1.",
        "④, ⤵ → put a Tiger unit from your codex into play.",
    ),
    "captain-zane": (
        "Haste.",
        "Killing a scavenger earns him 1 gold; killing a technician draws a card.",
        "On max: move a patroller to an empty slot of its zone and ping it for 1 (targets).",
    ),
    "drakk-ramhorn": (
        "When he dies, each opponent's base takes 1 damage (targets).",
        "Your units have frenzy 1.",
        "The first unit to arrive from your hand each turn gains haste.",
    ),
    "garth-torken": (
        "①, once a turn → a 1/1 Skeleton token.",
        "Sacrifice one of your Skeletons to draw 1.",
        "On reaching max: may put a tech I/II unit costing 5 or less from discard into play.",
    ),
    "garus-rook": (
        "No abilities yet.",
        "A patrol zone holding a single patroller can't stop him.",
        "Two lives: his first death is undone and he gets a crumbling rune.",
    ),
    "general-onimaru": (
        "Frenzy 1: +1 ATK during your own turn.",
        "Readiness: attacking doesn't exhaust him, once a turn.",
        "On reaching max: three 1/1 Soldier tokens with sparkshot.",
    ),
    "grave-stormborne": (
        "Sparkshot.",
        "Readiness: attacking doesn't exhaust him, once a turn.",
        "On max he gains a sword rune. ⤵, spend it → destroy a unit or hero (targets).",
    ),
    "jaina-stormborne": (
        "Sparkshot.",
        "⤵ → ping a patrolling unit or a building for 1 (targets).",
        "⤵ → a unit or building takes 3 (targets).",
    ),
    "master-midori": (
        "No abilities yet.",
        "Your units that have no abilities get +1/+1.",
        "Has flying during your own turn.",
    ),
    "max-geiger": (
        "Sparkshot.",
        "⤵ and discard 1 → draw 1.",
        "On reaching max: may trash a friendly unit and bring it back fresh (targets).",
    ),
    "orpal-gloor": (
        "His damage to units and heroes lands as -1/-1 runes.",
        "Once a turn, sacrificing a non-Demon unit puts a -1/-1 rune on a unit (targets).",
        "First death each turn of a rune-marked unit: two of its allies get -1/-1 runes (targets).",
    ),
    "prynn-pasternaak": (
        "Fading 4; each attack adds a time rune to her.",
        "Dying to fading makes opponents miss their next draw/discard step.",
        "Spend two time runes → trash a unit (targets); all return when she leaves.",
    ),
    "setsuki-hiruki": (
        "While she isn't patrolling, attacking her costs opponents 1 gold.",
        "Has swift strike during her own attacks.",
        "Draws 2 extra cards in each of your upkeeps.",
    ),
    "sirus-quince": (
        "Arriving, a 0/1 Mirror Illusion token; ② → another (max 2).",
        "② → a Mirror copies a tech 0-II unit as an Illusion, trashed at end of turn.",
        "When your non-token unit arrives, a Mirror may become an Illusion copy of it.",
    ),
    "vandy-anadrose": (
        "Sparkshot.",
        "Resist 1. ①, ⤵, discard → fetch a Demonology spell from codex to hand.",
        "On max: a friendly and an enemy tech 0/I unit get +2/+2, then die next upkeep.",
    ),
    "vir-garbarean": (
        "⓪ → peek at your top card. ① → swap it with a card from your hand.",
        "⤵ → play the top card of your deck, paying for it as usual.",
        "On reaching max: a 6/7 untargetable Mech token that arrives after forecast 2.",
    ),
}

REMINDERS: dict[str, str] = {
    # Neutral starter deck
    "timely-messenger": "Haste: ready to fight on the turn it comes into play.",
    "tenderfoot": "No abilities. It is a Virtuoso, so Finesse cards pump it.",
    "older-brother": "No abilities; just a 2/2 body.",
    "brick-thief": "Arriving and attacking: 1 damage to a building, 1 repaired on another (targets). Resist 1.",
    "helpful-turtle": "Healing 1: in your upkeep, each friendly unit and hero loses 1 damage.",
    "granfalloon-flagbearer": "Flagbearer: enemy targeted effects must pick a flagbearer while one is legal.",
    "fruit-ninja": "Frenzy 1: has +1 ATK during your own turn.",
    "spark": "One patroller takes 1 damage (targets).",
    "bloom": "A friendly unit or hero with no +1/+1 rune gets one (targets).",
    "wither": "Any unit or hero gets a -1/-1 rune (targets).",
    # Bashing
    "wrecking-ball": "One building takes 2 damage (targets).",
    "the-boot": "Destroys one tech 0 or I unit; heroes don't count as units (targets).",
    "intimidate": "One unit or hero has 4 less ATK until end of turn (targets).",
    "final-smash": "Tech 0 unit destroyed, tech I unit back to owner's hand, tech II unit now yours (targets).",
    "iron-man": "No abilities; a sturdy 3/4.",
    "revolver-ocelot": "Sparkshot: when it attacks a patroller, a neighbouring patroller takes 1 too.",
    "hired-stomper": "On arrival, one unit (not a hero) takes 3 damage (targets).",
    "regular-sized-rhinoceros": "No abilities; a big 5/6.",
    "sneaky-pig": "Haste. Has stealth for the turn it comes into play.",
    "eggship": "Flying: skips ground patrollers; only fliers and anti-air can fight it.",
    "harvest-reaper": "Overpower: damage beyond what kills a patroller spills onto another legal target.",
    "trojan-duck": "Obliterate 2. On arrival and on each attack, a building takes 4 (targets).",
    # Finesse
    "harmony": "Channeling. Each later spell you play adds a 0/1 Dancer (max 3). Sacrifice: Dancers flip.",
    "discord": "Until end of turn, one opponent's tech 0 and I units shrink by 2 ATK and 1 HP.",
    "two-step": "Channeling. Two unpartnered units of yours pair up: +2/+2 each while both stay (targets).",
    "appel-stomp": "Pulls a patroller off patrol and draws you a card; can return to the top of your deck (targets).",
    "nimble-fencer": "Your Virtuosos, this one included, have haste.",
    "star-crossed-starlet": "Takes 1 damage in each of your upkeeps; +1 ATK for each damage on it.",
    "grounded-guide": "Other units you control: +1 ATK. Virtuosos you control: +2/+1 in place of that.",
    "maestro": "Your Virtuosos cost 0 and gain: ⤵ → a building takes 2 damage (targets).",
    "backstabber": "Invisible: foes without a detector can't target it or attack it unless it patrols.",
    "cloud-sprite": "Flying: skips ground patrollers; only fliers and anti-air can fight it.",
    "leaping-lizard": "Anti-air: may fight fliers, and hits fliers that pass over it on patrol.",
    "blademaster": "Grants swift strike to every unit and hero you control: they hit before others.",
    # Tokens of the basic game
    "dancer": "Flips into an Angry Dancer when you stop the music.",
    "angry-dancer": "Unstoppable: may ignore patrollers when it attacks.",
    # Other tokens
    "mercenary": "No abilities; a 1/1 handed out in free-for-all setup.",
    "shark": "Haste; dies at end of turn.",
    "pirate": "No abilities; a 2/2 Pirate.",
    "hunter": "Anti-air.",
    "beast": "No abilities; a 4/4 Beast.",
    "frog": "No abilities; a 1/1 Frog.",
    "squirrel": "No abilities; a 1/1 Squirrel.",
    "wisp": "No abilities; a 0/1 Wisp.",
    "soldier": "Sparkshot.",
    "mirror-illusion": "An Illusion that Sirus Quince can turn into copies of other units.",
    "water-elemental": "Anti-air.",
    "warlock": "No abilities; keeps Terras Q chained while it is in play.",
    "skeleton": "No abilities; a 1/1 Skeleton.",
    "zombie": "No abilities; a 2/2 Zombie.",
    "horror": "Deathtouch.",
    "daigo-stormborne": "Indestructible, untargetable, unstoppable; can't patrol. Trashed with Hero's Monument.",
    "ninja": "No abilities; a 1/1 Ninja.",
    "bird": "Flying.",
    "stinger": "Flying.",
    "mech": "Forecast 2, untargetable.",
    # Red
    "bamstamper-lizzo": "When it comes into play, one unit (not a hero) takes 3 damage (targets).",
    "bloodburn": "Any unit dying adds a blood rune (max 4). ⤵, spend 2 → 1 damage to a unit or building (targets).",
    "bloodlust": "Up to two units/heroes: +1 ATK and haste this turn; each takes 1 at end of turn (targets).",
    "bloodrage-ogre": "At end of turn it goes back to your hand unless it arrived or attacked this turn.",
    "bombaster": "①, sacrifice it → a patrolling unit takes 2 damage (targets).",
    "burning-volley": "Split 5 damage any way among units, heroes and buildings (targets).",
    "calypso-vystari": "⤵ → if you cast a spell this turn, move a patroller out of its slot (targets).",
    "captured-bugblatter": (
        "Any unit death costs a foe 1 base HP: the active foe, or your pick on your turn (targets)."
    ),
    "careless-musketeer": "⤵ → ping a unit or building for 1; your own base also loses 1 (targets).",
    "chameleon-lizzo": "Haste, stealth. At end of turn it returns to your hand if still in play.",
    "chaos-mirror": "Two units/heroes trade printed ATK values until end of turn.",
    "charge": "Give a unit you control +1 ATK and haste until end of turn (targets).",
    "cinderblast-dragon": "Flying, resist 2. Arriving or attacking: cast a non-ultimate Fire spell free.",
    "crash-bomber": "Dies on your turn: ping a patroller or building. On a foe's turn: ping their base (targets).",
    "crashbarrow": "Haste, overpower, ephemeral (dies at end of turn).",
    "desperation": "With an empty hand, draw 3 and trash this. Your hand is discarded after main phase.",
    "detonate": "Removes a worker or building card (not add-on) from the game, then itself (targets).",
    "disguised-monkey": "Haste. Has stealth for the turn it comes into play.",
    "doubleshot-archer": "Long-range. Each attack also deals 3 damage to the defender's base (targets).",
    "ember-sparks": "Split 3 damage among one to three patrollers and/or buildings (targets).",
    "fire-dart": "Choose: a unit takes 3, or a building takes 2 (targets).",
    "firebat": "①, ⤵ → a patroller or a building takes 2 (targets).",
    "firehouse": "⤵ → a unit, hero or building takes 2; readies again if that destroys it (targets).",
    "flame-arrow": "Choose: a unit or hero takes 4, or a building takes 3 (targets).",
    "gunpoint-taxman": "Anti-air. When it kills a patroller, take 1 gold from that player.",
    "hotter-fire": "Damage from your red spells and abilities is 1 higher.",
    "kidnapping": "Take an enemy tech 0-II unit until end of turn; it readies and has haste (targets).",
    "land-octopus": "Overpower; can't patrol. Each upkeep, sacrifice two workers or this.",
    "lobber": "Haste. ⤵ → a building takes 1 (targets).",
    "mad-man": "Haste: ready to fight on the turn it comes into play.",
    "makeshift-rambaster": "Haste; can't patrol. +2 ATK while attacking a building.",
    "marauder": "Boost 3, haste. If boosted, a worker is trashed when it is played.",
    "maximum-anarchy": "Every unit and hero in play is destroyed.",
    "molting-firebird": "Flying. When it damages a building, every enemy unit and hero takes 1 damage.",
    "nautical-dog": "Frenzy 1: has +1 ATK during your own turn.",
    "ogre-recruiter": "After an attack it survives, take control of a tech 0 or I unit (targets).",
    "pillage": "A base takes 1 damage and you steal 1 gold; with a Pirate, 2 and 2 (targets).",
    "pirate-gang-commander": "Brings three 2/2 Pirates. Your dying units ping enemy bases. Blood tech I-II units free.",
    "pirate-gunship": "A hasty flier with long-range, resist 2 and obliterate 2.",
    "rickety-mine": "⤵ → gain 3 gold and flip a coin; on tails, sacrifice this and your base takes 2.",
    "sanatorium": "①, ⤵ → draw 1; up to two tech 0-II units from hand enter hasty and die at end of turn.",
    "scorch": "One patroller or building takes 2 damage (targets).",
    "shoddy-glider": "Haste, flying, ephemeral (dies at end of turn).",
    "steam-tank": "+4 ATK while attacking a building.",
    "surprise-attack": "Makes two hasty 3/1 Sharks that perish at end of turn.",
    "war-drums": "Channeling. Your units get +1 ATK for each unit you control.",
    # Green
    "artisan-mantis": "When it comes into play, repair 3 damage on a building.",
    "barkcoat-bear": "Resist 2, overpower.",
    "behind-the-ferns": "Channeling. Your units with 3 or less ATK have stealth.",
    "blooming-ancient": (
        "Another unit or hero of yours arrives → +1/+1 rune here. Move a rune to another unit (targets)."
    ),
    "blooming-elm": "Your rune-bearers get overpower. ⤵ → 3 runes on a unit, or 1 on a hero, that has none (targets).",
    "centaur": "Overpower: excess damage to a patroller spills onto another legal target.",
    "chameleon": "Stealth: slips past patrollers unless the defender has a detector.",
    "circle-of-life": "Sacrifice a green unit for a codex green unit one tech higher costing 5 or less.",
    "dinosize": "A unit or hero gets +6 ATK and 6 armor this turn (targets).",
    "dothram-horselord": "Overpower. In upkeep it defects to the player with strictly the most total ATK.",
    "fairie-dragon": "Flying. Arriving, may feather a tech I/II unit: it becomes a 3/1 flier (targets).",
    "feral-strike": "Boost 4. Up to 2 units: codex to hand, or hand to play (with their tech building); boosted: both.",
    "ferocity": "Until your next upkeep, your units ignore armor and strike first.",
    "final-showdown": (
        "On your Balance hero: +3/+3, readiness, resist 1, draws on attack. Foe gets 2 Hunters (targets)."
    ),
    "forests-favor": "A friendly unit or hero with no +1/+1 rune gets one (targets).",
    "galina-glimmer": "Legendary. Each upkeep, 1 gold per two green units you control.",
    "gemscout-owl": "Flying, resist 1; can't attack. Each upkeep, gain 1 gold.",
    "giant-panda": "Arrives exhausted, bringing a 0/1 Wisp token.",
    "gigadon": "Overpower. Costs 1 less for each green unit you control.",
    "guargum-eternal-sentinel": "Resist 2, obliterate 4. Your Growth spells are free and need no Growth hero.",
    "huntress": "Sparkshot, anti-air.",
    "ironbark-treant": "While patrolling on enemy turns: -2 ATK and +2 armor.",
    "merfolk-prospector": "⤵ → gain 1 gold.",
    "might-of-leaf-and-claw": "Your attackers' combat damage adds growth runes; at 5+, your army gets +5/+5.",
    "moments-peace": "A truce lasting to your next turn: your units can't patrol, and no enemy unit may attack you.",
    "moss-ancient": "Untargetable. Arriving or attacking: three Squirrels. Your Squirrels: haste, invisible.",
    "murkwood-allies": "Boost 4. Make a 4/4 Beast or four 1/1 Frogs; boosted, make both.",
    "nature-reclaims": (
        "Removes from the game one upgrade, ongoing spell or building card (never an add-on), then itself."
    ),
    "oversized-rhinoceros": "No abilities; a huge 7/8.",
    "playful-panda": "Arrives exhausted, bringing a 0/1 Wisp token.",
    "polymorph-squirrel": "Until your next upkeep a unit is a plain 1/1 green Squirrel (targets).",
    "potent-basilisk": "Untargetable, deathtouch. On arrival it may wreck one upgrade or ongoing spell (targets).",
    "predator-tiger": "Tech 0 patrollers can't stop it. Its combat damage to a base trashes a worker there.",
    "rampaging-elephant": "Readies itself the first time it exhausts each turn.",
    "rampant-growth": "A unit or hero gets +2 ATK and 2 armor this turn (targets).",
    "rich-earth": "Hiring workers costs you no gold.",
    "spirit-of-the-panda": "Attach to a unit: +2/+2 and 1 gold per attack. Healing 1 for your side (targets).",
    "spore-shambler": "Arrives with two +1/+1 runes. ① or ⤵: move one to another unit (targets).",
    "stalking-tiger": "Stealth when attacking a unit; invisible while you have a Feral hero.",
    "stampede": "This turn your units get +3 ATK and 3 armor; their overkill on units/heroes hits the base.",
    "tiger-cub": "No abilities; a 2/2.",
    "tiny-basilisk": "Deathtouch. Tech 0 units can't attack it or stop it.",
    "tyrannosaurus-rex": "Overpower, resist 2. Arriving, destroys up to two units, upgrades or workers (targets).",
    "verdant-tree": "Healing 1. ⤵ → your tech buildings finish at once this turn.",
    "wandering-mimic": "Borrows flying, overpower, haste, sparkshot, untargetable, stealth from anything in play.",
    "young-treant": "Can't attack. Draw a card when it comes into play.",
    # Blue
    "air-hammer": "Flying. +2 ATK while attacking a damaged building.",
    "arrest": "Disable a patrolling unit: exhausted, off patrol, skips its next ready.",
    "arresting-constable": "⤵ → disable a tech 0-II unit (targets).",
    "bluecoat-musketeer": "Has long-range while its ATK is exactly 1.",
    "boot-camp": "Exhaust a unit or non-Peace hero and give it a +1/+1 rune; draw a card (targets).",
    "brave-knight": "Readiness. If combat damage would kill it, it returns to your hand instead.",
    "building-inspector": "Each opponent's first building each turn costs 1 more gold.",
    "censorship-council": "Opponents may play only one card from hand per turn (hiring aside).",
    "community-service": "View a foe's hand or discard; may put a tech I/II unit from it into play as yours.",
    "debilitator-alpha": "As your squad leader, units attacking it have -1 ATK.",
    "dreamscape": "Channeling. All tech 0-II units are Illusions (they die when targeted).",
    "drill-sergeant": "+1/+1 rune each time you play a unit from hand; can pass runes on (targets).",
    "elite-training": "Up to two of yours: +1 ATK, 1 armor, anti-air, sparkshot till your next upkeep (targets).",
    "eyes-of-the-chancellor": "Detector, haste. Opponents' hands are open. ⤵ → a friendly unit is invisible a while.",
    "flagstone-garrison": "Each unit you play from hand draws you a card.",
    "flagstone-spy": "Invisible. Damaging a building shows you that player's hand and steals 1 gold.",
    "free-speech": "Silences an opponent: until their next turn ends, their heroes lose abilities and can't cast.",
    "generals-hammer": "One building takes 3 damage (targets).",
    "guardian-of-the-gates": "Can't attack. Units it deals combat damage to are disabled.",
    "hallucination": "This turn, up to two tech 0-II units become Illusions (targets).",
    "injunction": "Shut down a tech I or II building and disable that player's units of the same tech.",
    "insurance-agent": "Arriving, insures a unit: when it dies, gain its cost in gold and draw (targets).",
    "jail": "Enemy units from hand are jailed instead; a new inmate releases the old one into play.",
    "judgment-day": "Destroys every tech 0, I and II unit. Your max-level Law hero may cast it any time.",
    "jurisdiction": "Cast a non-ultimate spell straight from your codex, paying its cost.",
    "justice-juggernaut": "Unstoppable; can't patrol. Two lives: its first death is undone with a crumbling rune.",
    "lawbringer-gryphon": "Flying, resist 2, obliterate 4. Your base counts as flying.",
    "lawful-search": "Draw 1, then see an opponent's hand or their discard pile.",
    "liberty-gryphon": "Illusion; flying, haste. Untouchable while you control a differently named Illusion.",
    "macciatus-the-whisperer": "Legendary. Your Illusions gain +1/+1 and stop dying to targeting.",
    "manufactured-truth": "Until end of turn, one of your tech 0/I units copies another tech 0/I unit.",
    "mind-control": "Attached to a tech 0-II unit, it hands you control of that unit (targets).",
    "overeager-cadet": "No abilities; a free 2/2.",
    "patriot-gryphon": "Flying, resist 2. Units with 2 ATK or less can't stop it. Razing a building hits the base.",
    "porkhand-magistrate": "①, ⤵ → disable a unit or hero; whoever controls it draws 1 (targets).",
    "reputable-newsman": "On arrival pick a cost; opponents are barred from spells and upgrades with that cost.",
    "reteller-of-truths": "Illusion. The first two of your non-token Illusions to die each turn go back to hand.",
    "scribe": "Draw a card when it comes into play.",
    "spectral-aven": "Illusion (dies when targeted). Flying.",
    "spectral-flagbearer": "Illusion (dies when targeted). Flagbearer.",
    "spectral-hound": "Illusion: dies when a spell or ability targets it.",
    "spectral-roc": "Illusion (dies when targeted). Flying.",
    "spectral-tiger": "Illusion: dies when a spell or ability targets it.",
    "tax-collector": "Arriving, steal 1 gold from an opponent.",
    "the-art-of-war": "Your Peace hero: unstoppable, swift strike, +2 ATK, 2 armor till your upkeep (targets).",
    "traffic-director": "Untargetable. Ignores patrollers when attacking a building.",
    # Black
    "abomination": "Every other unit in play gets -1/-1.",
    "banefire-golem": "Each upkeep, sacrifice a unit; if you do, 1 damage to every enemy unit, hero, building.",
    "blackhand-dozer": "Overpower. Your damage can't drop enemy bases below 6. Its death costs you a low unit.",
    "blackhand-resurrector": "⤵, sacrifice it → bring back a hero that died this game, at max level.",
    "bone-collector": "Each attack makes a 1/1 Skeleton token.",
    "carrion-curse": "Peek at a foe's hand and make them discard up to two cards that aren't units.",
    "corpse-catapult": "Corpse rune per death of your units. ⤵, spend two → 6 damage to a building (targets).",
    "crypt-crawler": "Sparkshot. ① → strip flying from a flier until end of turn (targets).",
    "cursed-crow": "Flying. Damaging a base makes that player discard a random card.",
    "cursed-ghoul": "On arrival, a -1/-1 rune goes on a unit (targets). Rune-marked patrollers can't block it.",
    "dark-pact": "A base takes 2 damage; its owner draws 2 cards (targets).",
    "death-and-decay": "An opponent's units and heroes get -3/-3 this turn and their buildings take 3.",
    "death-rites": "This turn, each death of your units destroys one of a foe's lowest-tech units.",
    "deteriorate": "A unit gets -1/-1 this turn (targets).",
    "doom-grasp": "Sacrifice a unit to destroy a tech 0-II unit or a hero (targets).",
    "gargoyle": "Indestructible; can't attack or patrol. ① → until your upkeep: flies, +3 ATK, fights, mortal.",
    "gorgon": "Deathtouch. Draw a card when it dies.",
    "graveyard": "Your dead non-token units are buried here (4 fills it). ⤵ → play one, paying for it.",
    "hooded-executioner": "Boost 3: if boosted, each opponent's weakest unit is destroyed.",
    "jandra-the-negator": "Overpower. If combat damage kills her, all your non-Demon units are destroyed.",
    "lichs-bargain": "Sacrifice a worker, base takes 4: get 1/1 Skeleton, 2/2 Zombie, deathtouch 3/3 Horror.",
    "lord-of-shadows": "Black units you control are invisible.",
    "metamorphosis": "Sacrifice your units; non-Demon heroes max out as Demons: 2 runes, readiness, invisible.",
    "necromancer": "Long-range. A 1/1 Skeleton appears whenever another non-token unit of yours dies.",
    "nether-drain": "One hero drops two levels and is frozen this turn; another hero rises two (targets).",
    "pestering-haunt": "Unstoppable; can't patrol; can't be sacrificed; ATK never above 1.",
    "plague-lab": "Arriving, a -1/-1 rune on each unit of a foe. ②, ⤵ → add a same-kind rune to rune-bearers.",
    "plague-lord": "Resist 2. Arriving/attacking: -1/-1 rune on each foe unit and hero. Upkeep: runes hurt bases.",
    "plague-spitter": "Anti-air. Its damage to units and heroes lands as -1/-1 runes.",
    "poisonblade-rogue": "When attacking: armor piercing, and its damage to units/heroes lands as -1/-1 runes.",
    "sacrifice-the-weak": "Every player sacrifices their weakest unit (lowest tech, then least ATK).",
    "shadow-blade": "A patroller takes 3; if that kills it, its controller discards at random (targets).",
    "shrine-of-forbidden-knowledge": (
        "Your upkeep costs your base 1. Draw one more, keep one more. Units can't block your Demons."
    ),
    "sickness": "Up to two units and/or heroes get a -1/-1 rune (targets).",
    "skeletal-archery": "Skeletons you control gain long-range and anti-air.",
    "skeletal-lord": "Skeletons you control: +1/+1. Exhaust five of them → a unit from hand enters play.",
    "skeleton-javelineer": "Arrives with a javelin rune; spend it for long-range this turn.",
    "soul-stone": "Attach to a unit: +1/+1; if it would die, it heals fully and the stones go instead (targets).",
    "spreading-plague": "Destroys every tech 0-II unit and every hero that has a -1/-1 rune.",
    "summon-skeletons": "Two 1/1 Skeleton tokens.",
    "terras-q-the-shackled": "Resist 3, obliterate 2. Gives a foe four 0/1 Warlocks; chained while any remain.",
    "thieving-imp": "Arriving, an opponent discards a random card.",
    "twilight-baron": "Overpower. While it is in play, tech II and III units are off-limits for you.",
    "voidblocker": "An opponent attacking it must also exhaust another ready unit or hero of theirs.",
    "wight": "When attacking heroes: unstoppable and deathtouch.",
    "zarramonde-the-obliterator": "Untargetable, obliterate 4. From hand: destroys a unit/hero/worker/upgrade/ongoing.",
    # White
    "aged-sensei": "⤵ → a friendly unit or hero gets +1 ATK and 1 armor this turn (targets).",
    "ardras-boulder": "Legendary. No abilities; a 0/6 wall.",
    "birds-nest": "Channeling. Two 1/1 flying Birds (max 2); lost ones come back each upkeep.",
    "colossus": "Can skip past patrollers when its target is a base.",
    "doubling-barbarbarian": "Overpower. Any ATK, HP or armor it gains is doubled.",
    "earthquake": "A foe's damaged buildings take 4 each; their undamaged ones take 1.",
    "entangling-vines": "On a patrolling unit: pulls it off patrol; it can neither attack nor patrol (targets).",
    "flying-fox": "Flying.",
    "focus-master": "Arrives with three focus runes; spend one to shave 1 off exactly lethal damage to a friend.",
    "fox-primus": "Frenzy 1, anti-air.",
    "fox-viper": "Sparkshot.",
    "foxs-den-school": "Invisible; so are your Ninjas and Cute Animals. ②, ⤵ → a unit of yours turns Ninja (targets).",
    "foxs-den-students": "Four 1/1 Ninja tokens; your Ninjas have haste and stealth this turn.",
    "fuzz-cuddles": "Healing 2: in your upkeep, friendly units and heroes each lose 2 damage.",
    "glorious-ninja": "Haste, swift strike.",
    "grappling-hook": "Move a patroller to an empty slot of its patrol zone (targets).",
    "heros-monument": "Untargetable. Brings the 8/8 Daigo Stormborne token. Your heroes get +1/+1.",
    "hidden-ninja": "Up to two of yours with 4 ATK or less get stealth this turn; Ninja bonus: draw (targets).",
    "inverse-power-ninja": "-1/-1 for every other unit or hero you control.",
    "jade-fox-dens-headmistress": "On arrival, four 1/1 Ninja tokens. Ninjas you control fly and strike first.",
    "jefferson-degrey-ghostly-diplomat": "Arriving, destroys every token in play.",
    "martial-mastery": "Discard 1, draw 2, then see the opponent's hand.",
    "masked-raccoon": "Units can't stop it if you have another Ninja, nor attack it with another Cute Animal.",
    "mind-parry-monk": "Opponents' spells and abilities can't target your units or heroes.",
    "morningstar-flagbearer": "Flagbearer: enemy targeted effects must pick a flagbearer while one is legal.",
    "morningstar-pass": "Your other buildings take no damage. Attacking this costs opponents 1 gold each time.",
    "mythmaking": "Your legendary units +2/+2, legendary buildings +2 HP; enemy legendary units -1/-1.",
    "oathkeeper-of-kor-mountain": "Swift strike, resist 2. Arriving, swear a binding oath. ② → sideline all patrols.",
    "porcupine": "Deathtouch.",
    "rambasa-twin": "Arriving, may bring its twin from codex. First Twin death each turn: back to codex.",
    "reversal": "A patroller takes 3 damage and is disabled (targets).",
    "safe-attacking": "Attacking tech 0 and I units you control gain 1 armor.",
    "savior-monk": "Healing 1: in your upkeep, friendly units and heroes each lose 1 damage.",
    "senseis-advice": "Up to two of your units get +1 ATK and 1 armor this turn (targets).",
    "shuriken-hail": "Every patroller takes 1 damage.",
    "smoker": "Stealth. When a spell or ability targets it, it returns to your hand.",
    "snapback": "Send an enemy hero home (it sits out a turn); that player fields another hero (targets).",
    "sparring-partner": "⤵ → +1/+1 rune on a rune-less friend (targets). ② → ready it, but no attacking.",
    "speed-of-the-fox": "This turn your Ninjutsu hero gains +1 ATK, haste, readiness and armor piercing (targets).",
    "thunderclap": "Sideline up to three non-flying units costing 2 or less (targets).",
    "training-grounds": "Your heroes get +1 ATK. ⤵ → a hero jumps to max level.",
    "true-power-of-storms": "Reveal, discard two other 3-cost cards: 10 damage to a unit, hero or building (targets).",
    "versatile-style": "Pick one: destroy an upgrade, disable a flier, repair 2, or your hero detects (targets).",
    "vigor-adept": "Frenzy 1, readiness.",
    "whitestar-grappler": "⤵ → 4 damage to a unit; a survivor hits back for its ATK and leaves patrol (targets).",
    "young-lightning-dragon": "Flying. ① → +1 ATK this turn, up to three times a turn.",
    # Purple
    "argonaut": "Readiness: attacking doesn't exhaust it, but it attacks once a turn.",
    "assimilate": "Steal an upgrade, ongoing spell or building card; add-ons are immune (targets).",
    "battle-suits": "Soldiers and Mystics you control (not tokens) gain +1 ATK.",
    "chronofixer": "Untargetable. Enemy heroes can't gain levels.",
    "double-time": "Forecast 3: when it resolves you take an extra turn, then it is trashed.",
    "ebbflow-archon": "Fading 7; -1/-1 per time rune. Spend a rune → bounce a unit or send a hero home (targets).",
    "fading-argonaut": "Fading 3: loses a time rune each upkeep and is sacrificed at zero.",
    "forgotten-fighter": "Bounce a patrolling tech 0/I unit of 2 ATK or less back into its owner's hand (targets).",
    "gilded-glaxx": "While you hold gold it can't be sacrificed and leaves play only by combat death.",
    "hardened-mox": "Indestructible. Trashed as soon as you have a tech II unit (forecast ones count).",
    "hive": "Flying, resist 1. Arriving: five flying 1/1 Stingers. ① → replace one. Leaving: lose five.",
    "hyperion": "Haste. Draw a card each time it attacks.",
    "immortal": "Indestructible: instead of dying it exhausts and is wiped clean.",
    "knight-of-the-conclave": "Forecast 3, resist 1: free to play, arrives after three of your upkeeps.",
    "nebula": "Flier, resist 3; your other units are invisible. ⓪, once a turn → destroy a tech 0-II unit.",
    "neo-plexus": "No abilities; a 2/2 Soldier.",
    "now": "A unit or hero gets haste this turn (targets).",
    "nullcraft": "Flying, haste. Buff and Debuff spells can't target it.",
    "octavian": "⑧, ⤵ → Octavian readies and up to eight units/heroes are disabled (targets).",
    "omegacron": "Forecast 6, haste, untargetable. Sacrifice a unit/hero/worker/upgrade → one rune sooner.",
    "origin-story": "Send a hero back to its command zone (targets).",
    "plasmodium": "Forecast 3, haste: arrives after three of your upkeeps, ready to attack.",
    "promise-of-payment": "Your next card this turn is free; pay its cost next upkeep or lose the game.",
    "reaver": "Forecast 2. ①, ⤵, discard → trash 2 workers, or 6 damage to up to two units/heroes.",
    "ready-or-not": "Ready a unit of yours; exhausted enemy units skip their next ready (targets).",
    "rememberer": "Fading 3. Each rune it loses may pull a fading unit from your discard into play.",
    "research-development": "Draw five cards.",
    "rewind": "All tech 0-II units go back to their owners' hands. Your max-level Past hero casts it any time.",
    "second-chances": "Once a turn, a non-token unit of yours leaving play not by combat damage comes back.",
    "seer": "Arriving, may add or remove a time rune on something that has one.",
    "sentry": "Sparkshot, anti-air. Stops the first spell/ability damage each turn to one of your patrollers.",
    "shimmer-ray": "Flying, fading 2. Discarding a card gives it one more time rune.",
    "slow-time-generator": "In upkeep, each player's workers make at most 4 gold.",
    "stewardess-of-the-undone": "On arrival it may bounce one tech 0 unit into its owner's hand (targets).",
    "temporal-distortion": "Bounce your tech I/II unit to swap in a same-tech, no-dearer unit from codex.",
    "temporal-research": "Draw 1; one more if you have 3+ time runes, another at 10+.",
    "time-spiral": "Add or remove a time rune on something that already has one.",
    "tinkerer": "⤵ → add or remove a time rune on something that already has one.",
    "tricycloid": "Arrives with three time runes, +1/+1 each. Spend one → 1 damage to unit/hero/building (targets).",
    "undo": "Return a tech 0-II unit to its owner's hand (targets).",
    "unphase": "Until your next upkeep, one unit or hero is invisible (targets).",
    "void-star": "Flying, overpower. ④ → +4 ATK until your next upkeep, once a turn.",
    "vortoss-emblem": "Fading 3. Attach to a unit: it becomes a flagbearer (targets).",
    "warp-gate-disciple": "①, ⤵ → a tech I/II unit from your codex enters play, tech buildings not needed.",
    "xenostalker": "Unstoppable. Each attack: 1 damage to up to four non-flying patrollers (targets).",
    "yesterdays-golgort": "Fading 2. Gains a time rune whenever you deal combat damage to a building.",
}


if __name__ == "__main__":
    sys.exit(main())
