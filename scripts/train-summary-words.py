#!/usr/bin/env python3
"""Fits the summary's word-importance model (Sources/Jarvis/Stories/Insight/WordImportance.swift) and writes its
coefficients to WordImportanceModel.swift.

Each word of a development event's candidate sentences, with the features the shipped Swift code computes for it
(`story-eval summary-words`, so there is one implementation of the features), is labelled by whether the
editors' summary of the event (`event_summary`) uses it: a logistic regression (C = 1) learns how likely a
summary is to need a word. Only development events are read (`summary_events.py`); the held-out test events
stay for `scripts/eval-summaries.py`. Prints the 5-fold (by event) AUC of the model against the voice share
alone, the concept weight used before.

    python3 scripts/train-summary-words.py --story-eval .build/release/story-eval [--data ../shared/data]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summary_events  # noqa: E402
import topic_text as tt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# As `WordImportance.featureNames` (story-eval writes the features in this order).
FEATURE_NAMES = ["voice_share", "two_voices", "three_voices", "headline_share", "in_a_headline", "lead_voice_share",
                 "earliest_position", "log_count", "capitalised_share", "number", "length"]
MODEL = os.path.join(HERE, "..", "Sources", "Jarvis", "Stories", "Insight", "WordImportanceModel.swift")


def main():
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score

    args = summary_events.training_arguments(MODEL)
    _, records = summary_events.development_records(args.story_eval, args.data, "summary-words", reference=True)
    rows, labels, folds = [], [], []
    for record in records:
        reference = set(record["reference"])
        for term in sorted(record["words"]):
            rows.append(record["words"][term])
            labels.append(term in reference)
            folds.append(tt.fnv1a(record["event"]) % 5)
    x, y, g = np.array(rows), np.array(labels), np.array(folds)
    print(f"{len(records)} development events, {len(y)} words, {y.mean():.3f} of them in the editors' summary")

    held = np.zeros(len(y))
    for fold in range(5):
        model = LogisticRegression(C=1.0, max_iter=2000).fit(x[g != fold], y[g != fold])
        held[g == fold] = model.predict_proba(x[g == fold])[:, 1]
    print(f"5-fold AUC: model {roc_auc_score(y, held):.4f}, voice share alone {roc_auc_score(y, x[:, 0]):.4f}")

    model = LogisticRegression(C=1.0, max_iter=2000).fit(x, y)
    summary_events.write_swift_model(
        args.out, "train-summary-words.py",
        [f"({len(records)} events, {len(y)} words); features in `WordImportance.featureNames` order."],
        "WordImportanceModel", model.coef_[0], FEATURE_NAMES, intercept=model.intercept_[0])
    print(f"wrote {os.path.relpath(args.out)}")


if __name__ == "__main__":
    main()
