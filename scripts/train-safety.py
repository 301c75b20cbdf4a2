#!/usr/bin/env python3
"""Rebuilds the chat safety scanner's learned classifier from the real labelled messages.

    python3 scripts/train-safety.py [--data ../shared/data/chat-safety.jsonl] [--out Resources/xoseen/safety]

Writes into --out:
  classifier.json      classes, biases, weight scales, one threshold per category, split sizes, figures
  classifier.weights   int8 weights, bucket-major (2**bits rows x classes), dequantised as q * scale[class]
  classifier-fixtures.json  texts with the scores this script computes, for the Swift parity test

Split (the second one; LabelledMessage.split in Swift computes the same): two hashes of the message text,
first 8 bytes of SHA-256 as an integer mod 100 -- `first` of the text, `second` of "xoseen-safety-2:" + text.
The first split's test part (first >= 85) was read case by case in an earlier round, so it is development data
now. Held-out test: first < 85 and second < 18 (about 15%, carved before any look); validation: second >= 80;
train: the rest. Identical texts always share a split. Training reads train; C and the thresholds are chosen on
validation; test is only reported (`safety-eval --split test`), never used to choose anything.

Model: multinomial logistic regression over hashed word unigrams, bigrams and character 3-5-grams
(scripts/safety_features.py, mirrored in Swift). Classes: benign, hate (hate speech and sexist abuse),
harassment (insults aimed at a person), threat (violence), spam (self-promotion, bulk e-mail, scams).
Untargeted profanity is not a class: it is allowed in chat (docs/xoseen-safety.md) and left out of training.
"""

import argparse
import hashlib
import json
import math
import os
import sys

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import safety_features as sf  # noqa: E402

CLASSES = ["benign", "hate", "harassment", "threat", "spam"]
CLASS_OF = {
    None: "benign",
    "hate": "hate",
    "sexual_harassment": "hate",
    "harassment": "harassment",
    "threat_violence": "threat",
    "spam": "spam",
    "spam_self_promotion": "spam",
    "scam_fraud": "spam",
}
# One threshold per chat category, on the summed probability of its classes (the three abuse classes overlap,
# so each alone is less sure than their sum).
GROUPS = {"harassment": ["hate", "harassment", "threat"], "money_scam": ["spam"]}
# Benign messages the learned part may block on validation, summed over categories; the rules get the rest
# of the 1% budget.
FPR_BUDGET = 0.0065

FIXTURE_TEXTS = [
    "hey, how was your day?",
    "you are a worthless piece of trash",
    "Txt WIN to 87121 to claim your £1,000 prize now!",
    "Check out my channel, subscribe for daily videos http://example.com",
    "I will find you and hurt you",
    "Café at 8? I'll bring the book you wanted",
    "women are too stupid to vote",
    "don't worry, it's fine :)",
    "",
    "FREE entry!!! reply STOP to opt out",
]


def bucket(text):
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") % 100


def split_of(text):
    first, second = bucket(text), bucket("xoseen-safety-2:" + text)
    if first < 85 and second < 18:
        return "test"
    return "validation" if second >= 80 else "train"


def clean(text):
    # Placeholders of the source datasets, not message content.
    return text.replace("@USER", " ").replace("URL", " ").replace("\ufeff", "")


def matrix(texts, bits):
    rows, cols, vals = [], [], []
    for row, text in enumerate(texts):
        for bucket, value in sf.vector(text, bits):
            rows.append(row)
            cols.append(bucket)
            vals.append(value)
    return csr_matrix((vals, (rows, cols)), shape=(len(texts), 1 << bits), dtype=np.float64)


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def quantise(model):
    weights = model.coef_.T  # buckets x classes
    scales = np.abs(weights).max(axis=0) / 127.0
    scales[scales == 0] = 1.0
    q = np.clip(np.rint(weights / scales), -127, 127).astype(np.int8)
    return q, scales


