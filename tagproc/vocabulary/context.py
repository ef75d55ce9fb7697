"""The words around a tag that say it was not meant to run: an illustration, an offer or a hypothetical,
and the headings of a closing summary that repeats tags already written (issue "Whole replies").

A careful human assistant reading a Game Master's reply runs ``[inventory: ...]`` when the GM narrates it
happening, and does not when the GM shows the tag as an example ("for example [...]", "the tag would look
like [...]"), offers it ("if you want it, [...]") or repeats it in a recap under "Summary:". These tables
are what ``tagproc.judge`` reads; each phrase is matched on word boundaries, in any case, within the
sentence that holds the tag.

Invariants: every phrase is lowercase with single spaces; a phrase here never runs anything, it only stops
a tag from running, so a wrong entry costs a missed tag (answered, nothing changed), never a wrong state.
"""

from __future__ import annotations

__all__ = ["CHOICE_CUES", "EXAMPLE_AFTER", "EXAMPLE_BEFORE", "SUMMARY_HEADINGS"]

# Before the tag, in its sentence: the tag is shown, offered or supposed, not done.
EXAMPLE_BEFORE = (
    "for example",
    "for instance",
    "e.g.",
    "e.g",
    "eg.",
    "example:",
    "an example",
    "as an example",
    "such as",
    "like this",
    "like so",
    "looks like",
    "look like",
    "something like",
    "a tag like",
    "tag like",
    "the tag",
    "a tag",
    "tag format",
    "format:",
    "syntax",
    "i would write",
    "i'd write",
    "i could write",
    "i can write",
    "i would use",
    "i'd use",
    "you could write",
    "you can write",
    "you would write",
    "you'd write",
    "would be written",
    "would read",
    "if you want",
    "if you'd like",
    "if you would like",
    "if you wish",
    "if you wanted",
    "if you were to",
    "it would be",
    "that would be",
    "would cost",
    "if you decide",
    "if you choose",
    "if you agree",
    "if you accept",
    "should you",
    "would you like",
    "do you want",
    "want me to",
    "shall i",
    "once you decide",
    "when you decide",
    "i could",
    "i might",
    "i would",
    "we could",
    "you could",
    "you might",
    "could note",
    "could record",
    "hypothetically",
    "imagine",
    "suppose",
    "in theory",
)

# After the tag, in the rest of its sentence: the offer or condition comes after it.
EXAMPLE_AFTER = (
    "if you want",
    "if you'd like",
    "if you would like",
    "if you wish",
    "if you decide",
    "if you choose",
    "if you agree",
    "if you accept",
    "should you",
    "would be the tag",
    "is how",
    "would do it",
    "would look",
)

# A line that opens a closing recap: tags under it that repeat earlier ones are not run twice.
SUMMARY_HEADINGS = (
    "summary",
    "in summary",
    "to summarize",
    "to summarise",
    "recap",
    "to recap",
    "changes",
    "inventory changes",
    "inventory update",
    "inventory updates",
    "state changes",
    "updates",
    "update",
    "tags",
    "effects",
    "mechanics",
    "game mechanics",
    "ooc",
)

# A list of options the player chooses from ("You may take one:\n1. ... [tag]\n2. ... [tag]\nWhich?"): a
# tag on a list line of the paragraph that holds one of these runs nothing until the player chooses.
CHOICE_CUES = (
    "choose",
    "choose one",
    "pick one",
    "take one",
    "one of these",
    "one of the following",
    "your options",
    "options:",
    "your choices",
    "you may take",
    "you can take",
    "which will it be",
    "which do you",
    "which one",
    "what will you",
    "either",
)
