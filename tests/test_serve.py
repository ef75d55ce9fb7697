"""``tagproc serve`` as its users meet it: the real proxy on uvicorn, a fake upstream, the real ``openai`` client.

Every test starts the proxy (``create_app``) on a loopback port in front of ``FakeUpstream`` (streaming
canned Game Master replies as OpenAI SSE chunks, cut mid-tag) and talks to it over HTTP: the ``openai``
client for chat completions, httpx for the games routes.
"""

from __future__ import annotations

import logging
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import openai
import pytest
from openai import OpenAI

from tagproc.serve import create_app
from tests.serve_support import Canned, FakeUpstream, running
from tests.store_support import postgres_schema, postgres_url

PARTY: list[Any] = [{"name": "Ada", "bag": [{"item": "crowns", "count": 1}]}, "Bram"]
PAY = Canned(
    [
        "The sexton eyes your purse. [inven",
        'tory: action="pay" amount="3 shil',
        'lings"] He counts',
        " the change.",
    ]
)
PAY_VISIBLE = "The sexton eyes your purse. He counts the change."
PAY_ANSWER = (
    '[inventory: action="pay" item="shillings" count="3" result="ok" now="2" '
    'note="Paid with crowns ×1; shillings ×2 back."]'
)
FIND = Canned(
    ["Under a flagstone you find a bundle. [", 'inventory: action="add" item="2 warming tonics"', "]"]
)
FIND_VISIBLE = "Under a flagstone you find a bundle."
SWIPE = Canned(['Under the flagstone lies one tonic. [inventory: action="add" item="Warm', 'ing tonic"]'])
SWIPE_VISIBLE = "Under the flagstone lies one tonic."


class Proxy:
    """The running proxy and its fake upstream, with the clients a user would use."""

    def __init__(self, base: str, upstream: FakeUpstream) -> None:
        self.base = base
        self.upstream = upstream
        self.client = OpenAI(base_url=f"{base}/v1", api_key="sk-client", max_retries=0)

    def new_game(self, seed: int = 7, party: list[Any] = PARTY) -> str:
        response = httpx.post(
            f"{self.base}/v1/games", json={"ruleset": "gravewatch", "party": party, "seed": seed}
        )
        assert response.status_code == 201, response.text
        game_id: str = response.json()["id"]
        return game_id

    def game(self, game_id: str) -> dict[str, Any]:
        response = httpx.get(f"{self.base}/v1/games/{game_id}")
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def stream(self, game_id: str, messages: list[dict[str, Any]]) -> tuple[list[str], dict[str, Any]]:
        """Each content piece the client read, and the ``tagproc`` field of the last chunk."""
        pieces: list[str] = []
        field: dict[str, Any] = {}
        stream = self.client.chat.completions.create(
            model="gm",
            messages=cast(Any, messages),
            stream=True,
            extra_headers={"X-Tagproc-Game": game_id},
        )
        for chunk in stream:
            extra = chunk.model_extra or {}
            if "tagproc" in extra:
                field = extra["tagproc"]
            if chunk.choices and chunk.choices[0].delta.content:
                pieces.append(chunk.choices[0].delta.content)
        return pieces, field


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A SQLite file of the test's own, or a fresh schema of the PostgreSQL that ``TAGPROC_TEST_POSTGRES``
    names (skipped, with the reason, when there is none)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    url, why_not = postgres_url()
    if url is None:
        pytest.skip(why_not)
    with postgres_schema(url) as schema_url:
        yield schema_url


@pytest.fixture
def upstream() -> Iterator[tuple[FakeUpstream, str]]:
    fake = FakeUpstream()
    with running(fake.app) as base:
        yield fake, f"{base}/v1"


@pytest.fixture
def proxy(store_url: str, upstream: tuple[FakeUpstream, str]) -> Iterator[Proxy]:
    fake, url = upstream
    with running(create_app(store_url, url, None)) as base:
        yield Proxy(base, fake)


def user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def assistant(text: str) -> dict[str, Any]:
    return {"role": "assistant", "content": text}


