#!/usr/bin/env python3
"""Newswire event clusters of the DUC 2002 multi-document task as a stream of the eval format: the clustering's
second kind of labelled event, coarser than the round-ups of news-events.jsonl.

    python3 scripts/duc_events.py DUC --out bench-out/duc-events.json [--fold A|B]

DUC is either NIST's DUC 2002 document directory (`docs/<cluster>/<document>` SGML files; the data is
distributed by NIST on request and never copied here) or a JSON-lines file of its documents, one object per
document: {"event": cluster id, "doc": document id, "date": "YYYY-MM-DD" or null, "title", "text"} and
optionally "source" (the outlet, a feed of its own where the id is no DUC id). Other labelled newswire events
in that form go through the same layout (`--max-span-days` when their follow-ups run longer than a week).

DUC clusters were drawn by NIST assessors around one topic each, of four kinds: a single natural disaster, a
single other event, several events of one type, a person's biography. A TDT-style news event is the first two,
which DUC 2002 built "within a 7-day window", so only clusters whose dated documents (at least 80% of them) span
at most seven days are kept: decided by the dates alone, never by reading. Two such clusters sharing a document
are one event (DUC repeats a few documents across clusters of one event); a document shared with a broader
cluster stays with the single-event one.

The events are laid into one dense stream the way the issue's outside sample was: their first articles spaced
evenly, `--per-day` new events a day (12.5: 50 events over four days), each event's k-th document (in date
order) about k × `--hours` later (times a factor 0.5–1.5 drawn from its id), each newspaper or wire its own feed.
A document without a headline gets its first sentence (the newswire copy in DUC has none). `--fold A|B` keeps
one half of the events by a hash of the event id, so a model can learn from one half and be checked on the other.
The output holds publishers' text: keep it out of the repository (bench-out/ and /tmp are fine).

    python3 scripts/duc_events.py DUC --references DIR --summary-rows OUT.jsonl
    make eval-summaries EVAL_ARGS="--data DIR-OF-OUT --split all"   (OUT named news-events.jsonl)

writes every cluster that has a reference in DIR (one file per cluster, named by its id, of `<s docid=… num=…>`
sentences: DUC 2002's human extracts) as rows in news-events.jsonl's fields, the reference as `event_summary`,
so the summary evaluation runs on newswire clusters too.
"""

import argparse
import collections
import datetime as dt
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from news_events import _hash_int  # noqa: E402  (the streams' one hash of ids and texts)

WINDOW_START = dt.datetime(2026, 1, 5, 6, tzinfo=dt.timezone.utc)
SINGLE_EVENT_DAYS = 7
# Document id prefixes of the DUC 2002 sources, longest first: each is one feed.
SOURCES = ("SJMN", "FBIS", "WSJ", "APW", "AP", "FT", "LA", "NYT", "XIE")


def date_of(doc_id):
    """The date a DUC document id carries (AP880911-0016, WSJ891019-0021, LA102089-0177), else None."""
    match = re.match(r"^(AP|WSJ|NYT|APW|XIE)(\d{2})(\d{2})(\d{2})", doc_id)
    if match:
        year, month, day = int(match[2]), int(match[3]), int(match[4])
    else:
        match = re.match(r"^LA(\d{2})(\d{2})(\d{2})", doc_id)
        if not match:
            return None
        month, day, year = int(match[1]), int(match[2]), int(match[3])
    try:
        return dt.date(1900 + year if year > 30 else 2000 + year, month, day).isoformat()
    except ValueError:
        return None


def _tag(text, names):
    for name in names:
        match = re.search(rf"<{name}>(.*?)</{name}>", text, re.S | re.I)
        if match:
            return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", match[1])).strip()
    return ""


def read_sgml(root):
    """Documents of a DUC docs directory: docs/<cluster>/<document>."""
    rows = []
    for cluster in sorted(os.listdir(root)):
        folder = os.path.join(root, cluster)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), encoding="latin-1") as handle:
                raw = handle.read()
            doc_id = _tag(raw, ("DOCNO",)) or name
            date = date_of(doc_id)
            pubdate = _tag(raw, ("PUBDATE",))
            if not date and re.fullmatch(r"\d{8}", pubdate or ""):
                date = f"{pubdate[:4]}-{pubdate[4:6]}-{pubdate[6:]}"
            rows.append({"event": cluster, "doc": doc_id, "date": date,
                         "title": _tag(raw, ("HEADLINE", "HL", "HEAD")), "text": _tag(raw, ("TEXT",))})
    return rows


def read_rows(path):
    if os.path.isdir(path):
        return read_sgml(path)
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def single_event(documents, max_days=SINGLE_EVENT_DAYS):
    dates = sorted(dt.date.fromisoformat(d["date"]) for d in documents if d.get("date"))
    return bool(dates) and len(dates) >= 0.8 * len(documents) and (dates[-1] - dates[0]).days <= max_days


def events(rows, max_days=SINGLE_EVENT_DAYS):
    """Single-event clusters, merged where they share a document: {event id: [document, ...]}."""
    clusters = collections.defaultdict(dict)
    for row in rows:
        if (row.get("text") or "").strip():
            clusters[row["event"]].setdefault(row["doc"], row)
    single = {c: single_event(list(docs.values()), max_days) for c, docs in clusters.items()}
    parent = {}

    def find(c):
        while parent.setdefault(c, c) != c:
            c = parent[c]
        return c

    owners = collections.defaultdict(set)
    for cluster, docs in clusters.items():
        for doc_id in docs:
            owners[doc_id].add(cluster)
    for holders in owners.values():
        singles = sorted(c for c in holders if single[c])
        for other in singles[1:]:
            parent[find(other)] = find(singles[0])
    merged = collections.defaultdict(dict)
    for doc_id, holders in owners.items():
        home = min(holders, key=lambda c: (not single[c], c))
        if single[home]:
            merged[find(home)].setdefault(doc_id, clusters[home][doc_id])
    return {event: list(docs.values()) for event, docs in merged.items()}


