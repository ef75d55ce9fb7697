"""Blind conformance cases: transcripts written from the spec and the conventions alone."""
