#!/usr/bin/env python3
"""Evaluate Jarvis story intelligence on a labelled set, through the real server.

    python3 scripts/eval-stories.py [EVAL_FILE] [--jarvis PATH] [--strict] ...
    python3 scripts/eval-stories.py --dry-run [EVAL_FILE]     validate the set, print its statistics
    python3 scripts/eval-stories.py --self-test               check the metrics, validators and the
                                                              whole pipeline against a mock server

The eval file format is described in Resources/jarvis/eval/FORMAT.md. For a run, the script
writes one RSS 2.0 file per outlet, serves them on 127.0.0.1, starts
`jarvis serve --host 127.0.0.1 --port P --data-dir TMP` (JARVIS_ALLOW_PRIVATE_FEEDS=1,
JARVIS_DEFAULT_FEEDS=0, JARVIS_SAMPLE_FEEDS=0, LOG_LEVEL=warning), adds every outlet with
POST /feeds, waits for ingestion, reads /stories (every page), /stories/{id} and /articles/{id},
validates every response against the app's contract, and prints:

  * B-cubed precision / recall / F1 of the clustering (per-article averages; eval articles found
    in no story count as singletons and are listed);
  * topic accuracy (per article: topic of the story it landed in vs its label), per topic, with
    a confusion table;
  * summary ROUGE-1 (F1 and recall of unigrams, lowercased, punctuation stripped): each story's
    summary vs the reference summary of the event most of its articles belong to, averaged over
    stories with >= 2 eval articles and over all stories;
  * counts, contract violations, and a last line
    `eval-stories: B3 P=.. R=.. F1=.. topic=.. ROUGE-1=.. (targets F1>=0.95 topic>=0.90)`
    (ROUGE-1 there is the F1 averaged over all predicted stories).

Exit status: 0 whatever the scores; with --strict, 1 when a target is missed or the contract is
violated. 2 when the run itself fails (bad eval file, server does not start, feeds not fetched).
Python 3 standard library only; no network beyond 127.0.0.1.
"""

import argparse
import base64
import collections
import datetime as dt
import email.utils
import http.server
import io
import json
import math
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_EVAL = os.path.join(REPO, "Resources", "jarvis", "eval", "stories-eval.json")
TOPICS = ("finance", "tech", "politics", "africa")
WIRE_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")
TARGET_F1 = 0.95
TARGET_TOPIC = 0.90


class RunError(Exception):
    """The run cannot go on (exit status 2)."""


# ---------------------------------------------------------------------------------------------
# Eval set: loading, validation, statistics
# ---------------------------------------------------------------------------------------------

def parse_time(text):
    """An ISO 8601 timestamp with a zone ('Z' or an offset) as an aware UTC datetime, or None."""
    if not isinstance(text, str) or not text.strip():
        return None
    try:
        value = dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return None
    if value.tzinfo is None:
        return None
    return value.astimezone(dt.timezone.utc)


