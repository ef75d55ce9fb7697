"""``tagproc serve``: run the proxy on uvicorn (``tagproc.serve.app``).

Binds to 127.0.0.1 unless ``--host`` says otherwise; the upstream's key is read from the environment
variable ``--api-key-env`` names (never from the command line, where ``ps`` shows it); without one the
client's ``Authorization`` header goes upstream as sent. Exit 2 for a usage error (the extra missing, the
variable unset), 1 when the store cannot be opened.

Once the app is built, ``tagproc.collector.settle_collector()`` freezes the objects made so far out of the
garbage collector's sight and spaces its full collections out (a full collection in a server that holds many
games stops every stream for as long as it walks them). uvicorn runs the app on uvloop where the ``serve``
extra installed it (its ``loop="auto"``), else on asyncio's loop.
"""

from __future__ import annotations

import argparse
import os

from tagproc.cli import add_command, positive_int
from tagproc.cli_io import problem

__all__ = ["DEFAULT_DB", "add_serve_command", "cmd_serve"]

DEFAULT_DB = "sqlite:///games.db"


def add_serve_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``serve`` on the CLI's subparsers."""
    serve = add_command(
        sub,
        "serve",
        help="run an OpenAI-compatible proxy that runs the Game Master's tags (the serve extra)",
        description="Run an OpenAI-compatible chat completions proxy in front of --upstream: the prompt "
        "blocks go into\nthe system message, the tags are hidden from the client and run when the reply "
        "ends, each game\nstored in --db. Games: POST/GET/DELETE /v1/games; the game of a chat is named by "
        "X-Tagproc-Game.",
        examples=[
            "tagproc serve --upstream http://127.0.0.1:8080/v1",
            "OPENAI_API_KEY=... tagproc serve --upstream https://api.openai.com/v1 --api-key-env OPENAI_API_KEY",
            "tagproc serve --upstream http://127.0.0.1:8080/v1 --db postgresql://tagproc@127.0.0.1:5432/games",
        ],
    )
    serve.add_argument("--upstream", required=True, metavar="URL", help="the model's base URL (…/v1)")
    serve.add_argument("--api-key-env", metavar="NAME", help="the environment variable holding its key")
    serve.add_argument("--db", default=DEFAULT_DB, metavar="URL", help=f"the game store ({DEFAULT_DB})")
    serve.add_argument("--host", default="127.0.0.1", help="the address to bind (127.0.0.1)")
    serve.add_argument("--port", type=positive_int, default=8765, help="the port (8765)")
    serve.set_defaults(handler=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted; the exit code."""
    try:
        import uvicorn

        from tagproc.serve.app import create_app
    except ImportError as error:
        return _usage(f"needs the serve extra (pip install 'tagproc[serve]'): {error.name} is missing")
    key = None
    if args.api_key_env:
        key = os.environ.get(args.api_key_env)
        if not key:
            return _usage(f"--api-key-env: the environment variable {args.api_key_env} is not set")
    from tagproc.store import StoreError

    try:
        app = create_app(args.db, args.upstream, key)
    except StoreError as error:
        return problem(f"tagproc serve: --db: {error}")
    from tagproc.collector import settle_collector

    settle_collector()  # the start-up objects out of the collector's sight; full collections spaced out
    uvicorn.run(app, host=args.host, port=args.port, log_level="info")
    return 0


def _usage(message: str) -> int:
    import sys

    sys.stderr.write(f"tagproc serve: error: {message}\n")
    return 2
