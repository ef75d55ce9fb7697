"""The store (tagproc/store): URLs, the schema and its migrations, sessions, crash safety and concurrency,
on SQLite (in memory and in a file) always and on PostgreSQL when ``TAGPROC_TEST_POSTGRES`` is reachable."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tagproc.store import StoreError, UnknownGame, open_store
from tagproc.store.backend import Backend
from tagproc.store.schema import MIGRATIONS, SCHEMA_VERSION, Migration, migrate, schema_version
from tagproc.store.sqlite import SqliteBackend
from tagproc.store.urls import parse_store_url, redact_url
from tests.store_support import postgres_schema, postgres_url

HEAD: dict[str, Any] = {
    "format": "tagproc-game",
    "version": 1,
    "ruleset": {"id": "gravewatch", "version": "1", "hash": "ab" * 32},
    "layers": [],
    "seed": 7,
    # Keys out of alphabetical order on purpose: a document comes back in the order it was written.
    "party": [{"name": "Ada", "sheet": {"abilities": {"nerve": 3, "grit": 1, "agility": 2}}, "bag": []}],
}


def event(n: int) -> dict[str, Any]:
    return {"kind": "gm", "text": f'reply {n} [inventory: action="add" item="Crown"]', "z": 1, "a": 0.5}


def _postgres(request: pytest.FixtureRequest) -> Iterator[str]:
    url, why = postgres_url()
    if url is None:
        pytest.skip(why)
    with postgres_schema(url) as scoped:
        yield scoped


@pytest.fixture(params=["sqlite-memory", "sqlite-file", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Every kind of store."""
    if request.param == "sqlite-memory":
        yield "sqlite://"
    elif request.param == "sqlite-file":
        yield f"sqlite:///{tmp_path / 'games.db'}"
    else:
        yield from _postgres(request)


