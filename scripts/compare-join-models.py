#!/usr/bin/env python3
"""Compares learners of the same-event decision on exported article↔story pairs.

    python3 scripts/compare-join-models.py --train bench-out/clustering/pairs-train-fold0.jsonl \
        --train bench-out/clustering/pairs-train-fold1.jsonl \
        --eval validation=bench-out/clustering/pairs-validation.jsonl --eval own=bench-out/clustering/pairs-own.jsonl

The pairs are `StoryPairs pairs` output (scripts/train-clustering.py writes the train ones, one file per fold of
the train events; run it on the validation stream and on Resources/jarvis/eval, with `--event-branch` the
shipped branch, for the others): every candidate story the index
finds for an article, with the true story's history restored. For each learner fitted on the train
pairs and each evaluation set it prints the pairwise log loss and ROC AUC and, what the clusterer
actually decides, the candidate-choice accuracy: an article is right when its most probable
candidate is its true story and reaches the threshold, or when its true story is not among the
candidates and none reaches it (it starts a story). Reported at the best threshold of a grid and at
0.5. Only ever give it train, validation and development pairs — never the test split's.

Learners: the previous logistic regression (standardised, L2, C 0.1) and gradient-boosted shallow
trees (scikit-learn HistGradientBoostingClassifier, depth 1 stumps and depth 2, optionally with
monotonic constraints where a feature's direction is plain). Figures of 2026-12-03 in docs/results.md
("Jarvis clustering on real events"): the trees were tried in the clusterer too and not shipped.
"""

import argparse
import collections
import importlib.util
import json
import os
import sys

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss, roc_auc_score

_spec = importlib.util.spec_from_file_location(
    "train_clustering", os.path.join(os.path.dirname(os.path.abspath(__file__)), "train-clustering.py"))
train_clustering = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(train_clustering)

FEATURES = [
    "text_cosine", "title_cosine", "meaning_cosine", "entity_article_share", "entity_story_share",
    "anchor_share", "anchor_miss", "place_conflict", "actor_conflict", "quantity_share", "quantity_miss",
    "has_entities", "has_quantities", "time_gap", "short_article", "meaning_max", "title_max",
    "text_x_meaning", "title_x_meaning", "hand_score", "hand_margin", "meaning_margin", "headline_max",
    "headline_mean", "event_max", "event_mean",
]
# +1: more of it never makes "same event" less likely; -1: never more likely; 0: free.
MONOTONIC = {
    "text_cosine": 1, "title_cosine": 1, "meaning_cosine": 1, "entity_article_share": 1, "entity_story_share": 1,
    "anchor_share": 1, "anchor_miss": -1, "place_conflict": -1, "actor_conflict": -1, "quantity_share": 1,
    "quantity_miss": -1, "has_entities": 0, "has_quantities": 0, "time_gap": -1, "short_article": 0,
    "meaning_max": 1, "title_max": 1, "text_x_meaning": 1, "title_x_meaning": 1, "hand_score": 1,
    "hand_margin": 1, "meaning_margin": 1, "headline_max": 1, "headline_mean": 1, "event_max": 1, "event_mean": 1,
}
THRESHOLDS = [round(t, 2) for t in np.arange(0.05, 0.96, 0.05)]


def read_pairs(path):
    x, y, articles = train_clustering.read_pairs(path)
    assert x.shape[1] == len(FEATURES), f"{path}: {x.shape[1]} features, this script knows {len(FEATURES)}"
    return x, y, articles


class Logistic:
    def __init__(self, c=0.1):
        self.c = c

    def fit(self, x, y):
        self.mean = x.mean(axis=0)
        self.scale = x.std(axis=0)
        self.scale[self.scale < 1e-9] = 1.0
        self.model = LogisticRegression(C=self.c, max_iter=3000).fit((x - self.mean) / self.scale, y)
        return self

    def predict_proba(self, x):
        return self.model.predict_proba((x - self.mean) / self.scale)[:, 1]


def boosted(depth, trees, rate, monotonic, l2=1.0, min_leaf=20):
    cst = [MONOTONIC[n] for n in FEATURES] if monotonic else None
    model = HistGradientBoostingClassifier(
        max_depth=depth, max_leaf_nodes=2 ** depth, max_iter=trees, learning_rate=rate, l2_regularization=l2,
        min_samples_leaf=min_leaf, monotonic_cst=cst, early_stopping=False, random_state=0)

    class Boosted:
        def fit(self, x, y):
            self.model = model.fit(x, y)
            return self

        def predict_proba(self, x):
            return self.model.predict_proba(x)[:, 1]

    return Boosted()


def choice_accuracy(p, y, articles, threshold):
    """Share of articles whose decision (best candidate at the threshold, else a new story) is right."""
    by_article = collections.defaultdict(list)
    for i, a in enumerate(articles):
        by_article[a].append(i)
    right = 0
    for rows in by_article.values():
        best = max(rows, key=lambda i: p[i])
        has_true = any(y[i] for i in rows)
        if p[best] >= threshold:
            right += y[best] == 1
        else:
            right += not has_true
    return right / len(by_article)


def learners(names):
    table = {
        "logistic C0.1": lambda: Logistic(0.1),
        "logistic C1": lambda: Logistic(1.0),
        "stumps 300 lr0.1": lambda: boosted(1, 300, 0.1, False),
        "stumps 300 lr0.1 mono": lambda: boosted(1, 300, 0.1, True),
        "depth2 200 lr0.1": lambda: boosted(2, 200, 0.1, False),
        "depth2 300 lr0.1": lambda: boosted(2, 300, 0.1, False),
        "depth2 200 lr0.1 mono": lambda: boosted(2, 200, 0.1, True),
        "depth2 300 lr0.05 mono": lambda: boosted(2, 300, 0.05, True),
        "depth2 100 lr0.1 mono": lambda: boosted(2, 100, 0.1, True),
    }
    return {n: table[n] for n in (names or table)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--train", required=True, action="append", help="train pairs (StoryPairs pairs; repeatable)")
    parser.add_argument("--eval", action="append", default=[], help="NAME=pairs.jsonl (repeatable)")
    parser.add_argument("--learner", action="append", help="only these learners (repeatable)")
    args = parser.parse_args()
    parts = [read_pairs(path) for path in args.train]
    x, y = np.vstack([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    sets = {}
    for spec in args.eval:
        name, path = spec.split("=", 1)
        sets[name] = read_pairs(path)
    print(f"train pairs {len(y)}, positives {int(y.sum())}", file=sys.stderr)
    for name, make in learners(args.learner).items():
        model = make().fit(x, y)
        for set_name, (xe, ye, articles) in sets.items():
            p = np.clip(model.predict_proba(xe), 1e-7, 1 - 1e-7)
            accuracies = {t: choice_accuracy(p, ye, articles, t) for t in THRESHOLDS}
            best = max(accuracies, key=lambda t: (accuracies[t], -abs(t - 0.5)))
            print(f"{name:24s} {set_name:10s} logloss {log_loss(ye, p):.4f} AUC {roc_auc_score(ye, p):.4f} "
                  f"choice@0.5 {accuracies[0.5]:.4f} best {accuracies[best]:.4f} at {best}", flush=True)


if __name__ == "__main__":
    main()
