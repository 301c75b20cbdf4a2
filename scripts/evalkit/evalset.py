"""The labelled story set (Resources/jarvis/eval/FORMAT.md): loading, validation, statistics."""
import collections
import datetime as dt
import json
import re
import sys
import urllib.parse

from evalkit import RunError
from evalkit.contract import TOPICS, WIRE_DATE


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
