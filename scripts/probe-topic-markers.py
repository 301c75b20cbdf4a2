#!/usr/bin/env python3
"""How much a topic model's answers depend on where a text was published, measured on real text it was not
trained on: the `news-events.jsonl` articles of the clustering validation split's events whose AllSides topic
maps to ours (`topic_text.event_articles`; the training script only takes the train split's events). Each
article is classified as it is, then with an agency dateline before it and with page furniture around it; the
script prints how many answers change and the accuracy each way (TF-IDF part, argmax, no regional rule).

    python3 scripts/probe-topic-markers.py [--model Resources/jarvis/topics/model.json] [--read-markers]

`--read-markers` scores a model trained before `topic_text.topic_words` left source markers out (e.g. the
model.json of commit 546d684), with the features it was trained on.
"""
import argparse
import importlib.util
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("train_topics", os.path.join(HERE, "train-topics.py"))
train_topics = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(train_topics)
tt = train_topics.tt

EDITS = [
    ("as published", lambda title, text: (title, text)),
    ('"WASHINGTON (AP) — " before the text', lambda title, text: (title, "WASHINGTON (AP) — " + text)),
    ('"WASHINGTON (Reuters) - " before the text', lambda title, text: (title, "WASHINGTON (Reuters) - " + text)),
    ("story highlights before, an image caption and read more after",
     lambda title, text: (title, "Story highlights. " + text + " Image caption. Read more")),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=tt.DEFAULT_DATA)
    parser.add_argument("--model", default=os.path.join(tt.REPO, "Resources", "jarvis", "topics", "model.json"))
    parser.add_argument("--read-markers", action="store_true")
    args = parser.parse_args()
    if args.read_markers:
        tt.topic_words = tt.words
    known = {r["title"] for r in tt.load_jsonl(os.path.join(args.data, "news-topics.jsonl"))}
    rows = tt.event_articles(args.data, known)["validation"]
    with open(args.model, encoding="utf-8") as f:
        model = json.load(f)

    def topic(title, text):
        return tt.TOPICS[int(np.argmax(train_topics.model_probabilities(model, title, text)))]

    plain = [topic(r["title"], r["text"]) for r, _ in rows]
    print(f"{len(rows)} articles; model {args.model}{' (reads source markers)' if args.read_markers else ''}")
    for name, edit in EDITS:
        answers = [topic(*edit(r["title"], r["text"])) for r, _ in rows]
        changed = sum(a != b for a, b in zip(plain, answers))
        accuracy = np.mean([a == label for a, (_, label) in zip(answers, rows)])
        print(f"{name}: accuracy {accuracy:.4f}, answers changed {changed}")


if __name__ == "__main__":
    main()
