#!/usr/bin/env python3
"""Fits the canonical-headline model (Sources/Jarvis/Stories/Insight/HeadlineSelector.swift) and writes its
coefficients to HeadlineModel.swift.

For each development event (`summary_events.py`) the shipped Swift code gives every article's headline with its
features (`story-eval headline-features`, so there is one implementation of the features); the target is how
close the headline comes to the neutral title the editors wrote for the event (`event_title`, ROUGE-1 F1). A
ridge regression (alpha 1) on features and targets centred within each event learns which headline of a story
reads most like its neutral title: only the order within a story matters, as the selector takes the best one.
Prints the 5-fold (by event) ROUGE-1 of the headline each model would choose. The held-out test events stay
for `scripts/eval-summaries.py`.

    python3 scripts/train-headlines.py --story-eval .build/release/story-eval [--data ../shared/data]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summary_events  # noqa: E402
import topic_text as tt  # noqa: E402
from rouge import rouge1  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "..", "Sources", "Jarvis", "Stories", "Insight", "HeadlineModel.swift")
# As `HeadlineSelector.featureNames` (story-eval writes the features in this order).
FEATURE_NAMES = ["centrality", "headline_agreement", "shared_terms", "length", "short", "long", "colon", "quotation",
                 "number", "entities", "action_verb", "opinion", "terms"]


def main():
    import numpy as np
    from sklearn.linear_model import Ridge

    args = summary_events.training_arguments(MODEL)
    events, records = summary_events.development_records(args.story_eval, args.data, "headline-features")
    groups = []
    for record in records:
        if len(record["headlines"]) < 2:
            continue
        title = events[record["event"]][0]["event_title"]
        x = np.array([h["features"] for h in record["headlines"]])
        y = np.array([rouge1(h["headline"], title)[2] for h in record["headlines"]])
        groups.append((tt.fnv1a(record["event"]) % 5, x, y))
    assert all(g[1].shape[1] == len(FEATURE_NAMES) for g in groups)
    print(f"{len(groups)} development events of two headlines or more, "
          f"{sum(len(g[2]) for g in groups)} headlines")

    def fit(parts):
        x = np.vstack([g[1] - g[1].mean(axis=0) for g in parts])
        y = np.concatenate([g[2] - g[2].mean() for g in parts])
        return Ridge(alpha=1.0).fit(x, y)

    picked = {"model": 0.0, "first": 0.0, "mean": 0.0, "best": 0.0}
    for fold in range(5):
        model = fit([g for g in groups if g[0] != fold])
        for _, x, y in (g for g in groups if g[0] == fold):
            picked["model"] += y[int(np.argmax(model.predict(x)))]
            picked["first"] += y[0]
            picked["mean"] += y.mean()
            picked["best"] += y.max()
    n = len(groups)
    print("5-fold ROUGE-1 F1 of the chosen headline against the event title: "
          + ", ".join(f"{k} {v / n:.4f}" for k, v in picked.items()))

    model = fit(groups)
    summary_events.write_swift_model(
        args.out, "train-headlines.py",
        [f"({n} events); features in `HeadlineSelector.featureNames` order. Only the order of a story's",
         "headlines matters, so there is no intercept."],
        "HeadlineModel", model.coef_, FEATURE_NAMES)
    print(f"wrote {os.path.relpath(args.out)}")


if __name__ == "__main__":
    main()
