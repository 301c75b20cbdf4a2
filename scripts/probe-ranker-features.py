#!/usr/bin/env python3
"""Tries candidate collaborative features for the learned Xoseen ranker offline, on the development half only.

Input: the examples `xoseen train --examples-out FILE` writes (via `scripts/eval-ranker.py --examples-out FILE`):
every decision of a replayed log, oldest first, with the point-in-time feature vector training builds
(`PairFeatures`). This script adds features computed here from the same order (each strictly from earlier
decisions, as `TasteGraph` does), fits the same model as the server (L2 logistic regression by Newton's method,
lambda 1e-3 per example, bias not penalised) on the same older 80%, and prints, for the development half of the
holdout only (viewer hash even, as in eval-ranker.py; the final half is never read here): AUC, log loss, ECE and
learned-minus-history AUC with a paired bootstrap over viewers.

    python3 scripts/eval-ranker.py --xoseen .build/release/xoseen --examples-out /tmp/ex.jsonl /tmp/speed-dating.json
    python3 scripts/probe-ranker-features.py /tmp/ex.jsonl

Candidate features (viewer v deciding on candidate c; L(x) = the people who liked x so far):
- item_cosine: item-item over liked-by sets: mean cosine of L(c) with L(m) over the people m that v liked, minus
  the same over those v passed (v left out of L(m)).
- co_likers: viewer-viewer: among the deciders about c, each weighted by how many of v's likes they also liked,
  the share who liked c (smoothed by 2 pseudo-decisions at the prior), as log-odds / 4.
- residual_item / residual_user: the same two neighbourhoods on residuals of the additive model (verdict minus
  sigmoid(logit viewer like rate + logit candidate liked rate - logit prior), rates smoothed by 5): cosine
  similarity of residual vectors over shared raters, shrunk by n / (n + 2), times v's residuals (item) or the
  similar deciders' residuals about c (user). These are what a factor model adds beyond the like rates.
- candidate_verdict: the candidate's own earlier verdict on v (+1 / -1 / 0), the reciprocal signal.
Each also from the candidate's side (rev_*: c deciding on v), which the reciprocal score multiplies in.
Every example counts as a decision for later ones (a replayed like/pass log has no blind reveals).

Two references: the shipped features fitted only on decisions whose viewer had made at least k earlier ones
(do the taste features need longer histories than most training examples have?), and a static two-way model
(one-hot viewer + one-hot candidate, fitted on the training part: what like rates can give at best).
"""
import argparse, json, math, os, random, sys
from collections import defaultdict

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from evalkit.ranking import auc, stable_hash  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("examples", help="JSON lines from xoseen train --examples-out")
parser.add_argument("--draws", type=int, default=1000, help="bootstrap draws over viewers")
args = parser.parse_args()


def logit(p):
    p = min(0.98, max(0.02, p))
    return math.log(p / (1 - p))


def collaborative(rows):
    """The candidate features per example, both directions, each from strictly earlier decisions."""
    given, received = defaultdict(dict), defaultdict(dict)
    counts = defaultdict(lambda: [0, 0, 0, 0])  # likes given, made, likes received, received
    likes = decisions = 0

    def cosine(a, b, shrink=2.0):
        shared = a.keys() & b.keys()
        if not shared:
            return 0.0
        dot = sum(a[k] * b[k] for k in shared)
        norm = math.sqrt(sum(a[k] ** 2 for k in shared) * sum(b[k] ** 2 for k in shared))
        return dot / (norm + 1e-9) * len(shared) / (len(shared) + shrink)

    def side(v, c, prior):
        def expected(u, x):
            a, b = counts[u], counts[x]
            z = logit((a[0] + 5 * prior) / (a[1] + 5)) + logit((b[2] + 5 * prior) / (b[3] + 5)) - logit(prior)
            return 1 / (1 + math.exp(-z))

        def residual(u, x, verdict):
            return (verdict > 0) - expected(u, x)

        likers_c = {u for u, s in received[c].items() if s > 0}
        sums = {1: [0.0, 0], -1: [0.0, 0]}
        for m, s in given[v].items():
            likers_m = {u for u, t in received[m].items() if t > 0 and u != v}
            sim = len(likers_c & likers_m) / math.sqrt(len(likers_c) * len(likers_m)) if likers_c and likers_m else 0.0
            sums[s][0] += sim
            sums[s][1] += 1
        item_cosine = sums[1][0] / (sums[1][1] + 1) - sums[-1][0] / (sums[-1][1] + 1)
        co_liked = defaultdict(float)
        for m, s in given[v].items():
            if s > 0:
                for u, t in received[m].items():
                    if u != v and t > 0:
                        co_liked[u] += 1
        num = sum(co_liked.get(u, 0.0) for u, t in received[c].items() if t > 0)
        den = sum(co_liked.get(u, 0.0) for u in received[c])
        co_likers = logit((num + 2 * prior) / (den + 2)) / 4
        about_c = {u: residual(u, c, s) for u, s in received[c].items()}
        num = den = 0.0
        for m, s in given[v].items():
            sim = cosine(about_c, {u: residual(u, m, t) for u, t in received[m].items() if u != v})
            num += sim * residual(v, m, s)
            den += abs(sim)
        residual_item = num / (den + 1)
        by_v = {m: residual(v, m, s) for m, s in given[v].items()}
        num = den = 0.0
        for u in received[c]:
            sim = cosine(by_v, {m: residual(u, m, s) for m, s in given[u].items() if m != c})
            num += sim * about_c[u]
            den += abs(sim)
        residual_user = num / (den + 1)
        return {"item_cosine": item_cosine, "co_likers": co_likers, "residual_item": residual_item,
                "residual_user": residual_user, "candidate_verdict": float(given[c].get(v, 0))}

    out = []
    for r in rows:
        v, c = r["viewer"], r["candidate"]
        prior = (likes + 3) / (decisions + 10)
        mine, theirs = side(v, c, prior), side(c, v, prior)
        out.append({**mine, **{"rev_" + k: x for k, x in theirs.items()}})
        verdict = 1 if r["label"] > 0.5 else -1
        given[v][c] = verdict
        received[c][v] = verdict
        counts[v][1] += 1
        counts[c][3] += 1
        if verdict > 0:
            counts[v][0] += 1
            counts[c][2] += 1
            likes += 1
        decisions += 1
    return out