def load_eval(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        raise RunError(f"cannot read eval file {path}: {error}")
    except json.JSONDecodeError as error:
        raise RunError(f"eval file {path} is not valid JSON: {error}")


def _nonempty_str(value):
    return isinstance(value, str) and value.strip() != ""


def validate_eval(doc):
    """(errors, warnings) for an eval document; errors make it unusable."""
    errors, warnings = [], []
    if not isinstance(doc, dict):
        return ["top level must be an object with outlets, events, articles"], warnings
    for key in ("outlets", "events", "articles"):
        if not isinstance(doc.get(key), list) or not doc.get(key):
            errors.append(f"'{key}' must be a non-empty array")
    if errors:
        return errors, warnings

    outlets, names = {}, set()
    for index, outlet in enumerate(doc["outlets"]):
        where = f"outlets[{index}]"
        if not isinstance(outlet, dict) or not _nonempty_str(outlet.get("id")):
            errors.append(f"{where}: id must be a non-empty string")
            continue
        oid = outlet["id"]
        if oid in outlets:
            errors.append(f"{where}: duplicate outlet id {oid!r}")
        outlets[oid] = outlet
        if not _nonempty_str(outlet.get("name")):
            errors.append(f"outlet {oid}: name must be a non-empty string")
        elif outlet["name"].strip().lower() in names:
            errors.append(f"outlet {oid}: duplicate name {outlet['name']!r} (names identify sources)")
        else:
            names.add(outlet["name"].strip().lower())
        authority = outlet.get("authority")
        if authority is not None and (isinstance(authority, bool) or not isinstance(authority, int)
                                      or not 0 <= authority <= 100):
            errors.append(f"outlet {oid}: authority must be an integer 0-100 or null")
        hint = outlet.get("topicHint")
        if hint is not None and hint not in TOPICS:
            errors.append(f"outlet {oid}: topicHint must be one of {', '.join(TOPICS)} or null")
        region = outlet.get("region")
        if region is not None and not isinstance(region, str):
            errors.append(f"outlet {oid}: region must be a string or null")

    events = {}
    for index, event in enumerate(doc["events"]):
        where = f"events[{index}]"
        if not isinstance(event, dict) or not _nonempty_str(event.get("id")):
            errors.append(f"{where}: id must be a non-empty string")
            continue
        eid = event["id"]
        if eid in events:
            errors.append(f"{where}: duplicate event id {eid!r}")
        events[eid] = event
        if event.get("topic") not in TOPICS:
            errors.append(f"event {eid}: topic must be one of {', '.join(TOPICS)}")
        if not _nonempty_str(event.get("referenceSummary")):
            errors.append(f"event {eid}: referenceSummary must be a non-empty string")

    ids, links, per_event = set(), {}, collections.defaultdict(list)
    headlines = collections.Counter()
    for index, article in enumerate(doc["articles"]):
        where = f"articles[{index}]"
        if not isinstance(article, dict) or not _nonempty_str(article.get("id")):
            errors.append(f"{where}: id must be a non-empty string")
            continue
        aid = article["id"]
        where = f"article {aid}"
        if aid in ids:
            errors.append(f"{where}: duplicate article id")
        ids.add(aid)
        if article.get("outlet") not in outlets:
            errors.append(f"{where}: unknown outlet {article.get('outlet')!r}")
        if article.get("event") not in events:
            errors.append(f"{where}: unknown event {article.get('event')!r}")
        else:
            per_event[article["event"]].append(article)
            if article.get("topic") in TOPICS and article["topic"] != events[article["event"]].get("topic"):
                warnings.append(f"{where}: topic {article['topic']} differs from its event's "
                                f"({events[article['event']].get('topic')}); the article's label is scored")
        if article.get("topic") not in TOPICS:
            errors.append(f"{where}: topic must be one of {', '.join(TOPICS)}")
        for key in ("headline", "body"):
            if not _nonempty_str(article.get(key)):
                errors.append(f"{where}: {key} must be a non-empty string")
        if _nonempty_str(article.get("headline")):
            headlines[article["headline"].strip().lower()] += 1
        if parse_time(article.get("publishedAt")) is None:
            errors.append(f"{where}: publishedAt {article.get('publishedAt')!r} is not an ISO 8601 time with a zone")
        elif not WIRE_DATE.match(article["publishedAt"]):
            warnings.append(f"{where}: publishedAt {article['publishedAt']!r} is not in the YYYY-MM-DDTHH:MM:SSZ form")
        link = article.get("link")
        if not _nonempty_str(link) or urllib.parse.urlsplit(link).scheme not in ("http", "https") \
                or not urllib.parse.urlsplit(link).netloc:
            errors.append(f"{where}: link must be an absolute http(s) URL")
        elif link in links:
            errors.append(f"{where}: link also used by {links[link]} (links map server articles back)")
        else:
            links[link] = aid
        author = article.get("author")
        if author is not None and not isinstance(author, str):
            errors.append(f"{where}: author must be a string or null")

    for eid in events:
        if eid not in per_event:
            warnings.append(f"event {eid}: no articles")
        else:
            seen = collections.Counter(a.get("outlet") for a in per_event[eid])
            for outlet, count in seen.items():
                if count > 1:
                    warnings.append(f"event {eid}: {count} articles from outlet {outlet}")
    for headline, count in headlines.items():
        if count > 1:
            warnings.append(f"{count} articles share the headline {headline!r}")
    return errors, warnings


def sentence_count(text):
    return max(1, len(re.findall(r"[.!?][\"')\]]?(?:\s+|$)", text.strip())))


def eval_statistics(doc):
    """A dict of statistics of a *valid* eval document."""
    events = {e["id"]: e for e in doc["events"]}
    by_event = collections.defaultdict(list)
    for article in doc["articles"]:
        by_event[article["event"]].append(article)
    sizes = {eid: len(by_event.get(eid, [])) for eid in events}
    times = sorted(parse_time(a["publishedAt"]) for a in doc["articles"])
    groups = collections.defaultdict(list)
    for event in doc["events"]:
        if event.get("nearMissGroup"):
            groups[event["nearMissGroup"]].append(event["id"])
    follow_ups = 0
    for articles in by_event.values():
        stamps = sorted(parse_time(a["publishedAt"]) for a in articles)
        if len(stamps) > 1 and (stamps[-1] - stamps[0]).total_seconds() >= 3 * 3600:
            follow_ups += 1
    return {
        "outlets": len(doc["outlets"]),
        "events": len(events),
        "articles": len(doc["articles"]),
        "eventsPerTopic": dict(collections.Counter(e["topic"] for e in doc["events"])),
        "articlesPerTopic": dict(collections.Counter(a["topic"] for a in doc["articles"])),
        "articlesPerOutlet": dict(collections.Counter(a["outlet"] for a in doc["articles"])),
        "eventSizes": dict(sorted(collections.Counter(sizes.values()).items())),
        "singleArticleEvents": sorted(eid for eid, n in sizes.items() if n == 1),
        "nearMissGroups": {name: ids for name, ids in sorted(groups.items())},
        "conflictEvents": sorted(e["id"] for e in doc["events"] if e.get("conflict")),
        "eventsSpanning3hOrMore": follow_ups,
        "firstPublished": times[0].strftime("%Y-%m-%dT%H:%M:%SZ"),
        "lastPublished": times[-1].strftime("%Y-%m-%dT%H:%M:%SZ"),
        "spanHours": round((times[-1] - times[0]).total_seconds() / 3600, 1),
        "bodySentences": [min(sentence_count(a["body"]) for a in doc["articles"]),
                          max(sentence_count(a["body"]) for a in doc["articles"])],
        "bodyWordsMean": round(sum(len(a["body"].split()) for a in doc["articles"]) / len(doc["articles"]), 1),
    }


def print_statistics(stats, out=sys.stdout):
    p = lambda *a: print(*a, file=out)
    p(f"outlets {stats['outlets']}, events {stats['events']}, articles {stats['articles']}")
    p("events per topic:   " + ", ".join(f"{t} {stats['eventsPerTopic'].get(t, 0)}" for t in TOPICS))
    p("articles per topic: " + ", ".join(f"{t} {stats['articlesPerTopic'].get(t, 0)}" for t in TOPICS))
    p("articles per outlet: " + ", ".join(f"{k} {v}" for k, v in sorted(stats["articlesPerOutlet"].items())))
    p("event sizes (articles: events): " + ", ".join(f"{k}: {v}" for k, v in stats["eventSizes"].items()))
    p(f"single-article events ({len(stats['singleArticleEvents'])}): " + ", ".join(stats["singleArticleEvents"]))
    p(f"near-miss groups ({len(stats['nearMissGroups'])}):")
    for name, ids in stats["nearMissGroups"].items():
        p(f"  {name}: {', '.join(ids)}")
    p(f"events with conflicting figures ({len(stats['conflictEvents'])}): " + ", ".join(stats["conflictEvents"]))
    p(f"events whose articles span >= 3 h: {stats['eventsSpanning3hOrMore']}")
    p(f"published {stats['firstPublished']} .. {stats['lastPublished']} ({stats['spanHours']} h)")
    p(f"body sentences {stats['bodySentences'][0]}-{stats['bodySentences'][1]}, mean {stats['bodyWordsMean']} words")


# ---------------------------------------------------------------------------------------------
# Metrics (pure functions)
# ---------------------------------------------------------------------------------------------

def bcubed(gold, predicted):
    """B-cubed precision, recall, F1 over the items of `gold` (item -> true cluster label).

    `predicted` maps item -> predicted cluster label; items of `gold` missing from it are
    singletons. Items of `predicted` not in `gold` are ignored.
    """
    items = list(gold)
    if not items:
        return 0.0, 0.0, 0.0
    assignment = {}
    for item in items:
        label = predicted.get(item)
        assignment[item] = ("cluster", label) if label is not None else ("singleton", item)
    gold_members = collections.defaultdict(set)
    pred_members = collections.defaultdict(set)
    for item in items:
        gold_members[gold[item]].add(item)
        pred_members[assignment[item]].add(item)
    precision = recall = 0.0
    for item in items:
        same_gold = gold_members[gold[item]]
        same_pred = pred_members[assignment[item]]
        overlap = len(same_gold & same_pred)
        precision += overlap / len(same_pred)
        recall += overlap / len(same_gold)
    precision /= len(items)
    recall /= len(items)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def topic_accuracy(labels, predicted):
    """(overall accuracy, {topic: (correct, total)}, confusion {(gold, predicted): n}).

    `labels`: item -> labelled topic; `predicted`: item -> predicted topic (missing or None = wrong,
    counted as predicted "(none)")."""
    per_topic = collections.defaultdict(lambda: [0, 0])
    confusion = collections.Counter()
    correct = 0
    for item, gold in labels.items():
        guess = predicted.get(item) or "(none)"
        per_topic[gold][1] += 1
        confusion[(gold, guess)] += 1
        if guess == gold:
            correct += 1
            per_topic[gold][0] += 1
    accuracy = correct / len(labels) if labels else 0.0
    return accuracy, {k: tuple(v) for k, v in per_topic.items()}, dict(confusion)


def tokens(text):
    """Unigrams for ROUGE: NFKC, lowercased, every non-alphanumeric character is a separator."""
    text = unicodedata.normalize("NFKC", text or "").lower()
    return [t for t in re.split(r"[\W_]+", text) if t]


def rouge1(candidate, reference):
    """(precision, recall, F1) of unigram overlap (clipped counts)."""
    cand, ref = collections.Counter(tokens(candidate)), collections.Counter(tokens(reference))
    overlap = sum((cand & ref).values())
    if not overlap:
        return 0.0, 0.0, 0.0
    precision = overlap / sum(cand.values())
    recall = overlap / sum(ref.values())
    return precision, recall, 2 * precision * recall / (precision + recall)


def majority_label(members, gold, order):
    """The gold label most of `members` carry; ties go to the label first in `order`."""
    counts = collections.Counter(gold[m] for m in members if m in gold)
    if not counts:
        return None
    rank = {label: i for i, label in enumerate(order)}
    return min(counts, key=lambda label: (-counts[label], rank.get(label, math.inf), str(label)))


def mean(values):
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def score(doc, stories):
    """All metrics for an eval document and the predicted stories.

    `stories`: list of {"id", "topic", "summary", "articles": [eval article ids]} (only eval
    articles; each eval article in at most one story)."""
    gold_event = {a["id"]: a["event"] for a in doc["articles"]}
    gold_topic = {a["id"]: a["topic"] for a in doc["articles"]}
    references = {e["id"]: e["referenceSummary"] for e in doc["events"]}
    event_order = [e["id"] for e in doc["events"]]
    predicted_story, predicted_topic = {}, {}
    for story in stories:
        for aid in story["articles"]:
            if aid in gold_event and aid not in predicted_story:
                predicted_story[aid] = story["id"]
                predicted_topic[aid] = story.get("topic")
    precision, recall, f1 = bcubed(gold_event, predicted_story)
    accuracy, per_topic, confusion = topic_accuracy(gold_topic, predicted_topic)
    rouge_rows = []
    for story in stories:
        members = [a for a in story["articles"] if a in gold_event]
        event = majority_label(members, gold_event, event_order)
        if event is None:
            continue
        p, r, f = rouge1(story.get("summary") or "", references[event])
        rouge_rows.append({"story": story["id"], "event": event, "articles": len(members),
                           "precision": p, "recall": r, "f1": f})
    multi = [row for row in rouge_rows if row["articles"] >= 2]
    members_of = collections.defaultdict(list)
    for aid, event in gold_event.items():
        members_of[event].append(aid)
    events_hit = collections.Counter(row["event"] for row in rouge_rows)
    return {
        "precision": precision, "recall": recall, "f1": f1,
        "topicAccuracy": accuracy, "perTopic": per_topic, "confusion": confusion,
        "rouge1": {
            "all": {"stories": len(rouge_rows), "f1": mean(r["f1"] for r in rouge_rows),
                    "recall": mean(r["recall"] for r in rouge_rows)},
            "multi": {"stories": len(multi), "f1": mean(r["f1"] for r in multi),
                      "recall": mean(r["recall"] for r in multi)},
            "rows": rouge_rows,
        },
        "missing": sorted(set(gold_event) - set(predicted_story)),
        "articles": len(gold_event), "events": len(set(gold_event.values())),
        "predictedStories": len(stories),
        "splitEvents": sorted(e for e, members in members_of.items()
                              if len({predicted_story.get(a, ("single", a)) for a in members}) > 1),
        "mixedStories": sorted(s["id"] for s in stories
                               if len({gold_event[a] for a in s["articles"] if a in gold_event}) > 1),
        "eventsWithSeveralStories": sorted(e for e, n in events_hit.items() if n > 1),
    }


# ---------------------------------------------------------------------------------------------
# The app's contract (seed 001): validators return a list of (rule, detail)
# ---------------------------------------------------------------------------------------------

class Contract:
    """Collects violations (rule -> examples) and warnings while responses are read."""

    def __init__(self):
        self.violations = collections.OrderedDict()
        self.warnings = collections.OrderedDict()
        self.checked = collections.Counter()

    def _add(self, table, where, rule, detail):
        table.setdefault(f"{where}: {rule}", []).append(detail)

    def violation(self, where, rule, detail=""):
        self._add(self.violations, where, rule, detail)

    def warning(self, where, rule, detail=""):
        self._add(self.warnings, where, rule, detail)

    def count(self):
        return sum(len(v) for v in self.violations.values())

    def report(self, out=sys.stdout, examples=3):
        checked = ", ".join(f"{k} {v}" for k, v in self.checked.items())
        print(f"contract: {self.count()} violation(s), {sum(len(v) for v in self.warnings.values())} "
              f"warning(s); checked {checked or 'nothing'}", file=out)
        for title, table in (("violation", self.violations), ("warning", self.warnings)):
            for rule, details in table.items():
                shown = "; ".join(d for d in details[:examples] if d)
                more = f" (+{len(details) - examples} more)" if len(details) > examples else ""
                print(f"  {title}: {rule} x{len(details)}" + (f" e.g. {shown}{more}" if shown else ""), file=out)

    # field checks ------------------------------------------------------------------------

    def _required(self, where, obj, key, kind, ident):
        if key not in obj:
            self.violation(where, f"'{key}' missing", ident)
            return False
        if obj[key] is None:
            self.violation(where, f"'{key}' is null", ident)
            return False
        return self._typed(where, obj, key, kind, ident)

    def _nullable(self, where, obj, key, kind, ident):
        if key not in obj:
            self.warning(where, f"nullable '{key}' absent (should be present as null)", ident)
            return False
        if obj[key] is None:
            return True
        return self._typed(where, obj, key, kind, ident)

    def _typed(self, where, obj, key, kind, ident):
        value = obj[key]
        ok = {
            "str": lambda v: isinstance(v, str),
            "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
            "bool": lambda v: isinstance(v, bool),
            "list": lambda v: isinstance(v, list),
            "dict": lambda v: isinstance(v, dict),
            "date": lambda v: isinstance(v, str) and WIRE_DATE.match(v) is not None,
            "topic": lambda v: v in TOPICS,
            "health": lambda v: v in ("active", "failing", "dead"),
        }[kind](value)
        if not ok:
            shown = json.dumps(value)[:60]
            expected = {"date": "YYYY-MM-DDTHH:MM:SSZ", "topic": "one of " + "/".join(TOPICS),
                        "health": "active/failing/dead"}.get(kind, kind)
            self.violation(where, f"'{key}' is not {expected}", f"{ident} {key}={shown}")
        return ok

    def _object(self, where, obj, ident=""):
        if not isinstance(obj, dict):
            self.violation(where, "not a JSON object", ident)
            return False
        return True

    # endpoint shapes ----------------------------------------------------------------------

    def health(self, obj):
        where = "GET /health"
        self.checked["health"] += 1
        if not self._object(where, obj):
            return
        for key, kind in (("status", "str"), ("version", "str"), ("storiesCount", "int"),
                          ("feedsCount", "int"), ("uptime", "int")):
            self._required(where, obj, key, kind, "")

    def feed(self, obj, where="GET /feeds"):
        self.checked["feeds"] += 1
        if not self._object(where, obj):
            return
        ident = f"feed {obj.get('id')}"
        for key, kind in (("id", "str"), ("name", "str"), ("url", "str"), ("health", "health"),
                          ("pollIntervalSeconds", "int"), ("failureCount", "int"), ("articleCountToday", "int")):
            self._required(where, obj, key, kind, ident)
        self._nullable(where, obj, "lastFetchedAt", "date", ident)

    def feed_list(self, obj):
        where = "GET /feeds"
        if not self._object(where, obj) or not self._required(where, obj, "data", "list", ""):
            return []
        for feed in obj["data"]:
            self.feed(feed, where)
        return [f for f in obj["data"] if isinstance(f, dict)]

    def _story_common(self, where, obj):
        ident = f"story {obj.get('id')}"
        for key, kind in (("id", "str"), ("headline", "str"), ("summary", "str"), ("topic", "topic"),
                          ("signalScore", "int"), ("scoreBreakdown", "dict"), ("sourceCount", "int"),
                          ("updatedAt", "date"), ("createdAt", "date")):
            self._required(where, obj, key, kind, ident)
        for key in ("consensus", "conflict"):
            self._nullable(where, obj, key, "str", ident)
        if isinstance(obj.get("summary"), str) and not obj["summary"].strip():
            self.violation(where, "'summary' is empty", ident)
        if isinstance(obj.get("summary"), str) and isinstance(obj.get("headline"), str) \
                and obj["summary"].strip() == obj["headline"].strip():
            self.warning(where, "'summary' is a copy of the headline", ident)
        breakdown = obj.get("scoreBreakdown")
        if isinstance(breakdown, dict):
            parts = ("sourceAuthority", "freshness", "localRelevance", "crossSourceConfirmation", "topicImportance")
            if all(self._required(where + " scoreBreakdown", breakdown, key, "int", ident) for key in parts):
                total = sum(breakdown[key] for key in parts)
                score_value = obj.get("signalScore")
                if isinstance(score_value, int) and not isinstance(score_value, bool) and total != score_value:
                    self.violation(where, "scoreBreakdown does not sum to signalScore",
                                   f"{ident} sum={total} signalScore={score_value}")
        score_value = obj.get("signalScore")
        if isinstance(score_value, int) and not isinstance(score_value, bool) and not 0 <= score_value <= 100:
            self.violation(where, "signalScore outside 0-100", f"{ident} {score_value}")

    def story_summary(self, obj):
        where = "GET /stories item"
        self.checked["story items"] += 1
        if not self._object(where, obj):
            return
        self._story_common(where, obj)
        ident = f"story {obj.get('id')}"
        if self._required(where, obj, "sources", "list", ident):
            for source in obj["sources"]:
                sw = "GET /stories item sources[]"
                if not self._object(sw, source, ident):
                    continue
                for key, kind in (("id", "str"), ("name", "str"), ("url", "str"), ("publishedAt", "date"),
                                  ("isBreaking", "bool")):
                    self._required(sw, source, key, kind, ident)
        if "timeline" in obj:
            self.warning(where, "list item carries 'timeline' (detail-only field)", ident)

    def stories_page(self, obj):
        where = "GET /stories"
        self.checked["story pages"] += 1
        if not self._object(where, obj):
            return []
        self._required(where, obj, "data", "list", "")
        self._required(where, obj, "hasMore", "bool", "")
        self._required(where, obj, "total", "int", "")
        self._nullable(where, obj, "nextCursor", "str", "")
        if obj.get("hasMore") is True and not obj.get("nextCursor"):
            self.violation(where, "hasMore is true but nextCursor is null")
        if obj.get("hasMore") is False and obj.get("nextCursor"):
            self.warning(where, "hasMore is false but nextCursor is set")
        data = obj.get("data") if isinstance(obj.get("data"), list) else []
        for item in data:
            self.story_summary(item)
        return [item for item in data if isinstance(item, dict)]

    def story_detail(self, obj):
        where = "GET /stories/{id}"
        self.checked["story details"] += 1
        if not self._object(where, obj):
            return
        self._story_common(where, obj)
        ident = f"story {obj.get('id')}"
        if "sources" in obj:
            self.violation(where, "'sources' present on detail (must be absent)", ident)
        if self._required(where, obj, "timeline", "list", ident):
            previous = None
            for entry in obj["timeline"]:
                tw = "GET /stories/{id} timeline[]"
                if not self._object(tw, entry, ident):
                    continue
                for key, kind in (("articleId", "str"), ("source", "str"), ("headline", "str"),
                                  ("publishedAt", "date"), ("isBreaking", "bool")):
                    self._required(tw, entry, key, kind, ident)
                stamp = entry.get("publishedAt")
                if isinstance(stamp, str) and WIRE_DATE.match(stamp):
                    if previous is not None and stamp < previous:
                        self.violation(where, "timeline not in time order (earliest first)", ident)
                    previous = stamp
            if not obj["timeline"]:
                self.warning(where, "empty timeline", ident)

    def article(self, obj):
        where = "GET /articles/{id}"
        self.checked["articles"] += 1
        if not self._object(where, obj):
            return
        ident = f"article {obj.get('id')}"
        for key, kind in (("id", "str"), ("storyId", "str"), ("source", "str"), ("sourceUrl", "str"),
                          ("headline", "str"), ("body", "str"), ("publishedAt", "date")):
            self._required(where, obj, key, kind, ident)
        for key in ("imageUrl", "author"):
            self._nullable(where, obj, key, "str", ident)


# ---------------------------------------------------------------------------------------------
# RSS files and the local feed server
# ---------------------------------------------------------------------------------------------

def wire_time(value):
    return value.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def time_shift(doc, mode, now=None):
    """Seconds to add to every publishedAt: 'latest-now' moves the newest article to now - 60 s
    (relative spacing kept; the server clamps future dates); 'none' keeps the labelled dates."""
    if mode == "none":
        return 0
    now = now or dt.datetime.now(dt.timezone.utc)
    newest = max(parse_time(a["publishedAt"]) for a in doc["articles"])
    return int((now - newest).total_seconds()) - 60


def feed_filename(index, outlet_id):
    safe = re.sub(r"[^A-Za-z0-9_-]+", "-", str(outlet_id)).strip("-")[:40] or "outlet"
    return f"{index:02d}-{safe}.xml"


def rss_document(outlet, articles, shift_seconds=0, channel_link="http://127.0.0.1/"):
    """RSS 2.0 bytes for one outlet: guid = article id, title, link, description = body,
    pubDate (RFC 822) from publishedAt (+ shift), dc:creator when the article has an author."""
    items = sorted(articles, key=lambda a: parse_time(a["publishedAt"]), reverse=True)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">',
             "<channel>",
             f"<title>{escape(outlet['name'])}</title>",
             f"<link>{escape(channel_link)}</link>",
             f"<description>{escape(outlet['name'])} (evaluation feed)</description>",
             "<language>en</language>"]
    for article in items:
        published = parse_time(article["publishedAt"]) + dt.timedelta(seconds=shift_seconds)
        lines += ["<item>",
                  f"<guid isPermaLink=\"false\">{escape(article['id'])}</guid>",
                  f"<title>{escape(article['headline'])}</title>",
                  f"<link>{escape(article['link'])}</link>",
                  f"<description>{escape(article['body'])}</description>",
                  f"<pubDate>{email.utils.format_datetime(published, usegmt=True)}</pubDate>"]
        if article.get("author"):
            lines.append(f"<dc:creator>{escape(article['author'])}</dc:creator>")
        lines.append("</item>")
    lines += ["</channel>", "</rss>", ""]
    return "\n".join(lines).encode("utf-8")


