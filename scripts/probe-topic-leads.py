#!/usr/bin/env python3
"""Does the topic model still work when an article is only its headline and a short lead?

    python3 scripts/probe-topic-leads.py [--data ../shared/data] [--meaning]

Why: in news-topics.jsonl every `politics` article is a full AllSides text (median ~870 words) and every short
text (~30 words) is an AG News business, sci/tech or Africa item, so a model can learn "short means not
politics". A feed's description is one or two sentences; when the page's text is not fetched, that is all the
server classifies. This script measures the effect out-of-fold on train + validation (the same 4 folds as
scripts/train-topics.py; the test split is not read): each long article (> 80 words) also gets a lead copy —
its headline and its first 25–60 words, cut at a sentence end when there is one — and the model is scored on the
full originals (the figure train-topics.py reports) and on the lead copies of the held-out originals. It
compares the shipped training (originals only) with training on originals plus the lead copies of the training
folds (`--lead-copies` in train-topics.py). `--meaning` adds the meaning model and the shipped mix (vectors from
`story-eval embed`, cached like train-topics.py's).
"""
import argparse
import importlib.util
import os
import sys

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import topic_text as tt  # noqa: E402

_spec = importlib.util.spec_from_file_location("train_topics", os.path.join(os.path.dirname(__file__), "train-topics.py"))
train_topics = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(train_topics)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=tt.DEFAULT_DATA)
    parser.add_argument("--meaning", action="store_true")
    parser.add_argument("--story-eval")
    parser.add_argument("--vector-cache", default=os.path.join(tt.REPO, ".build", "topic-vectors.npz"))
    args = parser.parse_args()

    places = tt.Places(os.path.join(tt.REPO, "Resources", "jarvis", "topics", "places.json"))
    pool = []
    for r in tt.load_jsonl(os.path.join(args.data, "news-topics.jsonl")):
        label = tt.strict_label(r)
        if label is not None and tt.split_of(r) != "test":
            pool.append((r, label))
    truth = np.array([tt.TOPICS.index(label) for _, label in pool])
    folds = list(StratifiedKFold(4, shuffle=True, random_state=0).split(np.zeros(len(truth)), truth))
    copies = [(i, tt.lead_copy(r)) for i, (r, _) in enumerate(pool)
              if tt.is_long(r["text"])]
    copy_parent = np.array([i for i, _ in copies])
    copy_truth = truth[copy_parent]
    print(f"pool {len(pool)}, lead copies {len(copies)} "
          f"({dict(zip(tt.TOPICS, np.bincount(copy_truth, minlength=4).tolist()))})", flush=True)

    repeat, size, c, weight, min_share, main_share = 2, 40000, 10.0, "balanced", 0.3, 1.0
    docs = [tt.features(r["title"], r["text"], repeat) for r, _ in pool]
    copy_docs = [tt.features(r["title"], r["text"], repeat) for _, r in copies]
    shares = np.array([places.african_share(r["title"], r["text"]) for r, _ in pool])
    copy_shares = np.array([places.african_share(r["title"], r["text"]) for _, r in copies])
    vectors = copy_vectors = None
    if args.meaning:
        binary = args.story_eval or tt.story_eval_binary()
        vectors = tt.meaning_vectors([r for r, _ in pool], binary, args.vector_cache)
        copy_vectors = tt.meaning_vectors([r for _, r in copies], binary, args.vector_cache)

    for augmented in (False, True):
        oof = np.zeros((len(pool), 4))
        copy_oof = np.zeros((len(copies), 4))
        for fit_rows, held_rows in folds:
            fit = set(fit_rows.tolist())
            fit_copies = [j for j, p in enumerate(copy_parent) if p in fit]
            held_copies = [j for j, p in enumerate(copy_parent) if p not in fit]
            texts = [docs[i] for i in fit_rows] + ([copy_docs[j] for j in fit_copies] if augmented else [])
            labels = np.concatenate([truth[fit_rows], copy_truth[fit_copies] if augmented else []]).astype(int)
            vectorizer = TfidfVectorizer(analyzer=lambda x: x, sublinear_tf=True, min_df=2, max_features=size)
            x = vectorizer.fit_transform(texts)
            model = LogisticRegression(C=c, max_iter=400, class_weight=weight).fit(x, labels)
            p = model.predict_proba(vectorizer.transform([docs[i] for i in held_rows]))
            pc = model.predict_proba(vectorizer.transform([copy_docs[j] for j in held_copies]))
            if vectors is not None:
                v = np.concatenate([vectors[fit_rows], copy_vectors[fit_copies]] if augmented else [vectors[fit_rows]])
                meaning = LogisticRegression(C=10.0, max_iter=1000, class_weight=weight).fit(v, labels)
                w = 0.35
                p = train_topics.softmax((1 - w) * np.log(np.clip(p, 1e-12, 1))
                                         + w * np.log(np.clip(meaning.predict_proba(vectors[held_rows]), 1e-12, 1)))
                pc = train_topics.softmax((1 - w) * np.log(np.clip(pc, 1e-12, 1)) + w * np.log(
                    np.clip(meaning.predict_proba(copy_vectors[held_copies]), 1e-12, 1)))
            oof[held_rows] = p
            copy_oof[held_copies] = pc
        predicted = train_topics.gated(oof, shares, min_share, main_share)
        copy_predicted = train_topics.gated(copy_oof, copy_shares, min_share, main_share)
        name = "originals + lead copies" if augmented else "originals only (shipped)"
        print(f"\n== trained on {name}{' + meaning mix' if vectors is not None else ''}")
        print(train_topics.report("out-of-fold, full articles", [tt.TOPICS[i] for i in truth],
                                  [tt.TOPICS[i] for i in predicted]))
        print(train_topics.report("out-of-fold, lead copies of the held-out long articles",
                                  [tt.TOPICS[i] for i in copy_truth], [tt.TOPICS[i] for i in copy_predicted]),
              flush=True)


if __name__ == "__main__":
    main()