@pytest.fixture(params=["sqlite-file", "postgresql"])
def durable_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The stores that outlive their process."""
    if request.param == "sqlite-file":
        yield f"sqlite:///{tmp_path / 'games.db'}"
    else:
        yield from _postgres(request)


@pytest.fixture
def postgres_only_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """PostgreSQL alone (skipped with the reason when it is not reachable)."""
    yield from _postgres(request)


# --- URLs


@pytest.mark.parametrize(
    ("text", "dialect", "path"),
    [
        pytest.param("sqlite://", "sqlite", None, id="memory"),
        pytest.param("sqlite:///:memory:", "sqlite", None, id="memory-named"),
        pytest.param("sqlite:///games.db", "sqlite", "games.db", id="relative"),
        pytest.param("sqlite:///data/games.db", "sqlite", "data/games.db", id="relative-folder"),
        pytest.param("sqlite:////srv/tagproc/games.db", "sqlite", "/srv/tagproc/games.db", id="absolute"),
        pytest.param("postgresql://ada@db.example:5432/games", "postgresql", None, id="postgresql"),
        pytest.param("postgres://ada@db.example/games", "postgresql", None, id="postgres"),
    ],
)
def test_a_store_url_names_its_dialect_and_file(text: str, dialect: str, path: str | None) -> None:
    target = parse_store_url(text)
    assert (target.dialect, target.path, target.url) == (dialect, path, text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("mysql://ada@db/games", "unknown store URL 'mysql://ada@db/games'", id="scheme"),
        pytest.param("games.db", "unknown store URL 'games.db'", id="bare-path"),
        pytest.param("sqlite://host/games.db", "a SQLite URL names no host", id="sqlite-host"),
        pytest.param("sqlite:///games.db?mode=ro", "a SQLite URL takes no query", id="sqlite-query"),
        pytest.param("mysql://ada:hunter2@db/games", "mysql://ada:***@db/games", id="password-hidden"),
    ],
)
def test_a_bad_store_url_is_refused_saying_why(text: str, message: str) -> None:
    with pytest.raises(StoreError) as caught:
        open_store(text)
    assert message in str(caught.value)
    assert "hunter2" not in str(caught.value)


def test_a_password_is_hidden_when_a_url_is_told() -> None:
    assert redact_url("postgresql://ada:s3cr%40t@db:5432/games") == "postgresql://ada:***@db:5432/games"
    assert redact_url("postgresql://ada@db/games") == "postgresql://ada@db/games"
    assert repr(open_store("sqlite://")) == "Store('sqlite://')"


def test_a_relative_sqlite_url_is_a_file_in_the_working_directory_in_wal_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with open_store("sqlite:///games.db") as store:
        store.create(HEAD)
    with sqlite3.connect(tmp_path / "games.db") as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("SELECT COUNT(*) FROM games").fetchone() == (1,)


def test_a_sqlite_file_that_cannot_be_opened_is_a_store_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot open the SQLite store"):
        open_store(f"sqlite:///{tmp_path / 'no-such-folder' / 'games.db'}")
    (tmp_path / "notes.db").write_text("not a database, only notes\n" * 100)
    with pytest.raises(StoreError, match="not a database"):
        open_store(f"sqlite:///{tmp_path / 'notes.db'}")


def test_a_postgresql_store_without_psycopg_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    monkeypatch.delitem(sys.modules, "tagproc.store.postgres", raising=False)
    with pytest.raises(StoreError, match=r"needs psycopg 3: pip install 'tagproc\[postgres\]'"):
        open_store("postgresql://ada@127.0.0.1:1/games")


def test_an_unreachable_postgresql_is_a_store_error_that_hides_the_password() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError, match="cannot connect to the store") as caught:
        open_store("postgresql://ada:hunter2@127.0.0.1:1/games?connect_timeout=2")
    assert "postgresql://ada:***@127.0.0.1:1/games" in str(caught.value)
    assert "hunter2" not in str(caught.value)


# --- games, events, snapshots


def test_a_new_game_is_its_head_with_no_events(url: str) -> None:
    with open_store(url) as store:
        game_id = store.create(HEAD)
        assert len(game_id) == 32 and int(game_id, 16) >= 0
        assert store.games() == [game_id]
        with store.session(game_id) as record:
            assert (record.id, record.head, record.count) == (game_id, HEAD, 0)
            assert record.doc() == {**HEAD, "events": []}
            assert record.snapshot() is None


def test_appended_events_come_back_in_order_with_the_latest_snapshot_and_keys_as_written(url: str) -> None:
    with open_store(url) as store:
        game_id = store.create(HEAD)
        with store.session(game_id) as record:
            record.append([event(0), event(1)], {"events": 2, "state": {"turn": 2, "b": [1], "a": None}})
            assert record.count == 2
        with store.session(game_id) as record:
            record.append([event(2)], {"events": 3, "state": {"turn": 3}})
        with store.session(game_id) as record:
            doc = record.doc()
            assert record.count == 3
            assert record.events(2) == [event(2)]
    assert doc == {
        **HEAD,
        "events": [event(0), event(1), event(2)],
        "snapshot": {"events": 3, "state": {"turn": 3}},
    }
    assert list(doc) == [*HEAD, "events", "snapshot"]
    assert list(doc["party"][0]["sheet"]["abilities"]) == ["nerve", "grit", "agility"]
    assert list(doc["events"][0]) == ["kind", "text", "z", "a"]


def test_a_snapshot_alone_replaces_the_latest_and_may_lag_the_events(url: str) -> None:
    with open_store(url) as store:
        game_id = store.create(HEAD)
        with store.session(game_id) as record:
            record.append([event(0), event(1), event(2)], {"events": 3, "state": {"turn": 3}})
            record.append([], {"events": 1, "state": {"turn": 1}})
            assert record.snapshot() == {"events": 1, "state": {"turn": 1}}
            assert record.count == 3


def test_strings_survive_as_written(url: str) -> None:
    text = 'Ünïcode ✓, "quotes", a NUL \u0000, a tab\t, a ? and a %s'
    with open_store(url) as store:
        game_id = store.create({**HEAD, "note": text})
        with store.session(game_id) as record:
            record.append([{"kind": "gm", "text": text}])
        with store.session(game_id) as record:
            assert record.head["note"] == text
            assert record.events() == [{"kind": "gm", "text": text}]


def test_a_head_with_a_snapshot_keeps_it_beside_the_head(url: str) -> None:
    with open_store(url) as store:
        game_id = store.create({**HEAD, "snapshot": {"events": 0, "state": {"turn": 0}}})
        with store.session(game_id) as record:
            assert record.head == HEAD
            assert record.doc() == {**HEAD, "events": [], "snapshot": {"events": 0, "state": {"turn": 0}}}


@pytest.mark.parametrize(
    ("head", "message"),
    [
        pytest.param({**HEAD, "events": []}, "a save document without 'events'", id="events"),
        pytest.param([HEAD], "not list", id="not-an-object"),
        pytest.param({**HEAD, "seed": float("nan")}, "head.seed: nan is not a JSON number", id="nan"),
        pytest.param({**HEAD, "layers": {"a"}}, "head.layers: a set is not JSON", id="set"),
        pytest.param({**HEAD, "ruleset": {1: "x"}}, "head.ruleset: the key 1 is not a string", id="int-key"),
        pytest.param(
            {**HEAD, "snapshot": {"events": 1, "state": {}}}, "snapshot.events: 1 is not", id="ahead"
        ),
    ],
)
def test_a_head_that_is_not_a_save_document_without_events_is_refused(
    url: str, head: Any, message: str
) -> None:
    with open_store(url) as store:
        with pytest.raises(StoreError) as caught:
            store.create(head)
        assert message in str(caught.value)
        assert store.games() == []


@pytest.mark.parametrize(
    ("events", "snapshot", "message"),
    [
        pytest.param([event(0), "gm"], None, "events.2: an event is an object, not str", id="not-an-object"),
        pytest.param([event(0), {"kind": b"gm"}], None, "events.2.kind: a bytes is not JSON", id="bytes"),
        pytest.param({"kind": "gm"}, None, "events are a list of event objects, not dict", id="one-event"),
        pytest.param(
            [event(0)], {"events": 3, "state": {}}, "snapshot.events: 3 is not", id="snapshot-ahead"
        ),
        pytest.param([event(0)], {"events": True, "state": {}}, "snapshot.events: True is not", id="bool"),
        pytest.param([event(0)], {"state": {}}, 'a snapshot is {"events": n, "state": ...}', id="no-count"),
    ],
)
def test_a_bad_append_writes_nothing_even_when_the_session_goes_on(
    url: str, events: Any, snapshot: Any, message: str
) -> None:
    with open_store(url) as store:
        game_id = store.create(HEAD)
        with store.session(game_id) as record:
            record.append([event(0)])
            with pytest.raises(StoreError) as caught:
                record.append(events, snapshot)
            assert message in str(caught.value)
            assert record.count == 1
        with store.session(game_id) as record:
            assert (record.count, record.events(), record.snapshot()) == (1, [event(0)], None)


def test_an_unknown_or_deleted_game_is_unknown(url: str) -> None:
    with open_store(url) as store:
        game_id = store.create(HEAD)
        other = store.create(HEAD)
        with store.session(game_id) as record:
            record.append([event(0)], {"events": 1, "state": {}})
        assert store.delete(game_id) is True
        assert store.delete(game_id) is False
        assert store.games() == [other]
        with pytest.raises(UnknownGame, match=f"no game '{game_id}' in the store"), store.session(game_id):
            pass
        with pytest.raises(UnknownGame):
            store.session("nope").__enter__()


def test_games_are_listed_oldest_first(url: str) -> None:
    with open_store(url) as store:
        ids = [store.create(HEAD) for _ in range(5)]
        assert store.games() == ids


def test_a_record_outside_its_session_refuses_to_be_used(url: str) -> None:
    with open_store(url) as store:
        with store.session(store.create(HEAD)) as record:
            pass
        with pytest.raises(StoreError, match="has ended: open a new one"):
            record.append([event(0)])
        with pytest.raises(StoreError, match="has ended"):
            record.doc()


def test_a_closed_store_refuses_to_be_used(url: str) -> None:
    store = open_store(url)
    store.close()
    store.close()
    with pytest.raises(StoreError, match="the store is closed"):
        store.games()


# --- crash safety


class Boom(Exception):
    pass


def test_a_session_that_raises_commits_nothing(url: str) -> None:
    with open_store(url) as store:
        game_id = store.create(HEAD)
        with store.session(game_id) as record:
            record.append([event(0)], {"events": 1, "state": {"turn": 1}})
        with pytest.raises(Boom), store.session(game_id) as record:
            record.append([event(1), event(2)], {"events": 3, "state": {"turn": 3}})
            raise Boom
        with store.session(game_id) as record:
            assert record.count == 1
            assert record.doc() == {
                **HEAD,
                "events": [event(0)],
                "snapshot": {"events": 1, "state": {"turn": 1}},
            }
            record.append([event(1)])
            assert record.count == 2


_CRASH = """
import os, sys
from tagproc.store import open_store
store = open_store(sys.argv[1])
with store.session(sys.argv[2]) as record:
    record.append([{"kind": "gm", "text": "never answered"}], {"events": record.count + 1, "state": {}})
    print("appended", flush=True)
    sys.stdin.readline()
    os._exit(9)