def write_feeds(doc, directory, shift_seconds):
    """Writes one RSS file per outlet; returns [(outlet, filename, item count)]."""
    by_outlet = collections.defaultdict(list)
    for article in doc["articles"]:
        by_outlet[article["outlet"]].append(article)
    written = []
    for index, outlet in enumerate(doc["outlets"]):
        articles = by_outlet.get(outlet["id"], [])
        if not articles:
            continue
        name = feed_filename(index, outlet["id"])
        first = urllib.parse.urlsplit(articles[0]["link"])
        with open(os.path.join(directory, name), "wb") as handle:
            handle.write(rss_document(outlet, articles, shift_seconds, f"{first.scheme}://{first.netloc}/"))
        written.append((outlet, name, len(articles)))
    return written


class QuietFileHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".xml": "application/rss+xml; charset=utf-8"})

    def log_message(self, format, *args):
        pass


def serve_directory(directory):
    """A threaded static server on 127.0.0.1:<free port> in a daemon thread; returns (server, base URL)."""
    handler = lambda *a, **k: QuietFileHandler(*a, directory=directory, **k)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="feeds", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# ---------------------------------------------------------------------------------------------
# HTTP client for the server under test
# ---------------------------------------------------------------------------------------------

class Api:
    def __init__(self, base, timeout=15):
        self.base = base
        self.timeout = timeout
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never a proxy

    def request(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Accept": "application/json",
                                                  **({"Content-Type": "application/json"} if data else {})})
        try:
            with self.opener.open(request, timeout=self.timeout) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        except TimeoutError:
            # A server busy clustering a large first poll may not answer within the timeout: status 0
            # (the waits retry it; a check that needs an answer reports it).
            print(f"eval-stories: {method} {path} timed out after {self.timeout} s", file=sys.stderr)
            return 0, None
        try:
            payload = json.loads(raw) if raw else None
        except json.JSONDecodeError:
            payload = raw.decode("utf-8", "replace")
        return status, payload

    def get(self, path):
        return self.request("GET", path)


