"""The pytest plugin: a user's golden transcripts as test items (issue 13; contract, built by the plugin helper).

Registered as the ``pytest11`` entry point ``tagproc``; it must do nothing until configured or until it finds
transcripts, so installing tagproc never changes anyone else's test run.
"""

from __future__ import annotations
