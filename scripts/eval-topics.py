#!/usr/bin/env python3
"""Topic accuracy of the shipped Swift classifier (story-eval topics), in one run:

1. the held-out test split of news-topics.jsonl (scripts/topic_text.py `split_of`; never trained on, never
   read to fix a case), with strict labels (weak keyword `africa` labels dropped) and with all labels, and its
   long articles cut to a headline and a lead as a feed's description shows them (`topic_text.lead_copy`);
2. the news-events.jsonl articles of the clustering test split's events whose AllSides topic is ours
   (`topic_text.event_articles`: other outlets, world, European and British politics; never trained on);
3. the old labelled story set, Resources/jarvis/eval/stories-eval.json: articles alone and true events as
   stories (`story-eval story-topics`: the server's story rule);
Or, with `--labelled FILE` (repeatable), only those files: JSON Lines of {"title", "text", "label"}, the label one
of finance / tech / politics / africa — real news the models never saw, kept outside the repository.
Each article carries its meaning vector as the server stores it (`story-eval embed`, or `embed --branch` when the
model reads the topic branch's vectors) unless `--no-meaning`.
(3) is not a generalisation measure: the
   old generated training corpus was tuned on it and one of its training items paraphrased an article.

    make eval-topics EVAL_ARGS="--data ../shared/data"
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import topic_text as tt  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def classify(binary, articles, meaning):
    """The shipped classifier's answer per (title, text), each article with its meaning vector as the server
    stores it (`story-eval embed`, cached) unless `meaning` is off."""
    vectors = [None] * len(articles)
    if meaning:
        vectors = tt.meaning_vectors([{"title": t, "text": b} for t, b in articles], binary, meaning,
                                     branch=tt.shipped_branch()).tolist()
    lines = "".join(json.dumps({"title": t, "text": b} | ({"vector": v} if v else {})) + "\n"
                    for (t, b), v in zip(articles, vectors))
    out = subprocess.run([binary, "topics", "--resources", os.path.join(tt.REPO, "Resources", "jarvis")],
                         input=lines.encode(), capture_output=True, check=True).stdout.decode()
    return [json.loads(line) for line in out.splitlines()]


def story_topics(binary, events, meaning):
    """The shipped classifier's topic of each event's articles taken as one story (`story-eval story-topics`,
    the server's story rule), each article with its meaning vector unless `meaning` is off."""
    flat = [(a["headline"], a["body"]) for members in events.values() for a in members]
    vectors = [None] * len(flat)
    if meaning:
        vectors = tt.meaning_vectors([{"title": t, "text": b} for t, b in flat], binary, meaning,
                                     branch=tt.shipped_branch()).tolist()
    lines, i = [], 0
    for event, members in events.items():
        articles = []
        for _ in members:
            (title, text), vector = flat[i], vectors[i]
            articles.append({"title": title, "text": text} | ({"vector": vector} if vector else {}))
            i += 1
        lines.append(json.dumps({"event": event, "articles": articles}) + "\n")
    out = subprocess.run([binary, "story-topics", "--resources", os.path.join(tt.REPO, "Resources", "jarvis")],
                         input="".join(lines).encode(), capture_output=True, check=True).stdout.decode()
    return {row["event"]: row["topic"] for row in map(json.loads, out.splitlines())}


def report(name, truth, predicted):
    n = len(tt.TOPICS)
    confusion = [[0] * n for _ in range(n)]
    for t, p in zip(truth, predicted):
        confusion[tt.TOPICS.index(t)][tt.TOPICS.index(p)] += 1
    correct = sum(confusion[i][i] for i in range(n))
    print(f"\n{name}: accuracy {correct / max(len(truth), 1):.4f} ({correct}/{len(truth)})")
    print("topic       precision  recall  support")
    for i, topic in enumerate(tt.TOPICS):
        predicted_i = sum(row[i] for row in confusion)
        actual_i = sum(confusion[i])
        precision = confusion[i][i] / predicted_i if predicted_i else 0.0
        recall = confusion[i][i] / actual_i if actual_i else 0.0
        print(f"{topic:<10} {precision:>10.3f} {recall:>7.3f} {actual_i:>8}")
    print("confusion (rows true, columns predicted)  " + " ".join(f"{t:>8}" for t in tt.TOPICS))
    for i, topic in enumerate(tt.TOPICS):
        print(f"{topic:<41} " + " ".join(f"{v:>8}" for v in confusion[i]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--story-eval", required=True, help="the story-eval binary")
    parser.add_argument("--data", default=tt.DEFAULT_DATA)
    parser.add_argument("--vector-cache", default=os.path.join(tt.REPO, ".build", "topic-vectors.npz"))
    parser.add_argument("--no-meaning", action="store_true",
                        help="classify without meaning vectors (as the server does without its encoder)")
    parser.add_argument("--labelled", action="append", default=[], metavar="FILE",
                        help="report on this JSON Lines file of {title, text, label} instead (repeatable)")
    args = parser.parse_args()
    meaning = None if args.no_meaning else args.vector_cache

    for path in args.labelled:
        rows = [r for r in tt.load_jsonl(path) if r.get("label") in tt.TOPICS]
        results = classify(args.story_eval, [(r["title"], r["text"]) for r in rows], meaning)
        report(f"{path} (labelled articles)", [r["label"] for r in rows], [o["topic"] for o in results])
    if args.labelled:
        return

    path = os.path.join(args.data, "news-topics.jsonl")
    if os.path.exists(path):
        test = [r for r in tt.load_jsonl(path) if tt.split_of(r) == "test"]
        results = classify(args.story_eval, [(r["title"], r["text"]) for r in test], meaning)
        strict = [(tt.strict_label(r), out) for r, out in zip(test, results) if tt.strict_label(r)]
        report("news-topics.jsonl test split, strict labels (shipped classifier)",
               [t for t, _ in strict], [o["topic"] for _, o in strict])
        report("same, the model alone (no main-place rule)",
               [t for t, _ in strict], [o["modelTopic"] for _, o in strict])
        report("news-topics.jsonl test split, all labels (weak keyword africa labels kept)",
               [r["label"] for r in test], [o["topic"] for o in results])
        leads = [r for r in test if tt.strict_label(r) and tt.is_long(r["text"])]
        lead_results = classify(args.story_eval, [(c["title"], c["text"]) for c in map(tt.lead_copy, leads)], meaning)
        report("same test split, long articles as headline + lead (first 25-60 words), strict labels",
               [tt.strict_label(r) for r in leads], [o["topic"] for o in lead_results])
        events = tt.event_articles(args.data, {r["title"] for r in tt.load_jsonl(path)})["test"]
        event_results = classify(args.story_eval, [(r["title"], r["text"]) for r, _ in events], meaning)
        report("news-events.jsonl articles of the test split's events, AllSides topic mapped to ours",
               [label for _, label in events], [o["topic"] for o in event_results])
    else:
        print(f"{path} not found: real-data figures skipped")

    eval_set = json.load(open(os.path.join(tt.REPO, "Resources", "jarvis", "eval", "stories-eval.json")))
    articles = eval_set["articles"]
    results = classify(args.story_eval, [(a["headline"], a["body"]) for a in articles], meaning)
    report("Resources/jarvis/eval articles alone", [a["topic"] for a in articles], [o["topic"] for o in results])
    events = {}
    for a in articles:
        events.setdefault(a["event"], []).append(a)
    stories = story_topics(args.story_eval, events, meaning)
    truth, predicted = [], []
    for event, members in events.items():
        for a in members:
            truth.append(a["topic"])
            predicted.append(stories[event])
    report("Resources/jarvis/eval true events as stories (per article)", truth, predicted)


if __name__ == "__main__":
    main()