# ---------------------------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------------------------

class Resources:
    """Everything to undo on exit: the server process, the feed server, temp dirs."""

    def __init__(self):
        self.process = None
        self.http = None
        self.dirs = []
        self.keep = False

    def close(self):
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                process.wait(timeout=15)  # the server's graceful shutdown has a 10 s grace period
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
                process.wait(timeout=5)
        http_server, self.http = self.http, None
        if http_server is not None:
            http_server.shutdown()
            http_server.server_close()
        dirs, self.dirs = self.dirs, []
        for directory in dirs:
            if self.keep:
                print(f"kept {directory}", file=sys.stderr)
            else:
                shutil.rmtree(directory, ignore_errors=True)


def default_jarvis():
    try:
        out = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                             capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise RunError(f"cannot locate the jarvis binary (swift build --show-bin-path: {error}); pass --jarvis")
    if out.returncode != 0:
        raise RunError("swift build -c release --show-bin-path failed; pass --jarvis")
    return os.path.join(out.stdout.strip(), "jarvis")


def log_tail(path, lines=20):
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return "".join(handle.readlines()[-lines:])
    except OSError:
        return ""


def _die_with_parent():
    """In the child before exec: SIGTERM it if this script dies without cleaning up (SIGKILL)."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG (Linux)
    except Exception:
        pass


def start_server(command, resources, data_dir, extra_env, log_path):
    port = free_port()
    argv = list(command) + ["serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", data_dir]
    env = dict(os.environ, JARVIS_ALLOW_PRIVATE_FEEDS="1", JARVIS_DEFAULT_FEEDS="0",
               JARVIS_SAMPLE_FEEDS="0", LOG_LEVEL="warning",
               # Every outlet is served from 127.0.0.1: the per-host cap would stop at 25 of them.
               JARVIS_MAX_FEEDS_PER_HOST="500", JARVIS_MAX_FEEDS="1000")
    env.pop("JARVIS_PORT", None)
    env.update(extra_env)
    log = open(log_path, "wb")
    try:
        resources.process = subprocess.Popen(argv, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                                             stdin=subprocess.DEVNULL, start_new_session=True,
                                             preexec_fn=_die_with_parent)
    except OSError as error:
        raise RunError(f"cannot start {argv[0]}: {error}")
    finally:
        log.close()
    return Api(f"http://127.0.0.1:{port}"), argv


def wait_for_health(api, resources, contract, log_path, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if resources.process.poll() is not None:
            raise RunError(f"the server exited with status {resources.process.returncode}:\n{log_tail(log_path)}")
        try:
            status, body = api.get("/health")
            if status == 200:
                contract.health(body)
                return body
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.2)
    raise RunError(f"GET /health did not answer 200 within {timeout:.0f} s:\n{log_tail(log_path)}")


def add_feeds(api, feeds, base_url, contract):
    """POST /feeds for every outlet; returns {feed id: outlet id}."""
    added = {}
    for outlet, filename, _ in feeds:
        body = {"url": f"{base_url}/{filename}", "name": outlet["name"], "pollIntervalSeconds": 60}
        status, response = api.request("POST", "/feeds", body)
        if status != 201:
            contract.violation("POST /feeds", "status is not 201", f"{outlet['id']}: {status} {json.dumps(response)[:160]}")
            if status >= 400:
                raise RunError(f"POST /feeds for {outlet['name']} failed: {status} {json.dumps(response)[:300]}")
        contract.feed(response, "POST /feeds")
        if isinstance(response, dict) and isinstance(response.get("id"), str):
            added[response["id"]] = outlet["id"]
    return added


def wait_for_ingestion(api, added, contract, timeout, settle, say):
    """Until every added feed has lastFetchedAt and the story counts are unchanged for `settle` s.

    Two counts are watched: `storiesCount` of /health (every live story, analysed or not) and
    `total` of /stories?limit=1 (the stories the app can see; analysis may lag ingestion). They
    are expected to agree at the end; if they never do, a state unchanged for 4 x settle is
    accepted. The whole wait is bounded by `timeout`."""
    start = time.monotonic()
    deadline = start + timeout
    fetched_at = None
    last, stable_since = None, time.monotonic()
    while time.monotonic() < deadline:
        status, body = api.get("/feeds")
        if status == 200:
            feeds = [f for f in (body.get("data") if isinstance(body, dict) else None) or [] if isinstance(f, dict)]
            ours = [f for f in feeds if f.get("id") in added]
            if fetched_at is None and len(ours) == len(added) and all(f.get("lastFetchedAt") for f in ours):
                fetched_at = time.monotonic()
                say(f"all {len(ours)} feeds fetched after {fetched_at - start:.1f} s")
        status, health = api.get("/health")
        count = health.get("storiesCount") if status == 200 and isinstance(health, dict) else None
        status, page = api.get("/stories?limit=1")
        visible = page.get("total") if status == 200 and isinstance(page, dict) else None
        if (count, visible) != last:
            last, stable_since = (count, visible), time.monotonic()
        quiet = time.monotonic() - stable_since
        if fetched_at is not None and quiet >= settle and (visible is None or visible == count or quiet >= 4 * settle):
            say(f"storiesCount {count}, /stories total {visible}: unchanged for {quiet:.0f} s")
            break
        time.sleep(0.5)
    else:
        say(f"warning: ingestion not settled within {timeout:.0f} s (feeds fetched: {fetched_at is not None}, "
            f"storiesCount {last[0] if last else None}, /stories total {last[1] if last else None}); scoring what is there")
    # one contract-checked read of the final state
    status, body = api.get("/feeds")
    final = contract.feed_list(body) if status == 200 else []
    if status != 200:
        contract.violation("GET /feeds", f"status {status}")
    status, health = api.get("/health")
    if status == 200:
        contract.health(health)
    unhealthy = [f for f in final if f.get("id") in added and (f.get("health") != "active" or not f.get("lastFetchedAt"))]
    for feed in unhealthy:
        say(f"warning: feed {feed.get('name')!r} health={feed.get('health')} failures={feed.get('failureCount')} "
            f"lastFetchedAt={feed.get('lastFetchedAt')}")
    if fetched_at is None:
        raise RunError("not every feed was fetched (lastFetchedAt still null); see the warnings above")


def read_stories(api, contract, say, page_limit=100, max_pages=10_000):
    """Every page of GET /stories, then every /stories/{id} and /articles/{id}."""
    summaries, seen, cursors = [], set(), set()
    after, pages, total = None, 0, None
    while pages < max_pages:
        path = f"/stories?limit={page_limit}" + (f"&after={urllib.parse.quote(after, safe='')}" if after else "")
        status, body = api.get(path)
        pages += 1
        if status != 200:
            contract.violation("GET /stories", f"status {status}", json.dumps(body)[:160])
            break
        for item in contract.stories_page(body):
            if item.get("id") in seen:
                contract.violation("GET /stories", "story repeated across pages", str(item.get("id")))
                continue
            seen.add(item.get("id"))
            summaries.append(item)
        total = body.get("total") if isinstance(body, dict) else None
        after = body.get("nextCursor") if isinstance(body, dict) else None
        if not (isinstance(body, dict) and body.get("hasMore") and after):
            break
        if after in cursors:
            contract.violation("GET /stories", "nextCursor repeats (paging loop)", str(after)[:60])
            break
        cursors.add(after)
    if isinstance(total, int) and total != len(summaries):
        contract.warning("GET /stories", "total differs from the number of stories paged",
                         f"total={total} paged={len(summaries)}")
    say(f"read {len(summaries)} stories in {pages} page(s)")

    stories, articles = [], {}
    for summary in summaries:
        sid = summary.get("id")
        if not isinstance(sid, str):
            continue
        status, detail = api.get(f"/stories/{urllib.parse.quote(sid, safe='')}")
        if status != 200:
            contract.violation("GET /stories/{id}", f"status {status} for a listed story", sid)
            continue
        contract.story_detail(detail)
        if isinstance(detail, dict) and detail.get("id") != sid:
            contract.warning("GET /stories/{id}", "answers with another id (merged?)", f"{sid} -> {detail.get('id')}")
        timeline = detail.get("timeline") if isinstance(detail, dict) and isinstance(detail.get("timeline"), list) else []
        ids = [e.get("articleId") for e in timeline if isinstance(e, dict) and isinstance(e.get("articleId"), str)]
        if isinstance(summary.get("sourceCount"), int) and summary["sourceCount"] > len(ids) and ids:
            contract.warning("GET /stories", "sourceCount larger than the timeline", f"{sid}: {summary['sourceCount']} > {len(ids)}")
        stories.append({"id": sid, "topic": detail.get("topic", summary.get("topic")),
                        "summary": detail.get("summary", summary.get("summary")),
                        "headline": detail.get("headline", summary.get("headline")),
                        "serverArticles": ids})
        for aid in ids:
            if aid in articles:
                continue
            status, article = api.get(f"/articles/{urllib.parse.quote(aid, safe='')}")
            if status != 200:
                contract.violation("GET /articles/{id}", f"status {status} for a timeline article", aid)
                articles[aid] = None
                continue
            contract.article(article)
            articles[aid] = article if isinstance(article, dict) else None
            if isinstance(article, dict) and article.get("storyId") not in (sid, detail.get("id")):
                contract.warning("GET /articles/{id}", "storyId differs from the story whose timeline lists it",
                                 f"{aid}: {article.get('storyId')} vs {sid}")
    return stories, articles


def normalise_url(url):
    parts = urllib.parse.urlsplit(url.strip())
    path = parts.path.rstrip("/") or "/"
    return urllib.parse.urlunsplit((parts.scheme.lower(), parts.netloc.lower(), path, parts.query, ""))


def map_articles(doc, stories, server_articles, say):
    """Maps server articles to eval articles by sourceUrl (= link), then by source name + headline.
    Returns (stories with 'articles' = eval ids, unknown server article ids)."""
    by_link = {a["link"]: a["id"] for a in doc["articles"]}
    by_norm = {normalise_url(a["link"]): a["id"] for a in doc["articles"]}
    outlet_names = {o["id"]: o["name"] for o in doc["outlets"]}
    by_title = {(outlet_names[a["outlet"]].lower(), a["headline"].strip().lower()): a["id"] for a in doc["articles"]}
    resolved, unknown, placed = {}, [], {}
    for sid, article in server_articles.items():
        if article is None:
            continue
        url = article.get("sourceUrl") if isinstance(article.get("sourceUrl"), str) else ""
        eid = by_link.get(url) or by_norm.get(normalise_url(url)) if url else None
        if eid is None:
            key = (str(article.get("source", "")).lower(), str(article.get("headline", "")).strip().lower())
            eid = by_title.get(key)
        if eid is None:
            unknown.append(sid)
        else:
            resolved[sid] = eid
    mapped = []
    for story in stories:
        ids = []
        for server_id in story["serverArticles"]:
            eid = resolved.get(server_id)
            if eid is None:
                continue
            if eid in placed and placed[eid] != story["id"]:
                say(f"warning: eval article {eid} is in two stories ({placed[eid]}, {story['id']}); the first counts")
                continue
            placed[eid] = story["id"]
            if eid not in ids:
                ids.append(eid)
        mapped.append(dict(story, articles=ids))
    return mapped, unknown


def pct(value):
    return f"{value:.2f}"


def print_report(doc, result, unknown, contract, out=sys.stdout):
    p = lambda *a: print(*a, file=out)
    events = {e["id"]: e for e in doc["events"]}
    p("")
    p(f"articles {result['articles']}, events {result['events']}, predicted stories {result['predictedStories']}"
      + (f", server articles not in the eval set {len(unknown)}" if unknown else ""))
    p(f"clustering  B-cubed precision {result['precision']:.4f}  recall {result['recall']:.4f}  F1 {result['f1']:.4f}")
    if result["missing"]:
        p(f"  {len(result['missing'])} eval article(s) in no story (never ingested, unanalysed, stale or withheld; "
          "scored as singletons): " + ", ".join(result["missing"][:30]) + (" ..." if len(result["missing"]) > 30 else ""))
    if result["splitEvents"]:
        p(f"  events split over several stories ({len(result['splitEvents'])}): " + ", ".join(result["splitEvents"]))
    if result["mixedStories"]:
        p(f"  stories mixing several events ({len(result['mixedStories'])}): " + ", ".join(result["mixedStories"][:20]))
    p(f"topic       accuracy {result['topicAccuracy']:.4f}")
    for topic in TOPICS + tuple(sorted(set(result["perTopic"]) - set(TOPICS))):
        if topic in result["perTopic"]:
            right, total = result["perTopic"][topic]
            p(f"  {topic:<9} {right:>4}/{total:<4} {right / total if total else 0:.3f}")
    guesses = sorted({g for (_, g) in result["confusion"]}, key=lambda t: (t not in TOPICS, t))
    p("  confusion (rows: labelled, columns: predicted): " + " ".join(f"{g:>9}" for g in guesses))
    for topic in TOPICS:
        if topic in result["perTopic"]:
            p(f"  {topic:<47}" + " ".join(f"{result['confusion'].get((topic, g), 0):>9}" for g in guesses))
    r = result["rouge1"]
    p(f"summary     ROUGE-1 F1 {r['all']['f1']:.4f} recall {r['all']['recall']:.4f} over {r['all']['stories']} stories; "
      f"F1 {r['multi']['f1']:.4f} recall {r['multi']['recall']:.4f} over {r['multi']['stories']} stories with >= 2 articles")
    worst = sorted((row for row in r["rows"] if row["articles"] >= 2 and row["f1"] < 0.999), key=lambda row: row["f1"])[:5]
    for row in worst:
        p(f"  low: story {row['story']} ({row['articles']} articles, event {row['event']}) F1 {row['f1']:.2f}")
    contract.report(out)


def run(args, out=None):
    out = out or sys.stdout
    log = sys.stderr if out is sys.stdout else out
    say = lambda message: print(message, file=log, flush=True)
    doc = load_eval(args.eval_file)
    errors, warnings = validate_eval(doc)
    if errors:
        for error in errors[:50]:
            say(f"eval set error: {error}")
        raise RunError(f"{len(errors)} error(s) in {args.eval_file}")
    for warning in warnings[:20]:
        say(f"eval set warning: {warning}")

    resources = Resources()
    resources.keep = args.keep
    previous = {}

    def interrupted(signum, _frame):
        raise KeyboardInterrupt(f"signal {signum}")

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        previous[signum] = signal.signal(signum, interrupted)
    try:
        work = tempfile.mkdtemp(prefix="eval-stories-")
        resources.dirs.append(work)
        feed_dir, data_dir = os.path.join(work, "feeds"), os.path.join(work, "data")
        os.makedirs(feed_dir)
        os.makedirs(data_dir)
        shift = time_shift(doc, args.time_shift)
        feeds = write_feeds(doc, feed_dir, shift)
        resources.http, base_url = serve_directory(feed_dir)
        say(f"serving {len(feeds)} RSS feeds ({len(doc['articles'])} items, dates shifted by {shift} s) at {base_url}")

        command = args.server_command or [args.jarvis or default_jarvis()]
        if not args.server_command and not os.access(command[0], os.X_OK):
            raise RunError(f"{command[0]} is not an executable; build it (swift build -c release --product jarvis) "
                           "or pass --jarvis")
        extra_env = dict(item.split("=", 1) for item in args.server_env)
        log_path = os.path.join(work, "server.log")
        contract = Contract()
        api, argv = start_server(command, resources, data_dir, extra_env, log_path)
        say(f"started {' '.join(argv)}")
        wait_for_health(api, resources, contract, log_path, args.start_timeout)
        added = add_feeds(api, feeds, base_url, contract)
        wait_for_ingestion(api, added, contract, args.timeout, args.settle, say)
        stories, server_articles = read_stories(api, contract, say, page_limit=args.page_limit)
        mapped, unknown = map_articles(doc, stories, server_articles, say)
        result = score(doc, mapped)
        print_report(doc, result, unknown, contract, out)
        if resources.process.poll() is not None:
            say(f"warning: the server exited during the run:\n{log_tail(log_path)}")
        if args.json_out:
            with open(args.json_out, "w", encoding="utf-8") as handle:
                json.dump({"metrics": {k: v for k, v in result.items() if k != "confusion"},
                           "confusion": [{"labelled": g, "predicted": p, "n": n} for (g, p), n in result["confusion"].items()],
                           "contractViolations": contract.violations, "contractWarnings": contract.warnings,
                           "unknownServerArticles": unknown}, handle, indent=1)
        missed = []
        if result["f1"] < args.target_f1:
            missed.append("F1")
        if result["topicAccuracy"] < args.target_topic:
            missed.append("topic")
        if contract.count():
            missed.append("contract")
        print(f"eval-stories: B3 P={pct(result['precision'])} R={pct(result['recall'])} F1={pct(result['f1'])} "
              f"topic={pct(result['topicAccuracy'])} ROUGE-1={pct(result['rouge1']['all']['f1'])} "
              f"(targets F1>={args.target_f1:.2f} topic>={args.target_topic:.2f})", file=out, flush=True)
        return (1 if missed else 0) if args.strict else 0, result, contract
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        resources.close()


# ---------------------------------------------------------------------------------------------
# Mock server (self-test only): speaks the contract, ingests the RSS, clusters by an oracle
# ---------------------------------------------------------------------------------------------

def mock_server(argv):
    """`eval-stories.py _mock-jarvis serve --host H --port P --data-dir D` with EVAL_MOCK_TRUTH=<eval
    file> and EVAL_MOCK_MODE=oracle|by-topic|broken."""
    parser = argparse.ArgumentParser(prog="mock-jarvis")
    parser.add_argument("command")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--data-dir")
    options = parser.parse_args(argv)
    truth = load_eval(os.environ["EVAL_MOCK_TRUTH"])
    mode = os.environ.get("EVAL_MOCK_MODE", "oracle")
    gold = {a["link"]: a for a in truth["articles"]}
    summaries = {e["id"]: e["referenceSummary"] for e in truth["events"]}
    lock = threading.Lock()
    state = {"feeds": {}, "articles": {}, "started": time.time()}
    now = lambda: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())

    def stamp(value):
        text = wire_time(value)
        return text[:-1] + ".123Z" if mode == "broken" else text

    def ingest(feed_id):
        time.sleep(0.3)
        with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(state["feeds"][feed_id]["url"]) as r:
            root = ET.fromstring(r.read())
        with lock:
            for item in root.iter("item"):
                link = item.findtext("link")
                aid = f"srv-{len(state['articles']) + 1}"
                state["articles"][aid] = {
                    "id": aid, "feed": feed_id, "link": link, "guid": item.findtext("guid"),
                    "headline": item.findtext("title"), "body": item.findtext("description"),
                    "publishedAt": email.utils.parsedate_to_datetime(item.findtext("pubDate")),
                    "source": state["feeds"][feed_id]["name"]}
            state["feeds"][feed_id]["lastFetchedAt"] = now()

    def stories():
        groups = collections.OrderedDict()
        for article in state["articles"].values():
            label = gold[article["link"]]
            key = label["event"] if mode in ("oracle", "broken") else label["topic"]
            groups.setdefault(key, []).append(article)
        result = []
        for key, members in groups.items():
            members.sort(key=lambda a: a["publishedAt"])
            label = gold[members[0]["link"]]
            result.append({"id": "story-" + key, "members": members, "topic": label["topic"],
                           "summary": summaries[label["event"]] if mode != "by-topic" else "A summary of several stories.",
                           "headline": members[0]["headline"]})
        return result

    def base(story):
        parts = {"sourceAuthority": 20, "freshness": 10, "localRelevance": 5, "crossSourceConfirmation": 7,
                 "topicImportance": 8}
        first, last = story["members"][0]["publishedAt"], story["members"][-1]["publishedAt"]
        return {"id": story["id"], "headline": story["headline"], "summary": story["summary"],
                "topic": story["topic"], "signalScore": sum(parts.values()), "scoreBreakdown": parts,
                "sourceCount": len({m["source"] for m in story["members"]}), "consensus": None, "conflict": None,
                "updatedAt": stamp(last), "createdAt": stamp(first)}

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args):
            pass

        def send(self, status, payload):
            body = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def feed_dto(self, feed):
            return {"id": feed["id"], "name": feed["name"], "url": feed["url"], "health": "active",
                    "pollIntervalSeconds": feed["interval"], "failureCount": 0,
                    "lastFetchedAt": feed.get("lastFetchedAt"), "articleCountToday": 0}

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            if self.path != "/feeds":
                return self.send(404, {"error": {"code": "not_found", "message": "no route"}})
            with lock:
                fid = f"feed-{len(state['feeds']) + 1}"
                state["feeds"][fid] = {"id": fid, "name": body["name"], "url": body["url"],
                                       "interval": body.get("pollIntervalSeconds", 900)}
                dto = self.feed_dto(state["feeds"][fid])
            threading.Thread(target=ingest, args=(fid,), daemon=True).start()
            self.send(201, dto)

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(url.query)
            with lock:
                all_stories = stories()
                if url.path == "/health":
                    return self.send(200, {"status": "ok", "version": "mock", "storiesCount": len(all_stories),
                                           "feedsCount": len(state["feeds"]),
                                           "uptime": int(time.time() - state["started"])})
                if url.path == "/feeds":
                    return self.send(200, {"data": [self.feed_dto(f) for f in state["feeds"].values()]})
                if url.path == "/stories":
                    limit = min(int(query.get("limit", ["20"])[0]), 7)  # small pages: paging gets exercised
                    start = int(base64.urlsafe_b64decode(query["after"][0]).decode()) if "after" in query else 0
                    page = all_stories[start:start + limit]
                    data = []
                    for story in page:
                        item = base(story)
                        if mode != "broken":
                            item["sources"] = [{"id": m["id"], "name": m["source"], "url": m["link"],
                                                "publishedAt": stamp(m["publishedAt"]), "isBreaking": False}
                                               for m in story["members"]]
                        data.append(item)
                    more = start + limit < len(all_stories)
                    cursor = base64.urlsafe_b64encode(str(start + limit).encode()).decode() if more else None
                    return self.send(200, {"data": data, "nextCursor": cursor, "hasMore": more,
                                           "total": len(all_stories)})
                parts = url.path.strip("/").split("/")
                if len(parts) == 2 and parts[0] == "stories":
                    for story in all_stories:
                        if story["id"] == urllib.parse.unquote(parts[1]):
                            item = base(story)
                            item["timeline"] = [{"articleId": m["id"], "source": m["source"], "headline": m["headline"],
                                                 "publishedAt": stamp(m["publishedAt"]), "isBreaking": i == 0}
                                                for i, m in enumerate(story["members"])]
                            return self.send(200, item)
                if len(parts) == 2 and parts[0] == "articles":
                    article = state["articles"].get(urllib.parse.unquote(parts[1]))
                    if article:
                        story_id = next(s["id"] for s in all_stories if article in s["members"])
                        return self.send(200, {"id": article["id"], "storyId": story_id, "source": article["source"],
                                               "sourceUrl": article["link"], "headline": article["headline"],
                                               "body": article["body"], "publishedAt": stamp(article["publishedAt"]),
                                               "imageUrl": None, "author": None})
            self.send(404, {"error": {"code": "not_found", "message": "not found"}})

    server = http.server.ThreadingHTTPServer((options.host, options.port), Handler)
    server.daemon_threads = True
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


# ---------------------------------------------------------------------------------------------
# Self-test
# ---------------------------------------------------------------------------------------------

def self_test(eval_path):
    failures = []
    checks = 0

    def check(name, condition, detail=""):
        nonlocal checks
        checks += 1
        if not condition:
            failures.append(f"{name} {detail}".strip())
            print(f"  FAIL {name} {detail}")

    close = lambda a, b: abs(a - b) < 1e-9

    # B-cubed -----------------------------------------------------------------------------------
    gold = {"a1": "E1", "a2": "E1", "a3": "E1", "b1": "E2", "b2": "E2", "c1": "E3"}
    p, r, f = bcubed(gold, {"a1": "x", "a2": "x", "a3": "x", "b1": "y", "b2": "y", "c1": "z"})
    check("bcubed perfect", close(p, 1) and close(r, 1) and close(f, 1), (p, r, f))
    p, r, f = bcubed(gold, {"a1": "x", "a2": "y", "a3": "z", "b1": "u", "b2": "v", "c1": "w"})
    check("bcubed all singletons: P=1", close(p, 1), p)
    check("bcubed all singletons: R=mean(1/|event|)", close(r, (3 * (1 / 3) + 2 * (1 / 2) + 1) / 6), r)
    p, r, f = bcubed(gold, {k: "one" for k in gold})
    check("bcubed all in one: R=1", close(r, 1), r)
    check("bcubed all in one: P=sum(|E|^2)/N^2", close(p, (9 + 4 + 1) / 36), p)
    check("bcubed all in one: F1", close(f, 2 * p / (p + 1)), f)
    p, r, f = bcubed(gold, {"a1": "x", "a2": "x", "b1": "y", "b2": "y", "c1": "z"})  # a3 missing
    check("bcubed missing item is a singleton: P=1", close(p, 1), p)
    check("bcubed missing item is a singleton: R", close(r, (2 / 3 + 2 / 3 + 1 / 3 + 1 + 1 + 1) / 6), r)
    p, r, f = bcubed(gold, {"a1": "x", "a2": "x", "a3": "x", "b1": "x", "b2": "y", "c1": "z", "zz": "x"})
    check("bcubed merge + split", close(p, (3 * 0.75 + 0.25 + 1 + 1) / 6) and close(r, (1 + 1 + 1 + 0.5 + 0.5 + 1) / 6), (p, r))
    check("bcubed empty", bcubed({}, {}) == (0.0, 0.0, 0.0))

    # Topic accuracy -----------------------------------------------------------------------------
    labels = {"a": "finance", "b": "finance", "c": "africa", "d": "tech"}
    accuracy, per_topic, confusion = topic_accuracy(labels, {"a": "finance", "b": "africa", "c": "africa"})
    check("topic accuracy", close(accuracy, 0.5), accuracy)
    check("topic per-topic", per_topic == {"finance": (1, 2), "africa": (1, 1), "tech": (0, 1)}, per_topic)
    check("topic confusion", confusion[("finance", "africa")] == 1 and confusion[("tech", "(none)")] == 1, confusion)

    # ROUGE-1 -------------------------------------------------------------------------------------
    check("tokens", tokens("The Bank's rate: 2.75%, HELD!") == ["the", "bank", "s", "rate", "2", "75", "held"],
          tokens("The Bank's rate: 2.75%, HELD!"))
    p, r, f = rouge1("the cat sat", "the cat sat")
    check("rouge identical", close(f, 1) and close(r, 1), (p, r, f))
    p, r, f = rouge1("the cat", "The cat sat on the mat.")
    check("rouge subset: P=1 R=2/6", close(p, 1) and close(r, 2 / 6) and close(f, 2 * (1 / 3) / (4 / 3)), (p, r, f))
    p, r, f = rouge1("the the the", "the cat")
    check("rouge clipped counts", close(p, 1 / 3) and close(r, 1 / 2), (p, r))
    check("rouge disjoint", rouge1("alpha", "beta") == (0.0, 0.0, 0.0))
    check("rouge empty", rouge1("", "beta") == (0.0, 0.0, 0.0))
    check("majority label", majority_label(["a", "b", "c"], {"a": "E2", "b": "E1", "c": "E2"}, ["E1", "E2"]) == "E2")
    check("majority tie -> first in order", majority_label(["a", "b"], {"a": "E2", "b": "E1"}, ["E1", "E2"]) == "E1")

    # score() on a tiny document ---------------------------------------------------------------
    tiny = {"outlets": [{"id": "o1", "name": "One"}, {"id": "o2", "name": "Two"}],
            "events": [{"id": "E1", "topic": "finance", "referenceSummary": "Rates held at 5%."},
                       {"id": "E2", "topic": "africa", "referenceSummary": "Floods in Lagos."}],
            "articles": [{"id": "a", "outlet": "o1", "event": "E1", "topic": "finance"},
                         {"id": "b", "outlet": "o2", "event": "E1", "topic": "finance"},
                         {"id": "c", "outlet": "o1", "event": "E2", "topic": "africa"}]}
    result = score(tiny, [{"id": "s1", "topic": "finance", "summary": "Rates held at 5%.", "articles": ["a", "b"]},
                          {"id": "s2", "topic": "politics", "summary": "Floods hit Lagos.", "articles": ["c"]}])
    check("score perfect clustering", close(result["f1"], 1), result["f1"])
    check("score topic 2/3", close(result["topicAccuracy"], 2 / 3), result["topicAccuracy"])
    check("score rouge multi = 1", close(result["rouge1"]["multi"]["f1"], 1) and result["rouge1"]["multi"]["stories"] == 1)
    check("score rouge all", close(result["rouge1"]["all"]["f1"], (1 + rouge1("Floods hit Lagos.", "Floods in Lagos.")[2]) / 2))
    result = score(tiny, [{"id": "s1", "topic": "finance", "summary": "x", "articles": ["a", "b", "c"]}])
    check("score all-in-one: precision drops, recall 1",
          close(result["recall"], 1) and close(result["precision"], (2 / 3 + 2 / 3 + 1 / 3) / 3), result)
    check("score mixed stories reported", result["mixedStories"] == ["s1"])
    result = score(tiny, [{"id": "s1", "topic": "finance", "summary": "x", "articles": ["a"]}])
    check("score missing reported", result["missing"] == ["b", "c"], result["missing"])
    check("score split events", result["splitEvents"] == ["E1"], result["splitEvents"])

    # Contract validators --------------------------------------------------------------------------
    good_item = {"id": "s", "headline": "H", "summary": "S.", "topic": "africa", "signalScore": 50,
                 "scoreBreakdown": {"sourceAuthority": 10, "freshness": 10, "localRelevance": 10,
                                    "crossSourceConfirmation": 10, "topicImportance": 10},
                 "sourceCount": 1, "consensus": None, "conflict": None,
                 "updatedAt": "2025-09-15T10:00:00Z", "createdAt": "2025-09-15T09:00:00Z",
                 "sources": [{"id": "a", "name": "N", "url": "https://x.example/a",
                              "publishedAt": "2025-09-15T09:00:00Z", "isBreaking": True}]}
    contract = Contract()
    contract.stories_page({"data": [good_item], "nextCursor": None, "hasMore": False, "total": 1})
    check("contract good page", contract.count() == 0 and not contract.warnings, dict(contract.violations))
    bad = json.loads(json.dumps(good_item))
    bad["updatedAt"] = "2025-09-15T10:00:00.123Z"
    bad["signalScore"] = 51
    bad["sourceCount"] = True
    del bad["sources"]
    bad["summary"] = None
    contract = Contract()
    contract.stories_page({"data": [bad], "hasMore": True, "total": 1})
    rules = " | ".join(contract.violations)
    for needle in ("'updatedAt' is not", "'sources' missing", "'summary' is null", "'sourceCount' is not int",
                   "does not sum", "hasMore is true but nextCursor"):
        check(f"contract detects {needle!r}", needle in rules, rules)
    check("contract warns absent nullable nextCursor", any("nextCursor" in w for w in contract.warnings))
    detail = {k: v for k, v in good_item.items() if k != "sources"}
    detail["timeline"] = [{"articleId": "a", "source": "N", "headline": "H", "publishedAt": "2025-09-15T09:00:00Z",
                           "isBreaking": True}]
    contract = Contract()
    contract.story_detail(detail)
    check("contract good detail", contract.count() == 0, dict(contract.violations))
    detail["sources"] = []
    detail["timeline"].append({"articleId": "b", "source": "N", "headline": "H", "publishedAt": "2025-09-14T09:00:00Z",
                               "isBreaking": "no"})
    contract = Contract()
    contract.story_detail(detail)
    rules = " | ".join(contract.violations)
    for needle in ("'sources' present on detail", "time order", "'isBreaking' is not bool"):
        check(f"contract detects {needle!r}", needle in rules, rules)
    contract = Contract()
    contract.feed_list({"data": [{"id": "f", "name": "N", "url": "u", "health": "ok", "pollIntervalSeconds": 60,
                                  "failureCount": 0, "lastFetchedAt": None, "articleCountToday": 0}]})
    check("contract feed health enum", any("health" in v for v in contract.violations), dict(contract.violations))
    contract = Contract()
    contract.article({"id": "a", "storyId": "s", "source": "N", "sourceUrl": "u", "headline": "H", "body": "B",
                      "publishedAt": "2025-09-15T09:00:00+00:00", "imageUrl": None})
    check("contract article date offset", any("publishedAt" in v for v in contract.violations))
    check("contract article author absent is a warning", any("author" in w for w in contract.warnings))
    contract = Contract()
    contract.health({"status": "ok", "version": "1", "storiesCount": 1, "feedsCount": 1, "uptime": 1.5})
    check("contract health uptime int", any("uptime" in v for v in contract.violations))

    # Eval-set validation ------------------------------------------------------------------------------
    broken = json.loads(json.dumps(tiny))
    for article in broken["articles"]:
        article.update(headline="H " + article["id"], body="B.", publishedAt="2025-09-15T09:00:00Z",
                       link=f"https://x.example/{article['id']}")
    errors, _ = validate_eval(broken)
    check("eval validator accepts a valid tiny set", not errors, errors)
    broken["articles"][0]["outlet"] = "nope"
    broken["articles"][1]["event"] = "nope"
    broken["articles"][2]["id"] = "a"
    broken["articles"][2]["publishedAt"] = "yesterday"
    broken["articles"][2]["link"] = "https://x.example/a"
    errors, _ = validate_eval(broken)
    joined = " | ".join(errors)
    for needle in ("unknown outlet", "unknown event", "duplicate article id", "publishedAt", "link also used"):
        check(f"eval validator detects {needle!r}", needle in joined, joined)

    # RSS ------------------------------------------------------------------------------------------------
    outlet = {"id": "o1", "name": "Ledger & Sons <Daily>"}
    article = {"id": "x-1", "headline": "Profits & losses <up>", "body": "Body with <b>tags</b> & \"quotes\".",
               "publishedAt": "2025-09-15T09:30:00Z", "link": "https://x.example/a?b=1&c=2", "author": "A. Writer"}
    root = ET.fromstring(rss_document(outlet, [article], shift_seconds=3600))
    item = root.find("channel/item")
    check("rss title escaped", item.findtext("title") == article["headline"], item.findtext("title"))
    check("rss description = body", item.findtext("description") == article["body"])
    check("rss link", item.findtext("link") == article["link"])
    check("rss guid = id", item.findtext("guid") == "x-1" and item.find("guid").get("isPermaLink") == "false")
    check("rss pubDate RFC 822 + shift",
          email.utils.parsedate_to_datetime(item.findtext("pubDate")) == parse_time("2025-09-15T10:30:00Z"),
          item.findtext("pubDate"))
    check("rss dc:creator", item.findtext("{http://purl.org/dc/elements/1.1/}creator") == "A. Writer")
    check("time shift latest-now",
          time_shift({"articles": [article]}, "latest-now", parse_time("2025-09-16T09:31:00Z")) == 86400)
    check("time shift none", time_shift({"articles": [article]}, "none") == 0)

    # The shipped eval set -----------------------------------------------------------------------------
    if os.path.exists(eval_path):
        doc = load_eval(eval_path)
        errors, warnings = validate_eval(doc)
        check("shipped eval set validates", not errors, errors[:5])
        check("shipped eval set has no warnings", not warnings, warnings[:5])

        # End to end against the mock server: the real pipeline (RSS files, feed server, process,
        # POST /feeds, waiting, paging, mapping, scoring, contract) with known answers.
        for mode, expect in (("oracle", "perfect"), ("by-topic", "merged"), ("broken", "violations")):
            print(f"  pipeline against the mock server ({mode}) ...", flush=True)
            args = argparse.Namespace(eval_file=eval_path, jarvis=None, keep=False, time_shift="latest-now",
                                      server_command=[sys.executable, os.path.abspath(__file__), "_mock-jarvis"],
                                      server_env=[f"EVAL_MOCK_TRUTH={eval_path}", f"EVAL_MOCK_MODE={mode}"],
                                      start_timeout=30, timeout=60, settle=1.5, page_limit=100, json_out=None,
                                      strict=True, target_f1=TARGET_F1, target_topic=TARGET_TOPIC)
            buffer = io.StringIO()
            try:
                status, result, contract = run(args, out=buffer)
                last = buffer.getvalue().strip().splitlines()[-1]
                print(f"    {last}")
                check(f"pipeline {mode}: final line", last.startswith("eval-stories: B3 P="), last)
            except RunError as error:
                print(buffer.getvalue())
                check(f"pipeline {mode} runs", False, str(error))
                continue
            if expect == "perfect":
                check("pipeline oracle: F1 = 1", close(result["f1"], 1), result["f1"])
                check("pipeline oracle: topic = 1", close(result["topicAccuracy"], 1), result["topicAccuracy"])
                check("pipeline oracle: ROUGE-1 = 1", close(result["rouge1"]["all"]["f1"], 1))
                check("pipeline oracle: nothing missing", not result["missing"], result["missing"][:5])
                check("pipeline oracle: no violations", contract.count() == 0, dict(contract.violations))
                check("pipeline oracle: paged", contract.checked["story pages"] >= 7, contract.checked)
                check("pipeline oracle: --strict exit 0", status == 0, status)
            elif expect == "merged":
                n = len(doc["articles"])
                sizes = collections.Counter(a["topic"] for a in doc["articles"])
                expected_p = mean(
                    sum(1 for b in doc["articles"] if b["event"] == a["event"]) / sizes[a["topic"]]
                    for a in doc["articles"])
                check("pipeline by-topic: recall 1", close(result["recall"], 1), result["recall"])
                check("pipeline by-topic: precision as computed", close(result["precision"], expected_p),
                      (result["precision"], expected_p, n))
                check("pipeline by-topic: --strict exit 1", status == 1, status)
            else:
                check("pipeline broken: violations found",
                      any("'sources' missing" in v for v in contract.violations)
                      and any("'updatedAt' is not" in v for v in contract.violations), list(contract.violations))
                check("pipeline broken: --strict exit 1", status == 1, status)

    print(f"self-test: {checks - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


# ---------------------------------------------------------------------------------------------

def main(argv):
    if argv[:1] == ["_mock-jarvis"]:
        return mock_server(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="Format: Resources/jarvis/eval/FORMAT.md")
    parser.add_argument("eval_file", nargs="?", default=DEFAULT_EVAL, help="eval set (default: %(default)s)")
    parser.add_argument("--eval", dest="eval_option", help="same as the positional EVAL_FILE")
    parser.add_argument("--jarvis", help="the jarvis binary (default: $(swift build -c release --show-bin-path)/jarvis)")
    parser.add_argument("--server-command", metavar="CMD",
                        help="instead of --jarvis: a command (shell words) run with `serve --host .. --port .. --data-dir ..`")
    parser.add_argument("--dry-run", action="store_true", help="only validate the eval set and print its statistics")
    parser.add_argument("--self-test", action="store_true", help="check the metrics, validators and pipeline (mock server)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed or the contract is violated")
    parser.add_argument("--target-f1", type=float, default=TARGET_F1, help="default %(default)s")
    parser.add_argument("--target-topic", type=float, default=TARGET_TOPIC, help="default %(default)s")
    parser.add_argument("--timeout", type=float, default=120, help="max seconds to wait for ingestion (default 120)")
    parser.add_argument("--settle", type=float, default=3, help="storiesCount must stay unchanged this long (default 3 s)")
    parser.add_argument("--start-timeout", type=float, default=60, help="max seconds for GET /health to answer")
    parser.add_argument("--page-limit", type=int, default=100, help="limit for GET /stories pages (default 100)")
    parser.add_argument("--time-shift", choices=("latest-now", "none"), default="latest-now",
                        help="move all dates so the newest article is a minute old (default), or keep them")
    parser.add_argument("--server-env", action="append", default=[], metavar="KEY=VALUE",
                        help="extra environment for the server (repeatable)")
    parser.add_argument("--json-out", metavar="PATH", help="also write the metrics and violations as JSON")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir (feeds, data, server.log)")
    args = parser.parse_args(argv)
    if args.eval_option:
        args.eval_file = args.eval_option
    args.server_command = shlex.split(args.server_command) if args.server_command else None
    for item in args.server_env:
        if "=" not in item:
            parser.error(f"--server-env expects KEY=VALUE, got {item!r}")
    try:
        if args.self_test:
            return self_test(args.eval_file)
        if args.dry_run:
            doc = load_eval(args.eval_file)
            errors, warnings = validate_eval(doc)
            for warning in warnings:
                print(f"warning: {warning}")
            for error in errors:
                print(f"error: {error}")
            if errors:
                print(f"eval-stories: {args.eval_file}: {len(errors)} error(s)")
                return 2
            print(f"eval set {args.eval_file}: valid ({len(warnings)} warning(s))")
            print_statistics(eval_statistics(doc))
            return 0
        status, _, _ = run(args)
        return status
    except RunError as error:
        print(f"eval-stories: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("eval-stories: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:  # output piped into head & co.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
