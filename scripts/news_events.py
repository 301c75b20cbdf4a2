#!/usr/bin/env python3
"""The shared real-events set (../shared/data/news-events.jsonl) as a stream of the eval format.

    python3 scripts/news_events.py --split test --out bench-out/events-test.json [--data PATH]
    make eval-stories EVAL_ARGS=bench-out/events-test.json

Splits are fixed once, by a hash of the event id (never by looking at articles): SHA-1 of the
id, first 8 hex digits, modulo 100 — below 60 `train`, below 80 `validation`, the rest `test`.
`train` is what `scripts/train-clustering.py` learns from, `validation` chooses its threshold,
`test` is only ever evaluated.

The set's three parts (allsides-, neus-, basil-) cover different years. Each part is laid into
one dense window, so the stream has many events at once as a news day does: events keep their
order and their own internal spread of dates (capped at `MAX_EVENT_DAYS`), and their first
articles are spaced evenly at `EVENTS_PER_DAY` (the issue's real-news sample had about 12 a day;
we take more, which is harder). Within a day an article gets a fixed hour from a hash of its
text, so ties in date are broken the same way every run. All three parts share the window, so
topics of different years meet (more same-topic, same-day, different-event pairs than reality).

Output follows Resources/jarvis/eval/FORMAT.md. Articles without a source (title + lead rows)
are given one of three outlets by their bias side. Links are made up (`.example`), so no
publisher URL is copied and no two articles share a canonical URL by accident. The converted
file holds publishers' text: keep it out of the repository (bench-out/ and /tmp are fine).
"""

import argparse
import collections
import datetime as dt
import hashlib
import json
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# ../shared/data beside the checkout (a worktree one level deeper also finds it).
DEFAULT_DATA = next((p for p in (os.path.join(os.path.dirname(REPO), "shared", "data", "news-events.jsonl"),
                                 os.path.join(os.path.dirname(os.path.dirname(REPO)), "shared", "data", "news-events.jsonl"))
                     if os.path.exists(p)), os.path.join(os.path.dirname(REPO), "shared", "data", "news-events.jsonl"))
SPLITS = ("train", "validation", "test")
EVENTS_PER_DAY = 20
MAX_EVENT_DAYS = 3
WINDOW_START = dt.datetime(2026, 1, 5, tzinfo=dt.timezone.utc)


def split_of(event_id):
    bucket = int(hashlib.sha1(event_id.encode("utf-8")).hexdigest()[:8], 16) % 100
    return "train" if bucket < 60 else "validation" if bucket < 80 else "test"


def fold_of(event_id, folds):
    """The event's fold among `folds` (a hash of its id, independent of `split_of`): train-clustering.py trains one
    event branch per fold of the train split and computes the other folds' training pairs with it."""
    return int(hashlib.sha1(("fold:" + event_id).encode("utf-8")).hexdigest()[:8], 16) % folds


def _hash_int(text):
    return int(hashlib.sha1(text.encode("utf-8")).hexdigest()[:8], 16)


