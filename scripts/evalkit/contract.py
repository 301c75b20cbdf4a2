"""The Jarvis app's contract (seed 001) as checks on responses: validators collect (rule, detail)."""
import collections
import json
import re
import sys

TOPICS = ("finance", "tech", "politics", "africa")
WIRE_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")


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
