"""Benchmark ``finish()`` stage by stage: where the time of a reply's tags goes.

Prints, for ``bench/turns.py``'s 2 KB reply with 8 tags, each stage's time as a multiple of the reply's
one-shot ``parse_reply`` (measured in this one run, alternating rounds, best of each; tests never assert a
time), and the whole ``regenerate`` beside them (its goal, in ``bench/turns.py``: <= 40x):

- read: ``read_tag`` of the eight tags (the lenient reader: pairs, quotes, repairs)
- normalize: the readings made commands (names, amounts, keys), on the turn's start state
- decide + evolve: the commands decided and their effects evolved into the state, in order
- judge: ``judge_tags`` over the reply's events (struck, quoted, example, recap)
- render: the answers rendered by the game's templates
- stages in sequence: the five above, each once, one after another
- whole: ``game.regenerate(text)``
- glue, whole minus stages (goal <= 10x): what the turn costs beyond its stages each timed in its own
  loop. It splits into what a stage's own tight loop hides (``sequence - stages``: the five run once each,
  one after another, cost more than the sum of their loops, the caches and predictors no longer holding one
  stage's code and data) and the turn's own glue (``whole - sequence``: scanning and hiding as it streams, the
  records, the history, ``TurnResult``, ``begin``/``commit``, ``fresh_journal``, ``day_after``). Last, two
  ratios of heavy sides to each other, which a load on the machine moves far less: the stages chained as the
  turn runs them (a tag read, made commands on the state the last one left, decided and evolved; then judge
  and render; no Turn, records, history, result or commit) against the sequence, and the whole against them

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

    def alone() -> None:  # each stage once, one after another, as measured alone above
        read()
        normalise()
        decide_evolve()
        judge()
        render()

    sequence = compare(alone, reference, rounds=7, min_time=0.05)
    # Heavy against heavy in alternating rounds, which a load on the machine moves far less than each
    # against the short scan: the stages chained (as the turn runs them, no turn) against the same stages
    # one after another, and the whole against the stages chained.
    chain = compare(chained, alone, rounds=9, min_time=0.05)
    turn = compare(lambda: game.regenerate(text), chained, rounds=9, min_time=0.05)
    print(f"  {'stages together':22} {total:6.1f}x  (the sum of the lines above, each timed in its own loop)")
    print(f"  {'stages in sequence':22} {sequence:6.1f}x  (the same five, each once, one after another)")
    print(f"  {'whole regenerate':22} {whole:6.1f}x  (goal <= 40x)")
    print(f"  {'glue: whole - stages':22} {whole - total:6.1f}x  (goal <= 10x), of which:")
    print(
        f"  {'  sequence - stages':22} {sequence - total:6.1f}x  (what a stage's own loop hides of its cost)"
    )
    print(
        f"  {'  whole - sequence':22} {whole - sequence:6.1f}x  (the turn's own: stream, records, result, commit)"
    )
    print(f"  heavy against heavy: chained / sequence {chain:.2f}, whole / chained {turn:.2f}")


if __name__ == "__main__":
    main()