def load_rows(path):
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _slug(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "outlet"


def stream(rows, splits, events_per_day=EVENTS_PER_DAY):
    """The eval document for the events of `splits` (a set of split names)."""
    by_event = collections.defaultdict(list)
    for row in rows:
        if split_of(row["event"]) in splits and (row.get("title") or "").strip() and (row.get("text") or "").strip():
            by_event[row["event"]].append(row)

    def day(row):
        return dt.date.fromisoformat(row["published"]) if row.get("published") else None

    parts = collections.defaultdict(list)
    for event_id, members in by_event.items():
        dates = [d for d in map(day, members) if d]
        first = min(dates) if dates else dt.date(2000, 1, 1)
        parts[event_id.split("-")[0]].append((first, event_id))

    outlets, articles, events = {}, [], []
    for part, starts in sorted(parts.items()):
        starts.sort()
        for rank, (first, event_id) in enumerate(starts):
            members = by_event[event_id]
            base = WINDOW_START + dt.timedelta(days=rank / events_per_day)
            sample = members[0]
            events.append({
                "id": event_id,
                "topic": "politics",
                "referenceSummary": (sample.get("event_summary") or sample.get("event_title") or sample["title"]).strip(),
            })
            for index, row in enumerate(members):
                source = (row.get("source") or "").strip() or f"Lead wire ({row.get('bias_side') or 'none'})"
                outlet_id = _slug(source)
                outlets.setdefault(outlet_id, {"id": outlet_id, "name": source, "authority": None,
                                               "topicHint": None, "region": None})
                offset_days = min(MAX_EVENT_DAYS, ((day(row) or first) - first).days)
                article_id = f"{event_id}-{index}"
                hour = 6 + _hash_int(article_id + row["title"]) % 16
                minute = _hash_int(row["title"]) % 60
                published = base.replace(hour=0, minute=0, second=0) + dt.timedelta(days=offset_days, hours=hour, minutes=minute)
                articles.append({
                    "id": article_id,
                    "outlet": outlet_id,
                    "event": event_id,
                    "topic": "politics",
                    "headline": row["title"].strip(),
                    "body": row["text"].strip(),
                    "publishedAt": published.strftime("%Y-%m-%dT%H:%M:%SZ"),
                    "link": f"https://{outlet_id}.example/{article_id}",
                })
    articles.sort(key=lambda a: (a["publishedAt"], a["id"]))
    # Outlet names must be unique case-insensitively; slugs already are, names may collide in case.
    seen, unique = set(), []
    for outlet in outlets.values():
        key = outlet["name"].lower()
        if key in seen:
            outlet["name"] = f"{outlet['name']} ({outlet['id']})"
        seen.add(outlet["name"].lower())
        unique.append(outlet)
    return {"outlets": unique, "events": events, "articles": articles}


def spread(doc, hours):
    """The same stream with each event's coverage drawn out: its k-th article (in time order) `hours` × k
    later, times a factor between 0.5 and 1.5 drawn from the article's id. The labelled round-ups are mostly
    one day's reports; real stories run for days, so this shows (and trains) how much a join leans on time."""
    by_event = collections.defaultdict(list)
    for article in doc["articles"]:
        by_event[article["event"]].append(article)
    articles = []
    for members in by_event.values():
        members = sorted(members, key=lambda a: (a["publishedAt"], a["id"]))
        for k, article in enumerate(members):
            factor = 0.5 + (_hash_int("spread:" + article["id"]) % 1001) / 1000
            moved = dict(article)
            when = dt.datetime.strptime(article["publishedAt"], "%Y-%m-%dT%H:%M:%SZ")
            moved["publishedAt"] = (when + dt.timedelta(hours=hours * k * factor)).strftime("%Y-%m-%dT%H:%M:%SZ")
            articles.append(moved)
    articles.sort(key=lambda a: (a["publishedAt"], a["id"]))
    return dict(doc, articles=articles)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=DEFAULT_DATA, help="news-events.jsonl (default: %(default)s)")
    parser.add_argument("--split", action="append", choices=SPLITS, required=True, help="repeatable")
    parser.add_argument("--events-per-day", type=float, default=EVENTS_PER_DAY)
    parser.add_argument("--spread-hours", type=float, default=0,
                        help="draw each event's coverage out: its k-th article about k times this many hours later")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    doc = stream(load_rows(args.data), set(args.split), args.events_per_day)
    if args.spread_hours:
        doc = spread(doc, args.spread_hours)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(doc, handle, ensure_ascii=False)
    print(f"{args.out}: {len(doc['articles'])} articles, {len(doc['events'])} events, {len(doc['outlets'])} outlets "
          f"({'+'.join(args.split)})", file=sys.stderr)


if __name__ == "__main__":
    main()
