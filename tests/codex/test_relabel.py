"""Forgetting hidden copy numbers reads labels exactly as one regular expression of every label does.

The step-by-step relabeller looks only at the "#<digits>" in a text; the pattern it replaced is kept for
labels of another shape, and both must agree on every text: same labels read, same left-to-right and
longest-first choice, same boundaries (no word character before, no digit after)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.codex.ctx import _longer, _pattern_relabeller, _relabeller, endings

NAMES = ["Argonaut", "Fading Argonaut", "Old Argonaut", "Ox", "Fox", "X", "Tiny Ox_", "3 Bears"]
LABELS = sorted({f"{n}#{c}" for n in NAMES for c in (1, 2, 12)})
PIECES = st.sampled_from([*LABELS, " ", "#", "1", "2", "_", "é", "٣", "a", "-", "F", "#1", ", ", "Fading "])


def _slow_longer(hidden: dict[str, str], labels: set[str]) -> set[str]:
    """The labels, not hidden, that end with a hidden one after a space, read character by character."""
    return {x for x in labels - hidden.keys() if any(x[i + 1 :] in hidden for i, c in enumerate(x) if c == " ")}


@given(
    hidden_labels=st.sets(st.sampled_from(LABELS), min_size=1),
    others=st.sets(st.sampled_from(LABELS)),
    texts=st.lists(st.lists(PIECES, max_size=12).map("".join), min_size=1, max_size=5),
)
def test_the_copy_scan_reads_labels_as_the_pattern_does(
    hidden_labels: set[str], others: set[str], texts: list[str]
) -> None:
    hidden = {x: x.rsplit("#", 1)[0] for x in hidden_labels}
    labels = hidden_labels | others
    fast = _relabeller(hidden, endings(labels))
    slow = _pattern_relabeller(hidden, _slow_longer(hidden, labels))
    assert _longer(hidden, endings(labels)) == _slow_longer(hidden, labels)
    for text in texts:
        assert fast(text) == slow(text), text


def test_a_longer_label_around_a_hidden_one_is_kept() -> None:
    hidden = {"Argonaut#1": "Argonaut", "Ox#2": "Ox"}
    relabel = _relabeller(hidden, endings({"Argonaut#1", "Fading Argonaut#1", "Ox#2", "Fox#2"}))
    text = "Fading Argonaut#1 hits Argonaut#1; Ox#2, Fox#2, Ox#22 and x_Ox#2 stay"
    assert relabel(text) == "Fading Argonaut#1 hits Argonaut; Ox, Fox#2, Ox#22 and x_Ox#2 stay"
