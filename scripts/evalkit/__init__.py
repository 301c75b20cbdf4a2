"""The harness the evaluation and measurement scripts share (Python standard library only).

    evalkit.server    one way to start a product server on a free port, wait for it, stop it
    evalkit.feeds     labelled articles as RSS feeds served on 127.0.0.1
    evalkit.evalset   the labelled story set: loading, validation, statistics
    evalkit.metrics   B-cubed, topic accuracy, ROUGE-1
    evalkit.contract  the Jarvis app's contract as checks on responses

Scripts in scripts/ import it as `evalkit` (their own folder is first on sys.path).
"""
import os

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class RunError(Exception):
    """The run cannot go on (exit status 2)."""