def scores(x, q, scales, bias):
    return softmax(x @ (q.astype(np.float64) * scales) + bias)


def group_scores(prob):
    """Columns in sorted group order: the summed probability of each group's classes."""
    return np.stack([prob[:, [CLASSES.index(c) for c in GROUPS[g]]].sum(axis=1) for g in sorted(GROUPS)], axis=1)


def blocked_by(scores, thresholds):
    hit = np.zeros(len(scores), dtype=bool)
    for column, t in thresholds.items():
        hit |= scores[:, column] >= t
    return hit


def calibrate(prob, y, budget):
    """One threshold per group: greedy, lowering whichever threshold buys the most risky messages per
    benign one blocked, until the benign block rate on this set reaches the budget."""
    scores = group_scores(prob)
    benign = y == 0
    n_benign = benign.sum()
    thresholds = {g: 1.0 for g in range(scores.shape[1])}
    candidates = {g: sorted(set(np.round(scores[:, g], 4)), reverse=True) for g in thresholds}
    current = blocked_by(scores, thresholds)
    while True:
        best = None
        for g in thresholds:
            for t in [t for t in candidates[g] if t < thresholds[g]][:60]:
                trial = dict(thresholds)
                trial[g] = t
                hit = blocked_by(scores, trial)
                if (hit & benign).sum() / n_benign > budget:
                    break
                gain = (hit & ~benign).sum() - (current & ~benign).sum()
                cost = (hit & benign).sum() - (current & benign).sum()
                if gain <= 0:
                    continue
                ratio = gain / (cost + 0.5)
                if best is None or ratio > best[0]:
                    best = (ratio, g, t, hit)
        if best is None:
            return {sorted(GROUPS)[g]: t for g, t in thresholds.items()}
        _, g, t, current = best
        thresholds[g] = t


