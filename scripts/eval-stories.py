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
import email.utils
import http.server
import io
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

from evalkit import REPO, RunError
from evalkit.contract import TOPICS, Contract
from evalkit.evalset import eval_statistics, load_eval, parse_time, print_statistics, validate_eval
from evalkit.feeds import rss_document, serve_directory, time_shift, wire_time, write_feeds
from evalkit.metrics import bcubed, majority_label, mean, rouge1, score, tokens, topic_accuracy
from evalkit.server import log_tail, start_product, stop

DEFAULT_EVAL = os.path.join(REPO, "Resources", "jarvis", "eval", "stories-eval.json")
TARGET_F1 = 0.95
TARGET_TOPIC = 0.90


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
        stop(process)
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


def start_server(command, resources, data_dir, extra_env, log_path):
    env = dict(os.environ, JARVIS_ALLOW_PRIVATE_FEEDS="1", JARVIS_DEFAULT_FEEDS="0",
               JARVIS_SAMPLE_FEEDS="0", LOG_LEVEL="warning",
               # Every outlet is served from 127.0.0.1: the per-host cap would stop at 25 of them.
               JARVIS_MAX_FEEDS_PER_HOST="500", JARVIS_MAX_FEEDS="1000")
    env.pop("JARVIS_PORT", None)
    env.update(extra_env)
    try:
        resources.process, port, argv = start_product(command, data_dir, env, log_path)
    except OSError as error:
        raise RunError(f"cannot start {list(command)[0]}: {error}")
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


def print_report(doc, result, unknown, contract, out=sys.stdout, blind=False):
    """The figures; with `blind` (a held-out set) no event, story or article is named, only counts."""
    p = lambda *a: print(*a, file=out)
    events = {e["id"]: e for e in doc["events"]}
    p("")
    p(f"articles {result['articles']}, events {result['events']}, predicted stories {result['predictedStories']}"
      + (f", server articles not in the eval set {len(unknown)}" if unknown else ""))
    p(f"clustering  B-cubed precision {result['precision']:.4f}  recall {result['recall']:.4f}  F1 {result['f1']:.4f}")
    if blind:
        p(f"  events split over several stories: {len(result['splitEvents'])}; stories mixing several events: "
          f"{len(result['mixedStories'])}; eval articles in no story: {len(result['missing'])} (--blind: none named)")
    elif result["missing"]:
        p(f"  {len(result['missing'])} eval article(s) in no story (never ingested, unanalysed, stale or withheld; "
          "scored as singletons): " + ", ".join(result["missing"][:30]) + (" ..." if len(result["missing"]) > 30 else ""))
    if result["splitEvents"] and not blind:
        p(f"  events split over several stories ({len(result['splitEvents'])}): " + ", ".join(result["splitEvents"]))
    if result["mixedStories"] and not blind:
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
    for row in [] if blind else worst:
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
        print_report(doc, result, unknown, contract, out, blind=getattr(args, "blind", False))
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
    parser.add_argument("--blind", action="store_true",
                        help="a held-out set: print counts only, never which events split or which stories mix")
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
