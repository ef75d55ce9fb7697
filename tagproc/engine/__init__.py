"""The engine: pure transitions of the game state (decide, then evolve), one module per concern.

Nothing here renders text or counts tokens: the engine imports neither jinja2 nor tiktoken.
"""