def report(name, prob, y, cats, thresholds):
    hit = blocked_by(group_scores(prob), {sorted(GROUPS).index(g): t for g, t in thresholds.items()})
    benign = y == 0
    out = {"messages": int(len(y)), "benign_fpr": round(float(hit[benign].mean()), 4)}
    for cat in sorted({c for c in cats if c}):
        mask = np.array([c == cat for c in cats])
        out[f"recall_{cat}"] = round(float(hit[mask].mean()), 4)
    print(name, json.dumps(out))
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=os.path.join(here, "..", "..", "shared", "data", "chat-safety.jsonl"))
    parser.add_argument("--out", default=os.path.join(here, "..", "Resources", "xoseen", "safety"))
    parser.add_argument("--bits", type=int, default=sf.BITS)
    parser.add_argument("--recalibrate", action="store_true",
                        help="keep the shipped weights, only choose the thresholds again on validation")
    parser.add_argument("--budget", type=float, default=FPR_BUDGET,
                        help="benign block rate the learned half may reach on validation")
    parser.add_argument("--c", default="2,8", help="regularisation values to try on validation, comma-separated")
    args = parser.parse_args()

    parts = {"train": [], "validation": [], "test": []}
    with open(args.data, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            if record["category"] == "profanity":
                continue
            parts[split_of(record["text"])].append((clean(record["text"]), record["category"]))
    for name, rows in parts.items():
        print(f"{name}: {len(rows)} messages", file=sys.stderr)

    def xy(rows):
        return (matrix([t for t, _ in rows], args.bits), np.array([CLASSES.index(CLASS_OF[c]) for _, c in rows]),
                [c for _, c in rows])

    x_val, y_val, cats_val = xy(parts["validation"])
    best = None
    if args.recalibrate:
        # Keep the shipped weights (same scores, so the fixtures stay valid); choose thresholds again.
        with open(os.path.join(args.out, "classifier.json"), encoding="utf-8") as handle:
            shipped = json.load(handle)
        raw = np.fromfile(os.path.join(args.out, "classifier.weights"), dtype=np.int8)
        q = raw.reshape(1 << shipped["bits"], len(CLASSES))
        scales = np.array(shipped["scales"])

        class Shipped:
            intercept_ = np.array(shipped["biases"])
        model = Shipped()
        prob = scores(x_val, q, scales, model.intercept_)
        best = (0, shipped["regularisation_C"], model, q, scales, calibrate(prob, y_val, args.budget))
    else:
        x_train, y_train, _ = xy(parts["train"])
    for c_value in ([] if args.recalibrate else [float(v) for v in args.c.split(",")]):
        # No class weights: balancing up-weights the rare abuse classes, which buys recall at high benign block
        # rates but loses it at the ~1% the chat can afford (validation, 2026-12-03: hate recall 0.30 unweighted
        # vs 0.21 balanced at a 1% learned benign block rate, C=2).
        model = LogisticRegression(C=c_value, max_iter=400, tol=1e-3)
        model.fit(x_train, y_train)
        q, scales = quantise(model)
        prob = scores(x_val, q, scales, model.intercept_)
        thresholds = calibrate(prob, y_val, args.budget)
        hit = blocked_by(group_scores(prob), {sorted(GROUPS).index(g): t for g, t in thresholds.items()})
        recall = float(hit[y_val != 0].mean())
        print(f"C={c_value}: validation risky recall {recall:.4f} at benign FPR {hit[y_val == 0].mean():.4f}",
              file=sys.stderr)
        if best is None or recall > best[0]:
            best = (recall, c_value, model, q, scales, thresholds)
    _, c_value, model, q, scales, thresholds = best
    prob_val = scores(x_val, q, scales, model.intercept_)
    # The trade-off on validation, for the documentation: what each benign block rate would buy.
    curve = {}
    for budget in (0.0025, 0.005, 0.01, 0.02, 0.05):
        curve[str(budget)] = report(f"validation at benign budget {budget}", prob_val, y_val, cats_val,
                                    calibrate(prob_val, y_val, budget))
    figures = {"validation": report("validation", prob_val, y_val, cats_val, thresholds),
               "validation_tradeoff": curve}

    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "classifier.weights"), "wb") as handle:
        handle.write(q.tobytes(order="C"))
    meta = {
        "format": "int8 weights, bucket-major: weights[bucket * classes + class] * scales[class]",
        "features": "scripts/safety_features.py (words, word bigrams, character 3-5-grams; FNV-1a)",
        "bits": args.bits,
        "max_bytes": sf.MAX_BYTES,
        "classes": CLASSES,
        "biases": [float(b) for b in model.intercept_],
        "scales": [float(s) for s in scales],
        "groups": GROUPS,
        "thresholds": {g: float(t) for g, t in sorted(thresholds.items())},
        "regularisation_C": c_value,
        "split": "first = sha256(text)[:8] mod 100, second = sha256('xoseen-safety-2:' + text)[:8] mod 100: "
                 "test if first < 85 and second < 18, else validation if second >= 80, else train",
        "sizes": {name: len(rows) for name, rows in parts.items()},
        "figures": figures,
        "source": "chat-safety.jsonl (OLID, ETHOS, EDOS, YouTube Spam Collection, SpamAssassin, Jigsaw sample, "
                  "DailyDialog); untargeted profanity left out",
    }
    with open(os.path.join(args.out, "classifier.json"), "w", encoding="utf-8") as handle:
        json.dump(meta, handle, indent=1)
        handle.write("\n")

    fixtures = []
    for text in FIXTURE_TEXTS:
        x = matrix([text], args.bits)
        p = scores(x, q, scales, model.intercept_)[0]
        fixtures.append({"text": text, "scores": {CLASSES[c]: float(p[c]) for c in range(len(CLASSES))}})
    with open(os.path.join(args.out, "classifier-fixtures.json"), "w", encoding="utf-8") as handle:
        json.dump(fixtures, handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    print(f"wrote {args.out}: C={c_value}, thresholds {meta['thresholds']}", file=sys.stderr)


if __name__ == "__main__":
    main()
