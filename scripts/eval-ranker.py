#!/usr/bin/env python3
"""`make eval-ranker`: replays an interaction log through the real Xoseen API, trains, and
prints how the learned and rule-based rankers predict the later part of the timeline.

1. starts the release `xoseen` on an empty data directory (no seed population, no trainer);
2. creates every profile with POST /web/profile (rejected profiles are counted and skipped);
3. posts every decision with POST /ml/feedback in `at` order (so the server's event log has
   the same order; the time-ordered split then holds out the latest decisions);
4. runs `xoseen train --no-promote` on that data directory and prints its figures: AUC, log
   loss, calibration error and score spread on the held-out later part for both rankers, and
   the mean share of matches in each viewer's top 10 by each ranker.

The format is written by scripts/simulate-interactions.py (see its docstring); any other file
in that format works: `make eval-ranker EVAL_ARGS=path/to/log.json`.
"""
import argparse, http.client, json, os, shutil, subprocess, sys, tempfile, time

from evalkit.server import start_product, stop, wait_until_healthy

parser = argparse.ArgumentParser()
parser.add_argument("--xoseen", required=True)
parser.add_argument("log", nargs="?", default="Resources/xoseen/eval/interactions.json")
args = parser.parse_args()
log = json.load(open(args.log))
data = tempfile.mkdtemp(prefix="xoseen-eval-")
env = dict(os.environ, XOSEEN_SEED_COUNT="0", XOSEEN_TRAIN_INTERVAL_SEC="0")
server, port, _ = start_product([args.xoseen], data, env, log_path=os.path.join(data, "server.log"),
                                extra_args=["--log-level", "warning"], cwd=None)
try:
    if not wait_until_healthy(server, port, timeout=60):
        sys.exit("eval-ranker: the server did not start (%s)" % os.path.join(data, "server.log"))
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def post(path, body):
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"{}")

    started = time.time()
    created, rejected = 0, []
    for user in log["users"]:
        status, answer = post("/web/profile", user)
        if status == 200:
            created += 1
        else:
            rejected.append((user.get("userId"), answer.get("error", {}).get("message")))
    decisions = sorted(log["decisions"], key=lambda d: d["at"])
    posted, failed, matches = 0, 0, 0
    for d in decisions:
        status, answer = post("/ml/feedback", {"viewerId": d["viewer"], "candidateId": d["candidate"], "action": d["action"]})
        if status == 200:
            posted += 1
            matches += answer.get("matched") is True
        else:
            failed += 1
    elapsed = time.time() - started
    print("eval-ranker: %s — %d/%d profiles created, %d/%d decisions replayed (%d matches) through the API in %.1f s"
          % (args.log, created, len(log["users"]), posted, len(decisions), matches, elapsed))
    for uid, why in rejected[:5]:
        print("  rejected profile %s: %s" % (uid, why))
    result = subprocess.run([args.xoseen, "train", "--no-promote", "--data-dir", data], capture_output=True, text=True)
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    sys.exit(result.returncode)
finally:
    stop(server)
    shutil.rmtree(data, ignore_errors=True)