def test_a_streamed_reply_reaches_the_client_without_its_tags_and_its_answers_come_last(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(PAY)
    pieces, field = proxy.stream(game_id, [user("I pay for the oil.")])
    assert "".join(pieces) == PAY_VISIBLE
    assert not any("[" in piece or "inventory" in piece for piece in pieces)
    assert field == {"answers": [PAY_ANSWER], "visible": PAY_VISIBLE, "turn": 1}


def test_the_turn_is_stored_with_the_player_message_before_it(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(PAY)
    proxy.stream(game_id, [user("I pay for the oil.")])
    game = proxy.game(game_id)
    assert [turn["kind"] for turn in game["turns"]] == ["player", "gm"]
    assert game["turns"][1]["answers"] == [PAY_ANSWER]
    assert game["turns"][1]["visible"] == PAY_VISIBLE
    assert game["holdings"] == {"Ada": {"shillings": 2}, "Bram": {}}
    assert game["ruleset"]["id"] == "gravewatch"
    assert [block["name"] for block in game["prompt"]["blocks"]][:2] == ["instructions", "inventory"]


def test_the_prompt_goes_first_in_the_system_message_and_earlier_replies_carry_their_answers(
    proxy: Proxy,
) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(PAY, FIND)
    proxy.stream(game_id, [{"role": "system", "content": "You are the GM."}, user("I pay.")])
    prompt_before = proxy.game(game_id)["prompt"]["blocks"]
    proxy.stream(
        game_id,
        [
            {"role": "system", "content": "You are the GM."},
            user("I pay."),
            assistant(PAY_VISIBLE),
            user("I dig."),
        ],
    )
    first, second = proxy.upstream.requests
    assert first["messages"][0]["role"] == "system"
    assert first["messages"][0]["content"].endswith("\n\nYou are the GM.")
    assert first["messages"][0]["content"].startswith("COMMANDS:")
    said = second["messages"][0]["content"]
    assert said == "\n\n".join(block["text"] for block in prompt_before) + "\n\nYou are the GM."
    assert second["messages"][2] == {
        "role": "assistant",
        "content": PAY.text.replace('[inventory: action="pay" amount="3 shillings"]', PAY_ANSWER),
    }
    assert second["messages"][3] == user("I dig.")
    assert "metadata" not in second


def test_a_request_without_a_system_message_gets_one(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(PAY)
    proxy.stream(game_id, [user("I pay.")])
    (sent,) = proxy.upstream.requests
    assert sent["messages"][0]["role"] == "system"
    assert sent["messages"][1] == user("I pay.")


def test_two_games_interleaved_keep_their_own_turns(proxy: Proxy) -> None:
    first, second = proxy.new_game(), proxy.new_game(party=[{"name": "Cas"}])
    proxy.upstream.say(PAY, FIND, FIND)
    _, one = proxy.stream(first, [user("I pay.")])
    _, two = proxy.stream(second, [user("I dig.")])
    _, three = proxy.stream(first, [user("I pay."), assistant(PAY_VISIBLE), user("I dig.")])
    assert one["turn"] == 1 and two["turn"] == 1 and three["turn"] == 3
    assert proxy.game(first)["holdings"] == {"Ada": {"shillings": 2, "Warming tonic": 2}, "Bram": {}}
    assert proxy.game(second)["holdings"] == {"Cas": {"Warming tonic": 2}}


def test_a_request_that_stops_before_the_last_reply_is_a_swipe_of_it(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(PAY, FIND, SWIPE)
    history = [user("I pay."), assistant(PAY_VISIBLE), user("I dig.")]
    proxy.stream(game_id, history[:1])
    proxy.stream(game_id, history)
    pieces, field = proxy.stream(game_id, history)  # the same messages again: the find is told anew
    assert "".join(pieces) == SWIPE_VISIBLE
    assert field["turn"] == 3
    game = proxy.game(game_id)
    assert [turn["kind"] for turn in game["turns"]] == ["player", "gm", "player", "gm", "regenerate"]
    assert game["holdings"] == {"Ada": {"shillings": 2, "Warming tonic": 1}, "Bram": {}}
    swiped = proxy.upstream.requests[2]["messages"]
    assert [message["role"] for message in swiped] == ["system", "user", "assistant", "user"]


def test_an_upstream_that_breaks_mid_reply_commits_nothing(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(Canned(PAY.pieces, fail_after=2), PAY)
    with pytest.raises((openai.APIError, httpx.HTTPError)):
        proxy.stream(game_id, [user("I pay.")])
    assert proxy.game(game_id)["turns"] == []
    _, field = proxy.stream(game_id, [user("I pay.")])  # and the game goes on as if it had never begun
    assert field["turn"] == 1
    assert [turn["kind"] for turn in proxy.game(game_id)["turns"]] == ["player", "gm"]


def test_an_upstream_error_status_is_a_502_and_commits_nothing(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(Canned([], status=500))
    with pytest.raises(openai.APIStatusError) as raised:
        proxy.stream(game_id, [user("I pay.")])
    assert raised.value.status_code == 502
    assert "the upstream answered 500: the model is down" in raised.value.message
    assert proxy.game(game_id)["turns"] == []


def test_a_whole_completion_has_the_visible_text_and_the_answers(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(PAY)
    completion = proxy.client.chat.completions.create(
        model="gm",
        messages=cast(Any, [user("I pay.")]),
        metadata={"tagproc_game": game_id},
    )
    assert completion.choices[0].message.content == PAY_VISIBLE
    assert (completion.model_extra or {})["tagproc"] == {
        "answers": [PAY_ANSWER],
        "visible": PAY_VISIBLE,
        "turn": 1,
    }
    assert "metadata" not in proxy.upstream.requests[0]
    assert [turn["kind"] for turn in proxy.game(game_id)["turns"]] == ["player", "gm"]


def _status(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


def test_bad_requests_get_openai_error_bodies(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    chat = f"{proxy.base}/v1/chat/completions"
    messages = [user("hi")]
    assert _status(httpx.post(chat, json={"messages": messages})) == (400, "missing_game")
    assert _status(httpx.post(chat, json={"messages": messages}, headers={"X-Tagproc-Game": "nope"})) == (
        404,
        "unknown_game",
    )
    assert _status(httpx.post(chat, content=b"{", headers={"X-Tagproc-Game": game_id})) == (
        400,
        "invalid_json",
    )
    assert _status(httpx.post(chat, json={"messages": []}, headers={"X-Tagproc-Game": game_id})) == (
        400,
        "invalid_messages",
    )
    too_many = [user("hi"), assistant("a reply the game never told"), user("and?")]
    assert _status(httpx.post(chat, json={"messages": too_many}, headers={"X-Tagproc-Game": game_id})) == (
        409,
        "conversation_mismatch",
    )
    games = f"{proxy.base}/v1/games"
    assert _status(httpx.post(games, json={"ruleset": "../etc/passwd"})) == (422, "bad_ruleset")
    assert _status(httpx.post(games, json={"ruleset": "gravewatch", "party": [{"name": 3}]})) == (
        422,
        "bad_game",
    )
    assert _status(httpx.post(games, json={"ruleset": "gravewatch", "seed": "x"})) == (400, "invalid_game")
    assert _status(httpx.get(f"{games}/nope")) == (404, "unknown_game")
    assert _status(httpx.get(f"{proxy.base}/v2/else")) == (404, "not_found")
    assert proxy.upstream.requests == []


def test_a_deleted_game_is_gone(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    response = httpx.delete(f"{proxy.base}/v1/games/{game_id}")
    assert response.json() == {"id": game_id, "deleted": True}
    assert _status(httpx.get(f"{proxy.base}/v1/games/{game_id}")) == (404, "unknown_game")
    assert _status(httpx.delete(f"{proxy.base}/v1/games/{game_id}")) == (404, "unknown_game")


def test_the_proxy_key_goes_upstream_and_is_never_logged(
    store_url: str,
    upstream: tuple[FakeUpstream, str],
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
) -> None:
    fake, url = upstream
    secret = "sk-proxy-secret-0123456789"
    caplog.set_level(logging.DEBUG)
    with running(create_app(store_url, url, secret)) as base:
        proxy = Proxy(base, fake)
        game_id = proxy.new_game()
        fake.say(PAY, Canned(PAY.pieces, fail_after=1), Canned([], status=401))
        proxy.stream(game_id, [user("I pay.")])
        said: list[str] = []
        for _ in range(2):
            with pytest.raises((openai.APIError, httpx.HTTPError)) as raised:
                proxy.stream(game_id, [user("I pay."), assistant(PAY_VISIBLE), user("Again.")])
            said.append(str(raised.value))
    assert "bad key: Bearer ***" in said[1]  # the upstream quoted the key back: blanked out
    assert fake.headers[0]["authorization"] == f"Bearer {secret}"
    out, err = capfd.readouterr()
    logged = caplog.text + out + err + "".join(said)
    assert caplog.records  # uvicorn and the proxy did log
    assert secret not in logged
    assert "sk-client" not in logged


def test_a_client_that_disconnects_mid_reply_commits_nothing(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(Canned(PAY.pieces, delay=0.4), PAY)
    body = {"model": "gm", "stream": True, "messages": [user("I pay.")]}
    with (
        httpx.Client() as client,
        client.stream(
            "POST", f"{proxy.base}/v1/chat/completions", json=body, headers={"X-Tagproc-Game": game_id}
        ) as response,
    ):
        for line in response.iter_lines():
            if "The sexton" in line:
                break  # the player reads the first words, then closes the tab
    assert proxy.game(game_id)["turns"] == []  # waits for the abandoned request's session to roll back
    _, field = proxy.stream(game_id, [user("I pay.")])
    assert field["turn"] == 1


def test_two_requests_for_one_game_at_once_are_served_one_after_the_other(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(Canned(PAY.pieces, delay=0.1), Canned(SWIPE.pieces, delay=0.1))
    fields: list[dict[str, Any]] = []
    threads = [
        threading.Thread(target=lambda: fields.append(proxy.stream(game_id, [user("I pay.")])[1]))
        for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    # The second waited for the first; its messages then stop before the game's last reply: a swipe of it.
    assert sorted(field["turn"] for field in fields) == [1, 1]
    kinds = [turn["kind"] for turn in proxy.game(game_id)["turns"]]
    assert kinds == ["player", "gm", "regenerate"]


def test_tagproc_serve_is_a_command_bound_to_loopback_by_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tagproc.cli import _build_parser, main

    monkeypatch.delenv("TAGPROC_TEST_UNSET_KEY", raising=False)
    args = _build_parser().parse_args(["serve", "--upstream", "http://127.0.0.1:9/v1"])
    assert (args.host, args.port, args.db, args.api_key_env) == (
        "127.0.0.1",
        8765,
        "sqlite:///games.db",
        None,
    )
    code = main(["serve", "--upstream", "http://127.0.0.1:9/v1", "--api-key-env", "TAGPROC_TEST_UNSET_KEY"])
    assert code == 2
    assert "TAGPROC_TEST_UNSET_KEY is not set" in capsys.readouterr().err


def test_tagproc_serve_freezes_its_start_up_objects_then_runs_the_app_on_uvicorn(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import gc

    import uvicorn

    from tagproc.cli import main
    from tagproc.collector import FULL_AFTER, YOUNG_AFTER

    seen: dict[str, Any] = {}

    def run(app: Any, **options: Any) -> None:
        seen.update(
            options, frozen=gc.get_freeze_count(), threshold=gc.get_threshold(), app=type(app).__name__
        )

    monkeypatch.setattr(uvicorn, "run", run)
    threshold = gc.get_threshold()
    try:
        db = f"sqlite:///{tmp_path / 'games.db'}"
        code = main(["serve", "--upstream", "http://127.0.0.1:9/v1", "--db", db, "--port", "8799"])
    finally:
        gc.unfreeze()  # the rest of the test run collects as it did
        gc.set_threshold(*threshold)
    assert code == 0
    assert seen["app"] == "Starlette" and (seen["host"], seen["port"]) == ("127.0.0.1", 8799)
    assert seen["frozen"] > 10_000  # the modules and pydantic's validators, out of the collector's sight
    assert seen["threshold"] == (YOUNG_AFTER, threshold[1], FULL_AFTER)
    assert "loop" not in seen  # uvicorn's "auto": uvloop where the serve extra installed it


def _readme_example() -> str:
    root = Path(__file__).resolve().parents[1]
    text = (root / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    found: list[str] = [block for block in blocks if "X-Tagproc-Game" in block]
    assert found, "no python example of tagproc serve in the README"
    return found[0]


def test_the_readme_example_runs_against_the_proxy(proxy: Proxy) -> None:
    proxy.upstream.say(PAY)
    example = _readme_example().replace("http://127.0.0.1:8765", proxy.base)
    namespace: dict[str, Any] = {}
    exec(compile(example, "README tagproc serve example", "exec"), namespace)
    assert namespace["told"] == PAY_VISIBLE
    assert namespace["answers"] == [PAY_ANSWER]
    assert namespace["holdings"] == {"Ada": {"shillings": 2}, "Bram": {}}


def test_a_long_reply_in_one_game_does_not_hold_up_another(proxy: Proxy) -> None:
    slow, quick = proxy.new_game(), proxy.new_game()
    proxy.upstream.say(Canned(PAY.pieces, delay=1.0), FIND)
    done: list[str] = []
    thread = threading.Thread(target=lambda: done.append(proxy.stream(slow, [user("I pay.")])[1]["visible"]))
    thread.start()
    while not proxy.upstream.requests:  # the slow reply has begun streaming
        time.sleep(0.01)
    _, field = proxy.stream(quick, [user("I dig.")])
    assert field["visible"] == FIND_VISIBLE
    assert thread.is_alive() and done == []  # the slow one is still being told
    thread.join(timeout=30)
    assert done == [PAY_VISIBLE]


def test_a_restarted_proxy_loses_nothing(store_url: str, upstream: tuple[FakeUpstream, str]) -> None:
    fake, url = upstream
    fake.say(PAY, FIND, SWIPE)
    history = [user("I pay."), assistant(PAY_VISIBLE), user("I dig.")]
    with running(create_app(store_url, url, None)) as base:
        proxy = Proxy(base, fake)
        game_id = proxy.new_game()
        proxy.stream(game_id, history[:1])
        proxy.stream(game_id, history)
        before = proxy.game(game_id)
    with running(create_app(store_url, url, None)) as base:  # a new process on the same database
        proxy = Proxy(base, fake)
        assert proxy.game(game_id) == before
        pieces, field = proxy.stream(game_id, history)  # and a swipe of the last reply still works
        assert "".join(pieces) == SWIPE_VISIBLE and field["turn"] == 3
        assert proxy.game(game_id)["holdings"] == {"Ada": {"shillings": 2, "Warming tonic": 1}, "Bram": {}}


def test_a_turn_another_worker_stored_first_is_a_conflict_stored_nowhere(
    store_url: str, upstream: tuple[FakeUpstream, str]
) -> None:
    fake, url = upstream
    with running(create_app(store_url, url, None)) as one, running(create_app(store_url, url, None)) as two:
        first, second = Proxy(one, fake), Proxy(two, fake)
        game_id = first.new_game()
        if store_url.startswith("postgresql"):  # the row lock: the second worker waits, then swipes
            fake.say(Canned(PAY.pieces, delay=0.3), SWIPE)
        else:
            fake.say(Canned(PAY.pieces, delay=0.3), FIND)
        failed: list[BaseException] = []

        def slow() -> None:
            try:
                first.stream(game_id, [user("I pay.")])
            except (openai.APIError, httpx.HTTPError) as error:
                failed.append(error)

        thread = threading.Thread(target=slow)
        thread.start()
        while not fake.requests:
            time.sleep(0.01)
        second.stream(game_id, [user("I pay.")])
        thread.join(timeout=30)
        kinds = [turn["kind"] for turn in second.game(game_id)["turns"]]
        if store_url.startswith("postgresql"):
            assert failed == [] and kinds == ["player", "gm", "regenerate"]
        else:  # the second worker stored its turn while the first was telling: the first's is refused
            assert len(failed) == 1 and "another request stored a turn" in str(failed[0])
            assert kinds == ["player", "gm"]
            assert second.game(game_id)["turns"][1]["visible"] == FIND_VISIBLE
            assert first.game(game_id) == second.game(game_id)  # the first worker reloads what is stored


def test_the_upstreams_models_are_listed_through_the_proxy(proxy: Proxy) -> None:
    assert [model.id for model in proxy.client.models.list()] == ["fake-gm"]


def test_text_on_the_finish_chunk_and_a_usage_chunk_after_it_reach_the_client(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(Canned(PAY.pieces, last_with_finish=True, usage=True))
    chunks = list(
        proxy.client.chat.completions.create(
            model="gm",
            messages=cast(Any, [user("I pay.")]),
            stream=True,
            extra_headers={"X-Tagproc-Game": game_id},
        )
    )
    told = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert told == PAY_VISIBLE
    finish = [c for c in chunks if c.choices and c.choices[0].finish_reason == "stop"]
    assert len(finish) == 1 and (finish[0].model_extra or {})["tagproc"]["visible"] == PAY_VISIBLE
    assert chunks[-1].usage is not None and chunks[-1].choices == []


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_the_tagproc_serve_command_serves_and_never_prints_its_key(
    upstream: tuple[FakeUpstream, str], tmp_path: Path
) -> None:
    fake, url = upstream
    secret = "sk-command-secret-9876543210"
    port = _free_port()
    db = f"sqlite:///{tmp_path / 'games.db'}"
    command = [sys.executable, "-m", "tagproc", "serve", "--upstream", url, "--api-key-env", "GM_KEY"]
    env = {**os.environ, "GM_KEY": secret, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    server = subprocess.Popen(
        [*command, "--db", db, "--port", str(port)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/v1/games/none")
                break
            except httpx.TransportError:
                assert server.poll() is None and time.monotonic() < deadline, "tagproc serve did not start"
                time.sleep(0.1)
        proxy = Proxy(base, fake)
        fake.say(PAY)
        pieces, _ = proxy.stream(proxy.new_game(), [user("I pay.")])
        assert "".join(pieces) == PAY_VISIBLE
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=30)
    assert fake.headers[0]["authorization"] == f"Bearer {secret}"
    printed = output.decode()
    assert "Uvicorn running on http://127.0.0.1:" in printed
    assert secret not in printed


def test_the_games_locks_are_let_go_once_nobody_holds_them(tmp_path: Path) -> None:
    from tagproc.serve.games import Games
    from tagproc.store import open_store

    games = Games(open_store(f"sqlite:///{tmp_path / 'games.db'}"), holds_sessions=False)
    game_id = games.create("gravewatch", ["Ada"], 0, [])
    with games.locked(game_id), games.session(game_id) as (record, game):
        assert record.count == 0 and len(game) == 0
    with pytest.raises(LookupError):
        games.view("no-such-game")
    assert games.delete(game_id)
    assert games._locks == {}
    games.store.close()


@pytest.mark.parametrize(
    ("roles", "replies", "kind", "told"),
    [
        pytest.param("u", [], "reply", (), id="the-first-player-message"),
        pytest.param("", [], "reply", (), id="the-game-opens-before-anyone-speaks"),
        pytest.param("uau", ["A0"], "reply", (1,), id="a-new-reply"),
        pytest.param("u", ["A0"], "regenerate", (), id="a-swipe-of-the-first-reply"),
        pytest.param("uauau", ["A0", "A1"], "reply", (1, 3), id="the-third-reply"),
        pytest.param("uau", ["A0", "A1"], "regenerate", (1,), id="a-swipe-of-the-second"),
        pytest.param("gu", [], "reply", (), id="a-greeting-counts-for-nothing"),
        pytest.param("gu", ["A0"], "regenerate", (), id="a-swipe-after-a-greeting"),
        pytest.param("guau", ["A0"], "reply", (2,), id="a-reply-after-a-greeting"),
        pytest.param("au", ["A0"], "reply", (0,), id="after-the-opening-reply"),
    ],
)
def test_what_a_request_asks_is_told_by_its_assistant_messages(
    roles: str, replies: list[str], kind: str, told: tuple[int, ...]
) -> None:
    from tagproc.serve.messages import plan_turn

    said = iter(replies)
    messages = [
        user("player")
        if role == "u"
        else assistant("Welcome, traveller. I am the sexton.")
        if role == "g"
        else assistant(f" {next(said)} ")  # a client may trim or pad what it was sent
        for role in roles
    ]
    plan = plan_turn(messages, replies)
    assert (plan.kind, plan.told) == (kind, told)


@pytest.mark.parametrize(
    ("roles", "replies"),
    [
        pytest.param("uau", [], id="a-reply-the-game-never-told"),
        pytest.param("u", ["A0", "A1"], id="a-swipe-of-an-older-reply"),
    ],
)
def test_messages_that_do_not_line_up_with_the_game_are_a_conflict(roles: str, replies: list[str]) -> None:
    from tagproc.serve.messages import RequestProblem, plan_turn

    messages = [user("player") if role == "u" else assistant("told") for role in roles]
    with pytest.raises(RequestProblem) as raised:
        plan_turn(messages, replies)
    assert raised.value.status == 409


def test_a_characters_greeting_goes_upstream_as_written_and_swipes_still_work(proxy: Proxy) -> None:
    game_id = proxy.new_game()
    proxy.upstream.say(PAY, FIND, SWIPE)
    greeting = assistant("Welcome to the Gravewatch, warden.")
    history = [greeting, user("I pay."), assistant(PAY_VISIBLE), user("I dig.")]
    assert proxy.stream(game_id, history[:2])[1]["turn"] == 1
    assert proxy.stream(game_id, history)[1]["turn"] == 3
    pieces, field = proxy.stream(game_id, history)
    assert "".join(pieces) == SWIPE_VISIBLE and field["turn"] == 3
    sent = proxy.upstream.requests[1]["messages"]
    assert sent[1] == greeting
    assert sent[3]["content"].endswith(PAY_ANSWER + " He counts the change.")
