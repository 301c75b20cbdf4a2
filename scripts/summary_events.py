"""The real events with an editor's summary that the summary work is measured and trained on.

news-events.jsonl events that carry `event_summary`, split by FNV-1a of "summary:" + event id, mod 10: buckets
0-2 are the held-out test events (`scripts/eval-summaries.py` reports them; never read to fix a case), 3-9 the
development events (choices and training: `scripts/train-summary-words.py`)."""
import collections
import json

import topic_text as tt


def load(path):
    """Event id -> its articles, for the events that carry an editor's summary."""
    events = collections.OrderedDict()
    for r in tt.load_jsonl(path):
        if r.get("event_summary"):
            events.setdefault(r["event"], []).append(r)
    return events


def split(events, name):
    """The ids of the `test` or `dev` events."""
    return [e for e in events if (tt.fnv1a("summary:" + e) % 10 < 3) == (name == "test")]


def payload(events, chosen, body_chars=0, reference=False):
    """`story-eval insight` / `summary-words` input: one event a line, each article as the server stores it."""
    lines = []
    for e in chosen:
        record = {"event": e, "articles": [
            {"title": a["title"], "text": a["text"][:body_chars] if body_chars else a["text"],
             "source": a.get("source") or a.get("bias_side") or f"source {i}",
             "published": (a.get("published") or "")[:10] + "T12:00:00Z" if a.get("published") else None,
             "url": a.get("url")}
            for i, a in enumerate(events[e])]}
        if reference:
            record["reference"] = events[e][0]["event_summary"]
        lines.append(json.dumps(record) + "\n")
    return "".join(lines)
