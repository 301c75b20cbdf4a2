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

5. splits the held-out part in two by a stable hash of the viewer's id (FNV-1a of the id and "final",
   odd = final): the *development* half is for choosing features and settings, the *final* half is
   printed only with `--final` and is meant to be read once, after the choice. For each half it prints
   AUC, log loss and calibration error (ECE, ten equal-width bins) of the learned ranker, the history-only
   baseline and the rules, and each rule sub-score's AUC alone.
"""
import argparse, http.client, json, math, os, shutil, subprocess, sys, tempfile, time

from evalkit.ranking import auc, stable_hash
from evalkit.server import start_product, stop, wait_until_healthy

parser = argparse.ArgumentParser()
parser.add_argument("--xoseen", required=True)
parser.add_argument("--final", action="store_true", help="also print the final half of the holdout (read it once)")
parser.add_argument("--scores-out", help="keep the held-out scores (JSON lines) in this file")
parser.add_argument("--examples-out", help="keep every example's point-in-time features (JSON lines) in this file,"
                    " for scripts/probe-ranker-features.py")
parser.add_argument("log", nargs="?", default="Resources/xoseen/eval/interactions.json")
args = parser.parse_args()


def metrics(scores, labels):
    loss = -sum(math.log(min(1 - 1e-6, max(1e-6, s))) if y > 0.5 else math.log(1 - min(1 - 1e-6, max(1e-6, s)))
                for s, y in zip(scores, labels)) / len(scores)
    bins = {}
    for s, y in zip(scores, labels):
        b = bins.setdefault(min(9, max(0, int(s * 10))), [0, 0.0, 0.0])
        b[0] += 1; b[1] += s; b[2] += y
    ece = sum(abs(p - o) for _, p, o in bins.values()) / len(scores)
    saturated = sum(s >= 0.99 for s in scores) / len(scores)
    return "AUC %.4f  log loss %.4f  ECE %.4f  ≥0.99 %.3f" % (auc(scores, labels), loss, ece, saturated)


def report_half(name, rows):
    if not rows:
        print("%s half of the holdout: empty" % name)
        return
    labels = [r["label"] for r in rows]
    viewers = len({r["viewer"] for r in rows})
    print("%s half of the holdout: %d decisions by %d viewers (%.1f%% likes)"
          % (name, len(rows), viewers, 100 * sum(labels) / len(labels)))
    for ranker in ("learned", "history", "rules"):
        print("  %-8s %s" % (ranker, metrics([r[ranker] for r in rows], labels)))
    parts = sorted(rows[0]["ruleParts"])
    print("  rule sub-scores alone, AUC: " + ", ".join(
        "%s %.3f" % (p, auc([r["ruleParts"][p] for r in rows], labels)) for p in parts))
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
    scores_file = os.path.join(data, "holdout-scores.jsonl")
    examples_file = os.path.join(data, "examples.jsonl")
    result = subprocess.run([args.xoseen, "train", "--no-promote", "--data-dir", data, "--holdout-scores", scores_file]
                            + (["--examples-out", examples_file] if args.examples_out else []),
                            capture_output=True, text=True)
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    if result.returncode == 0 and args.scores_out:
        shutil.copyfile(scores_file, args.scores_out)
    if result.returncode == 0 and args.examples_out:
        shutil.copyfile(examples_file, args.examples_out)
    if result.returncode == 0:
        rows = [json.loads(line) for line in open(scores_file) if line.strip()]
        final = [r for r in rows if stable_hash(r["viewer"], "final") % 2 == 1]
        report_half("development", [r for r in rows if stable_hash(r["viewer"], "final") % 2 == 0])
        if args.final:
            report_half("FINAL", final)
        else:
            print("final half of the holdout: %d decisions, not shown (--final, once)" % len(final))
    sys.exit(result.returncode)
finally:
    stop(server)
    shutil.rmtree(data, ignore_errors=True)
