"""Shipped sample GM replies and transcripts (package data), for ``tagproc demo`` and the docs."""