def source_of(row):
    """The feed a document came from: its DUC id's prefix, else a slug of its `source` field."""
    upper = row["doc"].upper()
    prefix = next((prefix.lower() for prefix in SOURCES if upper.startswith(prefix)), None)
    if prefix:
        return prefix
    slug = re.sub(r"[^a-z0-9]+", "-", (row.get("source") or "").lower()).strip("-")
    return slug or "other"


def headline(row):
    title = re.sub(r"\s+", " ", row.get("title") or "").strip()
    if title:
        return title
    first = re.split(r"(?<=[.!?])\s+", re.sub(r"\s+", " ", row["text"]).strip())[0]
    words = first.split()
    return " ".join(words[:16]) + ("…" if len(words) > 16 else "")


def stream(by_event, per_day, hours, real_dates=False):
    outlets, articles, described = {}, [], []
    order = sorted(by_event, key=lambda e: (min(d.get("date") or "9999" for d in by_event[e]), e))
    for rank, event_id in enumerate(order):
        base = WINDOW_START + dt.timedelta(days=rank / per_day)
        members = sorted(by_event[event_id], key=lambda d: (d.get("date") or "", d["doc"]))
        if real_dates:
            members = [row for row in members if row.get("date")]
        described.append({"id": event_id, "topic": "politics", "referenceSummary": headline(members[0])})
        for k, row in enumerate(members):
            factor = 0.5 + (_hash_int("time:" + row["doc"]) % 1001) / 1000
            published = base + dt.timedelta(hours=hours * k * factor)
            if real_dates:  # its own day, at a time between 06:00 and 22:00 drawn from its id
                day = dt.datetime.fromisoformat(row["date"]).replace(tzinfo=dt.timezone.utc)
                published = day + dt.timedelta(hours=6 + 16 * (factor - 0.5))
            outlet = source_of(row)
            outlets.setdefault(outlet, {"id": outlet, "name": outlet.upper() + " newswire", "authority": None,
                                        "topicHint": None, "region": None})
            article_id = f"{event_id}-{k}"
            articles.append({
                "id": article_id, "outlet": outlet, "event": event_id, "topic": "politics",
                "headline": headline(row), "body": re.sub(r"[ \t]+", " ", row["text"]).strip(),
                "publishedAt": published.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "link": f"https://{outlet}.example/{article_id}",
            })
    articles.sort(key=lambda a: (a["publishedAt"], a["id"]))
    return {"outlets": list(outlets.values()), "events": described, "articles": articles}


def reference_of(path):
    """The sentences of a DUC extract file, in order, joined."""
    with open(path, encoding="latin-1") as handle:
        raw = handle.read()
    sentences = re.findall(r"<s\b[^>]*>(.*?)(?=</s|<s\b|\Z)", raw, re.S)
    return " ".join(re.sub(r"\s+", " ", sentence).strip() for sentence in sentences)


def summary_rows(rows, references):
    """news-events.jsonl rows of every cluster with a reference file in `references`."""
    clusters = collections.defaultdict(dict)
    for row in rows:
        if (row.get("text") or "").strip():
            clusters[row["event"]].setdefault(row["doc"], row)
    out = []
    for cluster in sorted(clusters):
        path = next((p for p in (os.path.join(references, cluster), os.path.join(references, cluster + ".txt"))
                     if os.path.exists(p)), None)
        if path is None:
            continue
        summary = reference_of(path)
        docs = sorted(clusters[cluster].values(), key=lambda d: (d.get("date") or "", d["doc"]))
        for row in docs:
            out.append({"event": cluster, "title": headline(row), "text": row["text"],
                        "source": source_of(row).upper() + " newswire", "published": row.get("date"),
                        "event_summary": summary, "event_title": headline(docs[0])})
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("duc", help="DUC 2002 docs directory, or a JSON-lines file of its documents")
    parser.add_argument("--out", help="the eval-format stream of the single events")
    parser.add_argument("--references", help="a directory of DUC extract files, one per cluster")
    parser.add_argument("--summary-rows", help="with --references: news-events.jsonl rows of the clusters")
    parser.add_argument("--fold", choices=("A", "B"), help="one half of the events, by a hash of the event id")
    parser.add_argument("--per-day", type=float, default=12.5)
    parser.add_argument("--hours", type=float, default=6.0)
    parser.add_argument("--real-dates", action="store_true",
                        help="each document on its own date (undated ones left out) instead of the dense window")
    parser.add_argument("--max-span-days", type=int, default=SINGLE_EVENT_DAYS,
                        help="keep clusters whose dated documents span at most this many days (labelled events: more)")
    args = parser.parse_args(argv)
    rows = read_rows(args.duc)
    if args.references and args.summary_rows:
        written = summary_rows(rows, args.references)
        with open(args.summary_rows, "w", encoding="utf-8") as handle:
            handle.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in written)
        print(f"{args.summary_rows}: {len(written)} articles of {len({r['event'] for r in written})} clusters",
              file=sys.stderr)
    if not args.out:
        return
    by_event = events(rows, args.max_span_days)
    if args.fold:
        by_event = {e: d for e, d in by_event.items() if "AB"[_hash_int("fold:" + e) % 2] == args.fold}
    doc = stream(by_event, args.per_day, args.hours, args.real_dates)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(doc, handle, ensure_ascii=False)
    print(f"{args.out}: {len(doc['articles'])} articles, {len(doc['events'])} events, {len(doc['outlets'])} feeds",
          file=sys.stderr)


if __name__ == "__main__":
    main()