"""


def test_a_process_killed_mid_session_loses_what_was_committed_and_commits_nothing(durable_url: str) -> None:
    with open_store(durable_url) as store:
        game_id = store.create(HEAD)
        with store.session(game_id) as record:
            record.append([event(0)], {"events": 1, "state": {"turn": 1}})
    crashing = subprocess.Popen(
        [sys.executable, "-c", _CRASH, durable_url, game_id],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert crashing.stdout is not None and crashing.stdin is not None
    assert crashing.stdout.readline() == "appended\n"
    crashing.stdin.write("\n")
    crashing.stdin.close()
    assert crashing.wait(timeout=60) == 9
    with open_store(durable_url) as store, store.session(game_id) as record:
        assert record.doc() == {**HEAD, "events": [event(0)], "snapshot": {"events": 1, "state": {"turn": 1}}}


def test_a_reopened_store_has_every_game_as_it_was_committed(durable_url: str) -> None:
    with open_store(durable_url) as store:
        first, second = store.create(HEAD), store.create({**HEAD, "seed": 8})
        with store.session(first) as record:
            record.append([event(0), event(1)], {"events": 2, "state": {"turn": 2}})
    with open_store(durable_url) as store:
        assert store.games() == [first, second]
        with store.session(first) as record:
            assert record.doc()["events"] == [event(0), event(1)]
        with store.session(second) as record:
            assert (record.head["seed"], record.count) == (8, 0)


# --- concurrency


def _in_thread(target: Any) -> tuple[threading.Thread, list[BaseException]]:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            target()
        except BaseException as error:  # the test thread re-raises it
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, errors


def test_a_second_session_on_a_game_waits_for_the_first_and_sees_its_events(url: str) -> None:
    with open_store(url) as store:
        game_id = store.create(HEAD)
        holding, release = threading.Event(), threading.Event()
        trying, seen = threading.Event(), []

        def first() -> None:
            with store.session(game_id) as record:
                record.append([event(0)])
                holding.set()
                release.wait(30)

        def second() -> None:
            trying.set()
            with store.session(game_id) as record:
                seen.append(record.count)
                record.append([event(record.count)])

        one, one_errors = _in_thread(first)
        assert holding.wait(30)
        two, two_errors = _in_thread(second)
        assert trying.wait(30)
        two.join(0.3)
        assert two.is_alive() and seen == []  # still waiting for the first session
        release.set()
        one.join(30)
        two.join(30)
        assert one_errors == two_errors == []
        assert seen == [1]
        with store.session(game_id) as record:
            assert record.events() == [event(0), event(1)]


def test_sessions_from_many_threads_on_one_game_append_without_a_gap(url: str) -> None:
    with open_store(url) as store:
        game_id = store.create(HEAD)

        def turns() -> None:
            for _ in range(10):
                with store.session(game_id) as record:
                    record.append([event(record.count)], {"events": record.count + 1, "state": {}})

        started = [_in_thread(turns) for _ in range(4)]
        for thread, errors in started:
            thread.join(60)
            assert errors == []
        with store.session(game_id) as record:
            assert record.events() == [event(n) for n in range(40)]
            assert record.snapshot() == {"events": 40, "state": {}}


def _hold_one_game_and_try_another(url: str) -> tuple[bool, list[BaseException]]:
    """Holds a session on one game while another thread opens one on another game: whether that other
    session finished while the first was held (and its errors)."""
    with open_store(url) as store:
        held, other = store.create(HEAD), store.create(HEAD)
        done = threading.Event()

        def second() -> None:
            with store.session(other) as record:
                record.append([event(0)])
            done.set()

        with store.session(held) as record:
            record.append([event(0)])
            thread, errors = _in_thread(second)
            finished_meanwhile = done.wait(5)
        thread.join(30)
        with store.session(other) as record:
            assert record.count == 1
        return finished_meanwhile, errors


def test_on_postgresql_sessions_on_different_games_do_not_wait_for_each_other(postgres_only_url: str) -> None:
    finished_meanwhile, errors = _hold_one_game_and_try_another(postgres_only_url)
    assert errors == [] and finished_meanwhile


def test_on_sqlite_sessions_on_different_games_of_one_file_take_turns(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with open_store(url) as store:
        held, other = store.create(HEAD), store.create(HEAD)
        done = threading.Event()
        with store.session(held):
            thread, errors = _in_thread(lambda: _one_session(url, other, done))
            assert not done.wait(0.3)  # one writer per SQLite file (documented)
        thread.join(30)
        assert errors == [] and done.is_set()


def _one_session(url: str, game_id: str, done: threading.Event) -> None:
    with open_store(url) as store, store.session(game_id) as record:
        record.append([event(0)])
    done.set()


def test_a_game_held_past_the_timeout_is_a_store_error(durable_url: str) -> None:
    with open_store(durable_url) as store:
        game_id = store.create(HEAD)
    with open_store(durable_url, timeout=0.2) as store, store.session(game_id) as record:
        record.append([event(0)])
        thread, errors = _in_thread(lambda: store.session(game_id).__enter__())
        thread.join(30)
        assert len(errors) == 1 and isinstance(errors[0], StoreError)
        assert "past" in str(errors[0]) and "timeout" in str(errors[0])


def test_a_session_and_a_delete_of_one_game_take_turns(url: str) -> None:
    with open_store(url) as store:
        game_id = store.create(HEAD)
        deleted: list[bool] = []
        with store.session(game_id) as record:
            thread, errors = _in_thread(lambda: deleted.append(store.delete(game_id)))
            thread.join(0.3)
            assert deleted == []
            record.append([event(0)])
        thread.join(30)
        assert errors == [] and deleted == [True]
        assert store.games() == []


# --- schema


def _backend(url: str) -> Backend:
    target = parse_store_url(url)
    if target.dialect == "sqlite":
        return SqliteBackend(target.path, timeout=5)
    from tagproc.store.postgres import PostgresBackend

    return PostgresBackend(target.url, timeout=5)


def test_a_new_store_is_at_the_newest_schema_version(durable_url: str) -> None:
    open_store(durable_url).close()
    backend = _backend(durable_url)
    try:
        with backend.transaction(write=False) as tx:
            assert schema_version(tx) == SCHEMA_VERSION == MIGRATIONS[backend.dialect][-1].version
            assert tx.rows("SELECT version FROM schema_version ORDER BY version") == [(1,)]
    finally:
        backend.close()


def test_a_database_of_a_newer_schema_is_refused_and_left_alone(durable_url: str) -> None:
    open_store(durable_url).close()
    backend = _backend(durable_url)
    try:
        with backend.transaction(write=True) as tx:
            tx.run(
                "INSERT INTO schema_version (version, applied) VALUES (?, ?)", (SCHEMA_VERSION + 1, "later")
            )
    finally:
        backend.close()
    with pytest.raises(StoreError, match=f"schema is version {SCHEMA_VERSION + 1}, newer than this tagproc"):
        open_store(durable_url)


def test_a_migration_is_applied_once_in_order(url: str) -> None:
    if url == "sqlite://":
        pytest.skip("an in-memory database is gone when its backend closes")
    open_store(url).close()
    backend = _backend(url)
    later = Migration(2, "a table of notes", ("CREATE TABLE notes (game TEXT NOT NULL, note TEXT NOT NULL)",))
    try:
        steps = (*MIGRATIONS[backend.dialect], later)
        assert migrate(backend, steps) == 2
        assert migrate(backend, steps) == 2  # a second time applies nothing (CREATE TABLE would fail)
        with backend.transaction(write=False) as tx:
            assert tx.rows("SELECT version FROM schema_version ORDER BY version") == [(1,), (2,)]
            assert tx.rows("SELECT COUNT(*) FROM notes") == [(0,)]
        with pytest.raises(StoreError, match="migration 2 is numbered 3"):
            migrate(backend, (*MIGRATIONS[backend.dialect], Migration(3, "a gap", ())))
    finally:
        backend.close()
    with pytest.raises(StoreError, match="schema is version 2, newer than this tagproc knows \\(1\\)"):
        open_store(url)


def test_a_failing_migration_leaves_the_database_as_it_was(tmp_path: Path) -> None:
    backend = SqliteBackend(str(tmp_path / "games.db"), timeout=5)
    broken = Migration(
        1, "half a schema", ("CREATE TABLE games (id TEXT PRIMARY KEY)", "CREATE TABLE oops (")
    )
    try:
        with pytest.raises(StoreError, match="SQLite"):
            migrate(backend, (broken,))
        with backend.transaction(write=False) as tx:
            assert schema_version(tx) == 0
            assert tx.rows("SELECT name FROM sqlite_master WHERE name = 'games'") == []
    finally:
        backend.close()


def test_a_session_may_be_entered_in_one_thread_and_left_in_another(url: str) -> None:
    # A server holds a game's session across awaits, each step in whatever worker thread is free.
    with open_store(url) as store:
        game_id = store.create(HEAD)
        session = store.session(game_id)
        entered: list[Any] = []
        thread, errors = _in_thread(lambda: entered.append(session.__enter__()))
        thread.join(30)
        thread, more_errors = _in_thread(lambda: entered[0].append([event(0)]))
        thread.join(30)
        thread, last_errors = _in_thread(lambda: session.__exit__(None, None, None))
        thread.join(30)
        assert errors == more_errors == last_errors == []
        with store.session(game_id) as record:
            assert record.events() == [event(0)]
