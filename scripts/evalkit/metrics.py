"""Scores of a clustering against labelled events: B-cubed, topic accuracy, summary ROUGE-1."""
import collections
import math
import re
import unicodedata


def bcubed(gold, predicted):
    """B-cubed precision, recall, F1 over the items of `gold` (item -> true cluster label).

    `predicted` maps item -> predicted cluster label; items of `gold` missing from it are
    singletons. Items of `predicted` not in `gold` are ignored.
    """
    items = list(gold)
    if not items:
        return 0.0, 0.0, 0.0
    assignment = {}
    for item in items:
        label = predicted.get(item)
        assignment[item] = ("cluster", label) if label is not None else ("singleton", item)
    gold_members = collections.defaultdict(set)
    pred_members = collections.defaultdict(set)
    for item in items:
        gold_members[gold[item]].add(item)
        pred_members[assignment[item]].add(item)
    precision = recall = 0.0
    for item in items:
        same_gold = gold_members[gold[item]]
        same_pred = pred_members[assignment[item]]
        overlap = len(same_gold & same_pred)
        precision += overlap / len(same_pred)
        recall += overlap / len(same_gold)
    precision /= len(items)
    recall /= len(items)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def topic_accuracy(labels, predicted):
    """(overall accuracy, {topic: (correct, total)}, confusion {(gold, predicted): n}).

    `labels`: item -> labelled topic; `predicted`: item -> predicted topic (missing or None = wrong,
    counted as predicted "(none)")."""
    per_topic = collections.defaultdict(lambda: [0, 0])
    confusion = collections.Counter()
    correct = 0
    for item, gold in labels.items():
        guess = predicted.get(item) or "(none)"
        per_topic[gold][1] += 1
        confusion[(gold, guess)] += 1
        if guess == gold:
            correct += 1
            per_topic[gold][0] += 1
    accuracy = correct / len(labels) if labels else 0.0
    return accuracy, {k: tuple(v) for k, v in per_topic.items()}, dict(confusion)


def tokens(text):
    """Unigrams for ROUGE: NFKC, lowercased, every non-alphanumeric character is a separator."""
    text = unicodedata.normalize("NFKC", text or "").lower()
    return [t for t in re.split(r"[\W_]+", text) if t]


def rouge1(candidate, reference):
    """(precision, recall, F1) of unigram overlap (clipped counts)."""
    cand, ref = collections.Counter(tokens(candidate)), collections.Counter(tokens(reference))
    overlap = sum((cand & ref).values())
    if not overlap:
        return 0.0, 0.0, 0.0
    precision = overlap / sum(cand.values())
    recall = overlap / sum(ref.values())
    return precision, recall, 2 * precision * recall / (precision + recall)


def majority_label(members, gold, order):
    """The gold label most of `members` carry; ties go to the label first in `order`."""
    counts = collections.Counter(gold[m] for m in members if m in gold)
    if not counts:
        return None
    rank = {label: i for i, label in enumerate(order)}
    return min(counts, key=lambda label: (-counts[label], rank.get(label, math.inf), str(label)))


def mean(values):
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def score(doc, stories):
    """All metrics for an eval document and the predicted stories.

    `stories`: list of {"id", "topic", "summary", "articles": [eval article ids]} (only eval
    articles; each eval article in at most one story)."""
    gold_event = {a["id"]: a["event"] for a in doc["articles"]}
    gold_topic = {a["id"]: a["topic"] for a in doc["articles"]}
    references = {e["id"]: e["referenceSummary"] for e in doc["events"]}
    event_order = [e["id"] for e in doc["events"]]
    predicted_story, predicted_topic = {}, {}
    for story in stories:
        for aid in story["articles"]:
            if aid in gold_event and aid not in predicted_story:
                predicted_story[aid] = story["id"]
                predicted_topic[aid] = story.get("topic")
    precision, recall, f1 = bcubed(gold_event, predicted_story)
    accuracy, per_topic, confusion = topic_accuracy(gold_topic, predicted_topic)
    rouge_rows = []
    for story in stories:
        members = [a for a in story["articles"] if a in gold_event]
        event = majority_label(members, gold_event, event_order)
        if event is None:
            continue
        p, r, f = rouge1(story.get("summary") or "", references[event])
        rouge_rows.append({"story": story["id"], "event": event, "articles": len(members),
                           "precision": p, "recall": r, "f1": f})
    multi = [row for row in rouge_rows if row["articles"] >= 2]
    members_of = collections.defaultdict(list)
    for aid, event in gold_event.items():
        members_of[event].append(aid)
    events_hit = collections.Counter(row["event"] for row in rouge_rows)
    return {
        "precision": precision, "recall": recall, "f1": f1,
        "topicAccuracy": accuracy, "perTopic": per_topic, "confusion": confusion,
        "rouge1": {
            "all": {"stories": len(rouge_rows), "f1": mean(r["f1"] for r in rouge_rows),
                    "recall": mean(r["recall"] for r in rouge_rows)},
            "multi": {"stories": len(multi), "f1": mean(r["f1"] for r in multi),
                      "recall": mean(r["recall"] for r in multi)},
            "rows": rouge_rows,
        },
        "missing": sorted(set(gold_event) - set(predicted_story)),
        "articles": len(gold_event), "events": len(set(gold_event.values())),
        "predictedStories": len(stories),
        "splitEvents": sorted(e for e, members in members_of.items()
                              if len({predicted_story.get(a, ("single", a)) for a in members}) > 1),
        "mixedStories": sorted(s["id"] for s in stories
                               if len({gold_event[a] for a in s["articles"] if a in gold_event}) > 1),
        "eventsWithSeveralStories": sorted(e for e, n in events_hit.items() if n > 1),
    }
