"""Benchmark ``finish()`` stage by stage: where the time of a reply's tags goes.

Prints, for ``bench/turns.py``'s 2 KB reply with 8 tags, each stage's time as a multiple of the reply's
one-shot ``parse_reply`` (measured in this one run, alternating rounds, best of each; tests never assert a
time), and the whole ``regenerate`` beside them (its goal, in ``bench/turns.py``: <= 40x):

- read: ``read_tag`` of the eight tags (the lenient reader: pairs, quotes, repairs)
- normalize: the readings made commands (names, amounts, keys), on the turn's start state
- decide + evolve: the commands decided and their effects evolved into the state, in order
- judge: ``judge_tags`` over the reply's events (struck, quoted, example, recap)
- render: the answers rendered by the game's templates
- stages chained (for the split below): the same stages run one after another over the reply, as the turn runs them (a tag read,
  made commands on the state the last one left, decided and evolved; then judge and render), with nothing of
  the turn around them: no Turn, records, history, result or commit
- whole: ``game.regenerate(text)``
- glue, whole minus stages (goal <= 10x): what the turn costs beyond its stages measured alone; it splits into
  what the stages cost more chained than alone (``chained - stages``: a working set that no longer fits the
  caches, state-dependent name lookups) and the turn's own glue (``whole - chained``: scanning and hiding as
  it streams, the records, the history, ``TurnResult``, ``begin``/``commit``, ``fresh_journal``, ``day_after``).
  The split is measured as ratios of the heavy sides to each other (chained against the stages alone, the whole
  against chained), which a load on the machine moves far less than each against the short scan

Run: ``python bench/finish_stages.py``
"""

from __future__ import annotations

from timing import compare
from turns import long_reply, played

from tagproc import RawTag, parse_reply
from tagproc.engine.decide import decide
from tagproc.engine.dice import dice_for
from tagproc.engine.outcome import Accepted, Answer, evolve_all
from tagproc.engine.rules import Rules
from tagproc.judge import judge_tags
from tagproc.normalize import normalize
from tagproc.ruleset import load_ruleset
from tagproc.stream import merge_text
from tagproc.syntax import read_tag


def main() -> None:
    rules = Rules(load_ruleset("gravewatch"))
    text = long_reply()
    game = played(rules, 2, text)
    context = game._context  # a bench reads the stages the turn runs
    start = game.state_at(len(game) - 1)
    events = merge_text(parse_reply(text))
    tags = [event for event in events if isinstance(event, RawTag)]
    readings = [read_tag(tag.raw) for tag in tags]
    names = context.rules.names(start)
    index = context.game_index(names, names.members)
    commands = [
        normalize(reading, names, tag.raw, index) for reading, tag in zip(readings, tags, strict=True)
    ]

    def read() -> None:
        for tag in tags:
            read_tag(tag.raw)

    def normalise() -> None:
        for reading, tag in zip(readings, tags, strict=True):
            normalize(reading, names, tag.raw, index)

    def decide_evolve() -> list[Answer]:
        state = start
        answers: list[Answer] = []
        for position, each in enumerate(commands):
            dice = dice_for(context.seed, (len(game) - 1, "bench"), position)
            for command in each:
                decision = decide(state, command, context.rules, dice)  # type: ignore[arg-type]
                if isinstance(decision, Accepted):
                    state = evolve_all(state, decision.effects)
                    answers.extend(decision.answers)
                else:
                    answers.append(decision.answer)
        return answers

    answers = decide_evolve()

    def chained() -> None:
        merged = merge_text(parse_reply(text))
        judge_tags(merged)
        state = start
        said: list[Answer] = []
        for position, event in enumerate(merged):
            if not isinstance(event, RawTag):
                continue
            reading = read_tag(event.raw)
            names = context.rules.names(state)
            made = normalize(reading, names, event.raw, context.game_index(names, names.members))
            dice = dice_for(context.seed, (len(game) - 1, "bench"), position)
            for command in made:
                decision = decide(state, command, context.rules, dice)  # type: ignore[arg-type]
                if isinstance(decision, Accepted):
                    state = evolve_all(state, decision.effects)
                    said.extend(decision.answers)
                else:
                    said.append(decision.answer)
        context.renderer.render_answers(said)

    def judge() -> None:
        judge_tags(events)

    def render() -> None:
        context.renderer.render_answers(answers)

    reference = lambda: parse_reply(text)  # noqa: E731
    print(
        f"finish() by stage, {len(text):,} characters, {len(tags)} tags, as multiples of its one-shot scan:"
    )
    total = 0.0
    for label, stage in (
        ("read (read_tag)", read),
        ("normalize", normalise),
        ("decide + evolve", decide_evolve),
        ("judge (judge_tags)", judge),
        ("render (answers)", render),
    ):
        ratio = compare(stage, reference, rounds=7, min_time=0.03)
        total += ratio
        print(f"  {label:22} {ratio:6.1f}x")
    whole = compare(lambda: game.regenerate(text), reference, rounds=7, min_time=0.05)

    def alone() -> None:  # each stage once, as measured alone above: their sum
        read()
        normalise()
        decide_evolve()
        judge()
        render()

    # The split compares like with like in alternating rounds (chained against the stages alone, the whole
    # against the stages chained), so a load on the machine moves neither side of it.
    chain = total * compare(chained, alone, rounds=9, min_time=0.05)
    turn = chain * compare(lambda: game.regenerate(text), chained, rounds=9, min_time=0.05)
    print(f"  {'stages together':22} {total:6.1f}x")
    print(f"  {'whole regenerate':22} {whole:6.1f}x  (goal <= 40x)")
    print(
        f"  {'glue: whole - stages':22} {whole - total:6.1f}x  (goal <= 10x); split, measured against each other:"
    )
    print(
        f"  {'  chained - stages':22} {chain - total:6.1f}x  (the stages one after another, no turn around them,"
    )
    print(f"  {'':22}          cost more than each alone)")
    print(
        f"  {'  whole - chained':22} {turn - chain:6.1f}x  (the turn's own: stream, records, result, commit)"
    )


if __name__ == "__main__":
    main()
