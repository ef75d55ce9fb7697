"""What the model is told: the facts of each prompt block, worked out from a state and a ruleset.

Each block (``instructions``, ``inventory``, ``market``, ``recap``) has a module here that computes its
facts as a ``Draft``; ``tagproc.render`` says them in words through ``prompts/blocks/<name>.jinja``. Nothing
here builds text for the model and nothing here imports jinja2 (STYLE.md "Facts, then words").
"""
