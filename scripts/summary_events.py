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


def training_arguments(model_path):
    """The command line the summary training scripts share: the story-eval binary, the data folder, the output."""
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument("--story-eval", required=True)
    parser.add_argument("--data", default=tt.DEFAULT_DATA)
    parser.add_argument("--out", default=model_path)
    return parser.parse_args()


def development_records(story_eval, data, command, reference=False):
    """The development events, and `story-eval COMMAND`'s answer for each (sorted by event: one order everywhere)."""
    import os
    import subprocess
    events = load(os.path.join(data, "news-events.jsonl"))
    chosen = split(events, "dev")
    out = subprocess.run([story_eval, command], input=payload(events, chosen, reference=reference).encode(),
                         capture_output=True, check=True).stdout
    return events, [json.loads(line) for line in sorted(out.decode().splitlines())]


def write_swift_model(path, script, comment, enum, coefficients, names, intercept=None):
    """A fitted linear model as a Swift enum: `intercept` (when given) and one coefficient a line, named."""
    assert len(coefficients) == len(names)
    rows = "".join(f"        {w:.4f},  // {name}\n" for w, name in zip(coefficients, names))
    with open(path, "w") as f:
        f.write(f"// Written by scripts/{script} from the development events of news-events.jsonl\n")
        for line in comment:
            f.write(f"// {line}\n")
        f.write(f"enum {enum} {{\n")
        if intercept is not None:
            f.write(f"    static let intercept = {intercept:.4f}\n")
        f.write(f"    static let coefficients: [Double] = [\n{rows}    ]\n")
        f.write("}\n")
