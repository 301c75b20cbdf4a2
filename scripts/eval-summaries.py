#!/usr/bin/env python3
"""Summary ROUGE-1 of the shipped story analyzer (story-eval insight) on real multi-source events, against
two classic extractive baselines run in the same pass and cut to the same length as our summary:

- LexRank (Erkan & Radev 2004): PageRank over the TF-IDF cosine graph of the event's sentences (edges >= 0.1),
  sentences taken by rank, skipping any with cosine >= 0.5 to one already taken;
- Centroid (Radev et al. 2004): cosine of each sentence to the TF-IDF centroid of the event's articles plus
  a lead-position bonus, same redundancy rule.

Data: news-events.jsonl, events that carry the editors' neutral `event_summary` (the reference). Split by
FNV-1a of "summary:" + event id, mod 10: buckets 0-2 are the held-out test events reported here (never read
to fix a case); 3-9 are development events. ROUGE-1 (Lin 2004): unigram overlap of lower-cased alphanumeric
tokens, Porter-stemmed (libstemmer), no stop-word removal; recall, precision, F1 averaged over events.
The baselines read the raw article text, as published baselines do; ours reads what the server reads.

Also prints how many events get a consensus / conflict line, and examples.

    make eval-summaries EVAL_ARGS="--data ../shared/data [--split dev] [--examples 5]"
"""
import argparse
import collections
import ctypes
import json
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import topic_text as tt  # noqa: E402

_porter = tt._lib.sb_stemmer_new(b"porter", b"UTF_8")
_porter_cache = {}


def porter(word):
    cached = _porter_cache.get(word)
    if cached is None:
        raw = word.encode()
        pointer = tt._lib.sb_stemmer_stem(_porter, raw, len(raw))
        cached = ctypes.string_at(pointer, tt._lib.sb_stemmer_length(_porter)).decode()
        _porter_cache[word] = cached
    return cached


def rouge_tokens(text):
    return [porter(w) for w in re.findall(r"[a-z0-9]+", text.lower())]


def rouge1(candidate, reference):
    c, r = collections.Counter(rouge_tokens(candidate)), collections.Counter(rouge_tokens(reference))
    overlap = sum((c & r).values())
    recall = overlap / max(sum(r.values()), 1)
    precision = overlap / max(sum(c.values()), 1)
    f1 = 2 * recall * precision / (recall + precision) if overlap else 0.0
    return recall, precision, f1


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--story-eval", required=True)
    parser.add_argument("--data", default=tt.DEFAULT_DATA)
    parser.add_argument("--split", choices=["test", "dev"], default="test")
    parser.add_argument("--examples", type=int, default=5)
    args = parser.parse_args()

    path = os.path.join(args.data, "news-events.jsonl")
    if not os.path.exists(path):
        print(f"{path} not found: nothing to measure")
        return
    events = collections.OrderedDict()
    for r in tt.load_jsonl(path):
        if r.get("event_summary"):
            events.setdefault(r["event"], []).append(r)
    chosen = [e for e in events if (tt.fnv1a("summary:" + e) % 10 < 3) == (args.split == "test")]
    payload = "".join(json.dumps({"event": e, "articles": [
        {"title": a["title"], "text": a["text"], "source": a.get("source") or a.get("bias_side") or f"source {i}",
         "published": (a.get("published") or "")[:10] + "T12:00:00Z" if a.get("published") else None}
        for i, a in enumerate(events[e])]}) + "\n" for e in chosen)
    out = subprocess.run([args.story_eval, "insight"], input=payload.encode(), capture_output=True, check=True).stdout
    ours = {o["event"]: o for o in map(json.loads, out.decode().splitlines())}

    totals = collections.defaultdict(lambda: [0.0, 0.0, 0.0])
    lengths = []
    with_consensus = with_conflict = 0
    for e in chosen:
        reference = events[e][0]["event_summary"]
        summary = ours[e]["summary"]
        n = len(summary.split())
        lengths.append(n)
        for name, text in (("ours", summary), ("lexrank", lexrank(events[e], n)), ("centroid", centroid(events[e], n))):
            for k, v in enumerate(rouge1(text, reference)):
                totals[name][k] += v
        with_consensus += ours[e].get("consensus") is not None
        with_conflict += ours[e].get("conflict") is not None
    count = len(chosen)
    print(f"news-events.jsonl {args.split} split: {count} events with event_summary; "
          f"our summaries {sum(lengths) / count:.1f} words on average (baselines cut to the same length per event)")
    print("system     ROUGE-1 R  ROUGE-1 P  ROUGE-1 F1")
    for name in ("ours", "lexrank", "centroid"):
        r, p, f = (x / count for x in totals[name])
        print(f"{name:<10} {r:>9.4f} {p:>10.4f} {f:>11.4f}")
    print(f"consensus stated for {with_consensus}/{count} events, conflict for {with_conflict}/{count}")
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
