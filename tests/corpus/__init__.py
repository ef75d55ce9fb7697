"""A held-out-style corpus of sloppy tags as small quantised models write them, and its harness.

``harness`` plays each case's sloppy reply and its canonical twin on two fresh, identical games and
classifies the sloppy one (meant, missed, wrong, leaked, crash); ``report`` prints a table per class.
The case tables (``cases_*``) were written from the contract (DESIGN.md, CONVENTIONS.md,
the README and the shipped rulesets), blind to how the reader and the normaliser are built.
"""
