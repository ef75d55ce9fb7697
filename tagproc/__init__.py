"""tagproc: stream a Game Master's tagged reply, hide and repair its tags, execute them, render answers.

The stages flow one way (DESIGN.md): ``stream`` (sans-IO scanner) → ``syntax`` (lenient reader) →
``normalize`` (repairs into commands) → ``engine`` (pure transitions) → ``render`` (Jinja templates).
"""

from tagproc.repairs import Repair
from tagproc.stream import Event, RawTag, TagStream, Text, parse_reply
from tagproc.syntax import TagReading, read_tag

__all__ = ["Event", "RawTag", "Repair", "TagReading", "TagStream", "Text", "parse_reply", "read_tag"]
__version__ = "0.1.0"