def fit(X, y, w, lam=1e-3, iterations=25):
    """Newton's method on the weighted log loss + lam * total weight * |beta|^2 / 2 (bias free), as LogisticTrainer."""
    Z = np.column_stack([np.ones(len(X)), X])
    beta = np.zeros(Z.shape[1])
    penalty = lam * w.sum() * np.r_[0, np.ones(X.shape[1])]
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-Z @ beta))
        gradient = Z.T @ (w * (y - p)) - penalty * beta
        hessian = (Z * (w * p * (1 - p))[:, None]).T @ Z + np.diag(penalty)
        step = np.linalg.solve(hessian + 1e-9 * np.eye(len(beta)), gradient)
        beta += step
        if np.abs(step).max() < 1e-7:
            break
    return lambda A: 1 / (1 + np.exp(-np.column_stack([np.ones(len(A)), A]) @ beta))


def describe(p, y):
    q = np.clip(p, 1e-6, 1 - 1e-6)
    loss = -np.mean(y * np.log(q) + (1 - y) * np.log(1 - q))
    bins = np.clip((p * 10).astype(int), 0, 9)
    ece = sum(abs(p[bins == b].sum() - y[bins == b].sum()) for b in range(10)) / len(p)
    return "AUC %.4f  log loss %.4f  ECE %.3f" % (auc(p, y), loss, ece)


lines = [json.loads(line) for line in open(args.examples) if line.strip()]
names, rows = lines[0]["names"], lines[1:]
n = len(rows)
cut = int(n * 0.8)
train = np.arange(n) < cut
development = np.array([i >= cut and stable_hash(r["viewer"], "final") % 2 == 0 for i, r in enumerate(rows)])
y = np.array([r["label"] for r in rows])
w = np.array([r["weight"] for r in rows])
F = np.array([r["features"] for r in rows])
extra = collaborative(rows)
viewers = defaultdict(list)
for i in np.where(development)[0]:
    viewers[rows[i]["viewer"]].append(i)
keys = sorted(viewers)


def model(X, rows_used=None, lam=1e-3):
    keep = train if rows_used is None else train & rows_used
    return fit(X[keep], y[keep], w[keep], lam)(X)


def gain(p, base):
    rng = random.Random(7)
    diffs = []
    for _ in range(args.draws):
        idx = [i for _ in keys for i in viewers[keys[rng.randrange(len(keys))]]]
        diffs.append(auc(p[idx], y[idx]) - auc(base[idx], y[idx]))
    diffs.sort()
    return "%+.4f (95%% %+.3f … %+.3f)" % (np.mean(diffs), diffs[int(0.025 * len(diffs))], diffs[int(0.975 * len(diffs))])


history = model(F[:, [names.index("viewer_like_rate"), names.index("candidate_liked_rate")]])
learned = model(F)
d = development
print("development half: %d decisions by %d viewers (final half not read)" % (d.sum(), len(keys)))
print("  %-40s %s" % ("history only", describe(history[d], y[d])))
print("  %-40s %s   vs history %s" % ("learned (PairFeatures)", describe(learned[d], y[d]), gain(learned, history)))
columns = list(extra[0])
for name in columns:
    a = np.array([e[name] for e in extra])
    p = model(np.column_stack([F, a]))
    print("  %-40s %s   vs history %s   alone AUC %.3f" % (
        "+ " + name, describe(p[d], y[d]), gain(p, history), auc(a[d], y[d])))
p = model(np.column_stack([F] + [np.array([e[k] for e in extra]) for k in columns]))
print("  %-40s %s   vs history %s" % ("+ all of them", describe(p[d], y[d]), gain(p, history)))
made, seen = np.zeros(n), defaultdict(int)
for i, r in enumerate(rows):
    made[i] = seen[r["viewer"]]
    seen[r["viewer"]] += 1
for k in (4, 6):
    p = model(F, made >= k)
    print("  %-40s %s   vs history %s" % ("shipped, trained on made >= %d" % k, describe(p[d], y[d]), gain(p, history)))
people = sorted({r["viewer"] for r in rows} | {r["candidate"] for r in rows})
column = {u: j for j, u in enumerate(people)}
onehot = np.zeros((n, 2 * len(people)))
for i, r in enumerate(rows):
    onehot[i, column[r["viewer"]]] = 1
    onehot[i, len(people) + column[r["candidate"]]] = 1
for lam in (1e-4, 3e-5):
    p = model(onehot, lam=lam)
    print("  %-40s %s   vs history %s" % ("static viewer + candidate, λ %g" % lam, describe(p[d], y[d]), gain(p, history)))
