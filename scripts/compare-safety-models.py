#!/usr/bin/env python3
"""Compares candidate learned safety models on the VALIDATION split (never the test split).

    python3 scripts/compare-safety-models.py [--data ../shared/data/chat-safety.jsonl] [--models base,char25,mlp]

For each candidate it fits on train and prints the recall of each abuse label (hate, insults, threats) at benign
block rates of 0.5%, 1%, 2% and 5% on validation, with the learned model alone: the score is the summed
probability of the abuse classes, the threshold the one that blocks that share of validation benign messages.
The figures in docs/xoseen-safety.md ("What was tried") come from this script. Candidates:

  base     the shipped model: logistic regression over word 1-2-grams and character 3-5-grams inside words
  cwb25    the same with character 2-5-grams
  char25   word 1-2-grams and character 2-5-grams across word boundaries
  binary   base features, one abuse-vs-benign logistic regression (spam left out)
  sourceweighted  base, with benign messages weighted by source: DailyDialog's textbook dialogue x0.3, the
           informal sources (tweets, forum posts, comments) x2 — does the model learn register rather than abuse?
  mlp      base hashed features (scripts/safety_features.py) into a 32-wide learned embedding, ReLU, softmax:
           averaged learned n-gram vectors with a non-linear head

The n-gram candidates use scikit-learn's vocabulary vectorisers (words and character n-grams seen twice in
train) rather than the shipped hashing, which only adds collisions; ranking between candidates is what matters.
"""

import argparse
import importlib.util
import json
import os
import sys

import numpy as np
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.neural_network import MLPClassifier
from sklearn.preprocessing import normalize

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import safety_features as sf  # noqa: E402

_spec = importlib.util.spec_from_file_location("train_safety", os.path.join(HERE, "train-safety.py"))
ts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ts)

ABUSE = [ts.CLASSES.index(c) for c in ("hate", "harassment", "threat")]
LABELS = ("hate", "harassment", "threat_violence", "sexual_harassment")
ANALYSERS = {
    "base": [("word", (1, 2)), ("char_wb", (3, 5))],
    "cwb25": [("word", (1, 2)), ("char_wb", (2, 5))],
    "char25": [("word", (1, 2)), ("char", (2, 5))],
    "binary": [("word", (1, 2)), ("char_wb", (3, 5))],
    "sourceweighted": [("word", (1, 2)), ("char_wb", (3, 5))],
}


def vocabulary_features(name, train, validation):
    matrices = []
    for analyzer, ngrams in ANALYSERS[name]:
        vectoriser = TfidfVectorizer(analyzer=analyzer, ngram_range=ngrams, use_idf=False, norm=None, min_df=2,
                                     lowercase=False, token_pattern=r"[a-z0-9']+")
        matrices.append((vectoriser.fit_transform(train), vectoriser.transform(validation)))
    return normalize(hstack([m[0] for m in matrices]).tocsr()), normalize(hstack([m[1] for m in matrices]).tocsr())


def curve(name, score, y, labels):
    benign = y == 0
    cells = []
    for rate in (0.005, 0.01, 0.02, 0.05):
        threshold = np.sort(score[benign])[::-1][int(rate * benign.sum())]
        hit = score > threshold
        cells.append(f"@{rate:.1%}: " + " ".join(f"{label} {hit[labels == label].mean():.3f}" for label in LABELS))
    print(name, " | ".join(cells), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=os.path.join(HERE, "..", "..", "shared", "data", "chat-safety.jsonl"))
    parser.add_argument("--models", default="base,cwb25,char25,binary,sourceweighted,mlp")
    parser.add_argument("--c", default="8,32", help="regularisation values for the linear candidates")
    args = parser.parse_args()

    parts = {"train": [], "validation": []}
    with open(args.data, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            split = ts.split_of(record["text"])
            if record["category"] == "profanity" or split == "test":
                continue
            parts[split].append((ts.clean(record["text"]), record["category"], record["source_dataset"]))
    texts = {name: [t for t, _, _ in rows] for name, rows in parts.items()}
    y_train = np.array([ts.CLASSES.index(ts.CLASS_OF[c]) for _, c, _ in parts["train"]])
    y_val = np.array([ts.CLASSES.index(ts.CLASS_OF[c]) for _, c, _ in parts["validation"]])
    labels = np.array([c or "benign" for _, c, _ in parts["validation"]])
    textbook = np.array([source.startswith("DailyDialog") for _, _, source in parts["train"]])
    source_weights = np.where(y_train != 0, 1.0, np.where(textbook, 0.3, 2.0))
    folded = {name: [sf.fold(t).decode("ascii") for t in rows] for name, rows in texts.items()}

    for name in args.models.split(","):
        if name == "mlp":
            x_train, x_val = ts.matrix(texts["train"], sf.BITS), ts.matrix(texts["validation"], sf.BITS)
            model = MLPClassifier(hidden_layer_sizes=(32,), alpha=1e-4, batch_size=256, random_state=0)
            for epoch in range(8):
                model.partial_fit(x_train, y_train, classes=np.arange(len(ts.CLASSES)))
                if epoch in (2, 4, 7):
                    curve(f"mlp epoch {epoch + 1}", model.predict_proba(x_val)[:, ABUSE].sum(axis=1), y_val, labels)
            continue
        x_train, x_val = vocabulary_features(name, folded["train"], folded["validation"])
        for c_value in [float(v) for v in args.c.split(",")]:
            if name == "binary":
                keep = y_train != ts.CLASSES.index("spam")
                model = LogisticRegression(C=c_value, max_iter=300, tol=1e-3)
                model.fit(x_train[keep], (y_train[keep] != 0).astype(int))
                score = model.decision_function(x_val)
            else:
                weights = source_weights if name == "sourceweighted" else None
                model = LogisticRegression(C=c_value, max_iter=300, tol=1e-3).fit(x_train, y_train, sample_weight=weights)
                score = model.predict_proba(x_val)[:, ABUSE].sum(axis=1)
            curve(f"{name} C={c_value:g}", score, y_val, labels)


if __name__ == "__main__":
    main()
