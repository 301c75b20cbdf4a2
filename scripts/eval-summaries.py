#!/usr/bin/env python3
"""Summary ROUGE-1 of the shipped story analyzer (story-eval insight) on real multi-source events, against
four published extractive baselines run in the same pass and cut to the same length as our summary:

- LexRank (Erkan & Radev 2004): PageRank over the TF-IDF cosine graph of the event's sentences (edges >= 0.1),
  sentences taken by rank, skipping any with cosine >= 0.5 to one already taken;
- Centroid (Radev et al. 2004): cosine of each sentence to the TF-IDF centroid of the event's articles plus
  a lead-position bonus, same redundancy rule;
- Gillick & Favre's concept ILP (2009) and Lin & Bilmes' submodular selection (2011), described at their
  functions. A paired bootstrap over events gives the interval of our F1 over LexRank and Centroid.

Data: news-events.jsonl, events that carry the editors' neutral `event_summary` (the reference), split as
`summary_events.py` says: the held-out test events are reported here (never read to fix a case); the
development events are for choices and training. ROUGE-1 (Lin 2004): unigram overlap of lower-cased alphanumeric
tokens, Porter-stemmed (libstemmer), no stop-word removal; recall, precision, F1 averaged over events.
The baselines read the raw article text, as published baselines do; ours reads what the server reads.

Also prints how many events get a consensus / conflict line, with examples, and how close the canonical
headline comes to the editors' neutral `event_title` (ROUGE-1 F1) beside the event's other headlines.

    make eval-summaries EVAL_ARGS="--data ../shared/data [--split dev] [--examples 5]"
"""
import argparse
import collections
import json
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summary_events  # noqa: E402
from rouge import porter, rouge1  # noqa: E402
import topic_text as tt  # noqa: E402


def cut(text, words):
    return " ".join(text.split()[:words])


SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’]?\s+(?=[\"“A-Z0-9])")


def sentences(text):
    out = []
    for paragraph in re.split(r"\n+", text):
        for s in SENTENCE_END.split(paragraph.strip()):
            s = s.strip()
            if len(s.split()) >= 5:
                out.append(s)
    return out


def terms(s):
    return [tt.stem(w) for w in tt.words(s)]


def tfidf(docs, idf):
    vectors = []
    for d in docs:
        counts = collections.Counter(d)
        v = {t: (1 + math.log(c)) * idf.get(t, 0.0) for t, c in counts.items()}
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        vectors.append({t: x / norm for t, x in v.items()})
    return vectors


def cosine(a, b):
    if len(a) > len(b):
        a, b = b, a
    return sum(x * b.get(t, 0.0) for t, x in a.items())


def idf_of(docs):
    df = collections.Counter(t for d in docs for t in set(d))
    n = len(docs)
    return {t: math.log((1 + n) / (1 + c)) + 1 for t, c in df.items()}


def pick(order, vectors, texts, words):
    chosen, length = [], 0
    for i in order:
        if any(cosine(vectors[i], vectors[j]) >= 0.5 for j in chosen):
            continue
        chosen.append(i)
        length += len(texts[i].split())
        if length >= words:
            break
    return cut(" ".join(texts[i] for i in chosen), words)


def lexrank(articles, words):
    texts = [s for a in articles for s in sentences(a["text"])]
    if not texts:
        return ""
    bags = [terms(s) for s in texts]
    vectors = tfidf(bags, idf_of(bags))
    n = len(texts)
    weights = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            w = cosine(vectors[i], vectors[j])
            if w >= 0.1:
                weights[i][j] = weights[j][i] = w
    sums = [sum(row) for row in weights]
    rank = [1 / n] * n
    for _ in range(100):
        nxt = [0.15 / n] * n
        for j in range(n):
            if sums[j] == 0:
                for i in range(n):
                    nxt[i] += 0.85 * rank[j] / n
            else:
                for i in range(n):
                    if weights[j][i]:
                        nxt[i] += 0.85 * rank[j] * weights[j][i] / sums[j]
        done = sum(abs(x - y) for x, y in zip(nxt, rank)) < 1e-9
        rank = nxt
        if done:
            break
    order = sorted(range(n), key=lambda i: (-rank[i], i))
    return pick(order, vectors, texts, words)


def centroid(articles, words):
    texts, positions = [], []
    for a in articles:
        for p, s in enumerate(sentences(a["text"])):
            texts.append(s)
            positions.append(p)
    if not texts:
        return ""
    bags = [terms(s) for s in texts]
    docs = [terms(a["text"]) for a in articles]
    idf = idf_of(docs)
    vectors = tfidf(bags, idf)
    center = collections.Counter()
    for v in tfidf(docs, idf):
        for t, x in v.items():
            center[t] += x / len(docs)
    top = dict(center.most_common(50))
    norm = math.sqrt(sum(x * x for x in top.values())) or 1.0
    top = {t: x / norm for t, x in top.items()}
    score = [cosine(v, top) + 0.1 / (1 + p) for v, p in zip(vectors, positions)]
    order = sorted(range(len(texts)), key=lambda i: (-score[i], i))
    return pick(order, vectors, texts, words)


STOP = None


def stop_words():
    global STOP
    if STOP is None:
        from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS
        STOP = frozenset(ENGLISH_STOP_WORDS)
    return STOP


def concepts(sentence):
    """Gillick & Favre's concepts: adjacent pairs of stemmed words, except pairs of two stop words."""
    ws = re.findall(r"[a-z0-9]+", sentence.lower())
    stop = stop_words()
    return {(porter(a), porter(b)) for a, b in zip(ws, ws[1:]) if not (a in stop and b in stop)}


def fill(order, texts, chosen, words, lengths):
    """Fills a summary left short by the budget with the next sentences of `order`, then cuts to `words`:
    the baselines get the whole length we emit, as the evaluation cuts every system to it."""
    length = sum(lengths[i] for i in chosen)
    for i in order:
        if length >= words:
            break
        if i not in chosen:
            chosen.append(i)
            length += lengths[i]
    chosen.sort()
    return cut(" ".join(texts[i] for i in chosen), words)


def ilp(articles, words):
    """Gillick & Favre 2009 (the ICSI system of TAC 2008/2009): choose the sentences that maximise the total
    weight of the concepts they cover within the length budget, solved exactly as an integer program.
    Concept weight = number of articles that contain it; concepts in fewer than 2 articles are dropped (3 of
    10 in TAC; our events have 3 articles). Sentences in article order, so the program's ties go to leads."""
    from scipy.optimize import Bounds, LinearConstraint, milp
    import numpy as np
    texts = [s for a in articles for s in sentences(a["text"])]
    if not texts:
        return ""
    bags = [concepts(s) for s in texts]
    df = collections.Counter()
    for a in articles:
        df.update(set().union(*[concepts(s) for s in sentences(a["text"])] or [set()]))
    kept = sorted(c for c, n in df.items() if n >= 2)
    lengths = [len(s.split()) for s in texts]
    if not kept:
        return cut(" ".join(texts), words)
    index = {c: k for k, c in enumerate(kept)}
    n, m = len(texts), len(kept)
    # Variables: sentences s_0..s_n-1, concepts c_0..c_m-1. Maximise sum w_c c; milp minimises.
    objective = np.concatenate([np.full(n, -1e-6), -np.array([df[c] for c in kept], dtype=float)])
    rows, lower, upper = [], [], []
    rows.append(np.concatenate([np.array(lengths, dtype=float), np.zeros(m)]))
    lower.append(0)
    upper.append(words)
    occurrences = collections.defaultdict(list)
    for j, bag in enumerate(bags):
        for c in bag:
            if c in index:
                occurrences[index[c]].append(j)
                row = np.zeros(n + m)   # s_j <= c_i: a chosen sentence covers its concepts
                row[j], row[n + index[c]] = 1, -1
                rows.append(row)
                lower.append(-np.inf)
                upper.append(0)
    for k in range(m):                  # c_i <= sum of the sentences that contain it
        row = np.zeros(n + m)
        row[n + k] = 1
        row[occurrences[k]] = -1
        rows.append(row)
        lower.append(-np.inf)
        upper.append(0)
    result = milp(objective, constraints=LinearConstraint(np.array(rows), lower, upper),
                  integrality=np.ones(n + m), bounds=Bounds(0, 1), options={"time_limit": 20})
    chosen = [] if result.x is None else [j for j in range(n) if result.x[j] > 0.5]
    gain = [sum(df[c] for c in bag if c in index) for bag in bags]
    order = sorted(range(n), key=lambda j: (-gain[j], j))
    return fill(order, texts, chosen, words, lengths)


def submodular(articles, words, a=5.0, lam=6.0, r=0.3):
    """Lin & Bilmes 2011: greedy maximisation of coverage + diversity under a length budget, with the cost
    scaled by length^r. Coverage L(S) = sum_i min(C_i(S), alpha C_i(V)), C_i = sum of TF-IDF cosines of i to
    the chosen sentences, alpha = a / n; diversity R(S) = sum over clusters of sqrt(sum of the chosen
    sentences' mean similarity), clusters by k-means over the sentences (k = n / 5). Their DUC settings:
    a = 5, lambda = 6, r = 0.3. The best single sentence wins if it beats the greedy set."""
    import numpy as np
    texts = [s for a_ in articles for s in sentences(a_["text"])]
    if not texts:
        return ""
    bags = [terms(s) for s in texts]
    vectors = tfidf(bags, idf_of(bags))
    n = len(texts)
    vocabulary = {t: k for k, t in enumerate(sorted({t for v in vectors for t in v}))}
    matrix = np.zeros((n, max(len(vocabulary), 1)))
    for j, v in enumerate(vectors):
        for t, x in v.items():
            matrix[j, vocabulary[t]] = x
    similarity = matrix @ matrix.T
    k = max(1, n // 5)
    centres = matrix[np.linspace(0, n - 1, k).astype(int)].copy()
    for _ in range(20):
        assign = (matrix @ centres.T).argmax(axis=1)
        for c in range(k):
            if (assign == c).any():
                centres[c] = matrix[assign == c].mean(axis=0)
    reward = similarity.mean(axis=1)
    total = similarity.sum(axis=1)
    alpha = a / n
    lengths = [len(s.split()) for s in texts]

    cap = alpha * total
    cost = np.array(lengths, dtype=float) ** r
    coverage = np.zeros(n)               # C_i(S) for every i
    cluster_reward = np.zeros(k)         # sum of the chosen sentences' reward per cluster
    chosen, length, current, order = [], 0, 0.0, []
    remaining = np.ones(n, dtype=bool)

    def gains():
        # F(S + j) - F(S) for every j at once.
        cover = np.minimum(coverage[:, None] + similarity, cap[:, None]).sum(axis=0) - np.minimum(coverage, cap).sum()
        diverse = np.sqrt(cluster_reward[assign] + reward) - np.sqrt(cluster_reward[assign])
        return cover + lam * diverse

    def value(members):
        cover = np.minimum(similarity[:, members].sum(axis=1), cap).sum()
        per_cluster = collections.defaultdict(float)
        for j in members:
            per_cluster[assign[j]] += reward[j]
        return cover + lam * sum(math.sqrt(x) for x in per_cluster.values())

    while remaining.any():
        scaled = np.where(remaining, gains() / cost, -np.inf)
        best = int(scaled.argmax())
        remaining[best] = False
        order.append(best)
        if length + lengths[best] <= words:
            chosen.append(best)
            length += lengths[best]
            coverage += similarity[:, best]
            cluster_reward[assign[best]] += reward[best]
    current = value(chosen) if chosen else 0.0
    fitting = [j for j in range(n) if lengths[j] <= words]
    if fitting:
        single = max(fitting, key=lambda j: (value([j]), -j))
        if value([single]) > current:
            chosen = [single]
    return fill(order, texts, chosen, words, lengths)


def paired_interval(ours, other, rounds=2000, seed=7):
    """95% interval of the mean per-event difference ours - other, by resampling events (fixed seed)."""
    import random
    rng = random.Random(seed)
    differences = [a - b for a, b in zip(ours, other)]
    n = len(differences)
    means = sorted(sum(differences[rng.randrange(n)] for _ in range(n)) / n for _ in range(rounds))
    return means[int(0.025 * rounds)], means[int(0.975 * rounds) - 1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--story-eval", required=True)
    parser.add_argument("--data", default=tt.DEFAULT_DATA)
    parser.add_argument("--split", choices=["test", "dev", "all"], default="test",
                        help="all: every event of the file (another set in news-events.jsonl's fields, e.g. "
                             "newswire clusters with a reference summary each)")
    parser.add_argument("--examples", type=int, default=5)
    parser.add_argument("--body-chars", type=int, default=0,
                        help="cut each article's text to N characters for ours (a feed's description instead of the page)")
    args = parser.parse_args()

    path = os.path.join(args.data, "news-events.jsonl")
    if not os.path.exists(path):
        print(f"{path} not found: nothing to measure")
        return
    events = summary_events.load(path)
    chosen = list(events) if args.split == "all" else summary_events.split(events, args.split)
    payload = summary_events.payload(events, chosen, args.body_chars)
    out = subprocess.run([args.story_eval, "insight"], input=payload.encode(), capture_output=True, check=True).stdout
    ours = {o["event"]: o for o in map(json.loads, out.decode().splitlines())}

    totals = collections.defaultdict(lambda: [0.0, 0.0, 0.0])
    f1s = collections.defaultdict(list)
    lengths = []
    with_consensus = with_conflict = 0
    for e in chosen:
        reference = events[e][0]["event_summary"]
        summary = ours[e]["summary"]
        n = len(summary.split())
        lengths.append(n)
        for name, text in (("ours", summary), ("lexrank", lexrank(events[e], n)), ("centroid", centroid(events[e], n)),
                           ("ilp", ilp(events[e], n)), ("submodular", submodular(events[e], n))):
            scores = rouge1(text, reference)
            for k, v in enumerate(scores):
                totals[name][k] += v
            f1s[name].append(scores[2])
        with_consensus += ours[e].get("consensus") is not None
        with_conflict += ours[e].get("conflict") is not None
    count = len(chosen)
    print(f"news-events.jsonl {args.split} split: {count} events with event_summary; "
          f"our summaries {sum(lengths) / count:.1f} words on average (baselines cut to the same length per event)")
    print("system     ROUGE-1 R  ROUGE-1 P  ROUGE-1 F1")
    for name in ("ours", "lexrank", "centroid", "ilp", "submodular"):
        r, p, f = (x / count for x in totals[name])
        print(f"{name:<10} {r:>9.4f} {p:>10.4f} {f:>11.4f}")
    for name in ("lexrank", "centroid"):
        low, high = paired_interval(f1s["ours"], f1s[name])
        print(f"ours - {name}: F1 difference 95% interval [{low:+.4f}, {high:+.4f}] (paired bootstrap over events)")
    print(f"consensus stated for {with_consensus}/{count} events, conflict for {with_conflict}/{count}")
    headline = collections.Counter()
    for e in chosen:
        title = events[e][0]["event_title"]
        others = [rouge1(a["title"], title)[2] for a in events[e]]
        headline["ours"] += rouge1(ours[e]["headline"], title)[2]
        headline["first"] += others[0]
        headline["mean"] += sum(others) / len(others)
        headline["best"] += max(others)
    print("canonical headline ROUGE-1 F1 against the editors' event title: "
          f"ours {headline['ours'] / count:.4f}, first report's {headline['first'] / count:.4f}, "
          f"an event headline on average {headline['mean'] / count:.4f}, the closest {headline['best'] / count:.4f}")
    shown = 0
    for e in chosen:
        if shown >= args.examples:
            break
        o = ours[e]
        if o.get("consensus") or o.get("conflict"):
            shown += 1
            print(f"\n[{e}] {events[e][0]['event_title']}\n  consensus: {o.get('consensus')}\n  conflict: {o.get('conflict')}")


if __name__ == "__main__":
    main()
