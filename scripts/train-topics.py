#!/usr/bin/env python3
"""Trains the Jarvis topic model on real labelled news and writes Resources/jarvis/topics/model.json.

    python3 scripts/train-topics.py [--data ../shared/data] [--report-test]

Data: news-topics.jsonl (AG News, Reuters-21578, AllSides; see the data folder's README). Labels are read
through `strict_label` (weak keyword `africa` labels dropped). The split is fixed by a hash of headline and
body (`split_of`: 10% test, 10% validation, 80% train). Model choices (C, class weights, headline weight,
the africa place thresholds) are made by 4-fold cross-validation on train + validation (out-of-fold
predictions), and the model shipped is then fitted on train + validation. `--report-test` prints the test
figures once at the end (scripts/eval-topics.py gives the same figures from the Swift classifier); nothing here
reads test errors.

Features: see scripts/topic_text.py. Model: multinomial logistic regression (scikit-learn, lbfgs).
The africa rule on top: `africa` is only predicted when African places are at least `minAfricanShare` of the
place names in the headline (x titleWeight) and the lead (first leadWords words); otherwise the best other
topic wins. That keeps British, American and Asian stories that mention Africa in passing out of `africa`.
When African places are at least `mainAfricanShare` of them, the story is about Africa: `africa` whatever
the subject (2.0 in the JSON: never).

The meaning part this script writes (a logistic model on the frozen encoder's vector) is what the product
used before the topic branch: `scripts/train-topic-branch.py` runs after this script and replaces it with the
tuned branch's head (and the parity fixture's mixed cases); run both to rebuild what ships.

The frozen meaning model (`--no-meaning` leaves it out): a second
logistic regression on the encoder's vector of each article (headline + lead, computed by `story-eval embed`
exactly as the server stores it; cached in .build/topic-vectors.npz), mixed log-linearly with the TF-IDF
model, softmax((1 - w) s_tfidf + w s_meaning), under the same africa rule. Its C and w are chosen by the same
4-fold cross-validation with the TF-IDF choices and the gate held fixed, and it is written into model.json
(`meaning`: the encoder's identifier, w, bias and one weight row per topic). `--meaning-grid` also
cross-validates the variants tried before (vector alone, one model over both side by side).

Lead copies (`--no-lead-copies` leaves them out): every `politics` article in the data is a full AllSides text
and every short one is AG News business, sci/tech or Africa, so a model trained on the texts as they are learns
that a headline with a one-sentence lead — what a feed's description gives — is not politics (out-of-fold it
recalled 0.256 of politics leads; scripts/probe-topic-leads.py). So each training article longer than 80 words
is also trained on as its lead copy (headline + first 25-60 words, `topic_text.lead_copy`), in the same fold as
its original; cross-validation still scores the full originals only. `--report-test` also scores the test
split's lead copies.

Event articles (`--no-events` leaves them out): the labelled politics is US domestic politics, so ministers,
parliaments and coalitions elsewhere read as finance (Reuters' 1987 economic wire) or africa. The
news-events.jsonl articles of the clustering train split's events whose AllSides topic is ours
(`topic_text.EVENT_TOPICS`: world, foreign-policy, European and British news as politics, economy as finance,
technology as tech; 523 articles) train in every fold and are never scored. The validation split's events
are printed as a held-out check at the end (0.781 without them, 0.894 with them); scripts/eval-topics.py
scores the test split's events.
"""
import argparse
import collections
import json
import os
import sys

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import topic_text as tt  # noqa: E402

AFRICA = tt.TOPICS.index("africa")




def report(name, truth, predicted):
    n = len(tt.TOPICS)
    confusion = np.zeros((n, n), dtype=int)
    for t, p in zip(truth, predicted):
        confusion[tt.TOPICS.index(t)][tt.TOPICS.index(p)] += 1
    correct = int(np.trace(confusion))
    lines = [f"{name}: accuracy {correct / max(len(truth), 1):.4f} ({correct}/{len(truth)})",
             "topic       precision  recall  support"]
    for i, topic in enumerate(tt.TOPICS):
        predicted_i, actual_i = confusion[:, i].sum(), confusion[i].sum()
        precision = confusion[i][i] / predicted_i if predicted_i else 0.0
        recall = confusion[i][i] / actual_i if actual_i else 0.0
        lines.append(f"{topic:<10} {precision:>10.3f} {recall:>7.3f} {actual_i:>8}")
    lines.append("confusion (rows true, columns predicted): " + " ".join(tt.TOPICS))
    for i, topic in enumerate(tt.TOPICS):
        lines.append(f"{topic:<10} " + " ".join(f"{v:>8}" for v in confusion[i]))
    return "\n".join(lines)


def gated(probabilities, shares, min_share, main_share=None):
    """Argmax, except that africa needs African places to make up `min_share` of the places in the headline
    and lead, and is the answer whatever the subject when they make up `main_share` (the regional rule)."""
    p = probabilities.copy()
    p[shares < min_share, AFRICA] = -1
    predicted = p.argmax(axis=1)
    if main_share is not None:
        predicted[shares >= main_share] = AFRICA
    return predicted


def softmax(scores):
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def gate_results(probabilities, truth, shares, gates):
    """(accuracy, africa precision, min_share, main_share, predicted) per gate. `truth` may go on past the
    scored articles (the lead copies that only train): only its first rows are compared."""
    truth = truth[:len(probabilities)]
    out = []
    for min_share, main_share in gates:
        predicted = gated(probabilities, shares, min_share, main_share)
        hits = predicted == AFRICA
        precision = float(np.mean(truth[hits] == AFRICA)) if hits.any() else 0.0
        out.append((float(np.mean(predicted == truth)), precision, min_share, main_share, predicted))
    return out


def meaning_cross_validation(truth, folds, docs, size, tfidf_c, weight, tfidf_oof, vectors, shares, gates):
    """Out-of-fold figures of the meaning-vector variants beside the TF-IDF model, on the same folds and
    gates: a logistic model on the vectors alone; its scores mixed with the TF-IDF model's (log-linear:
    softmax((1 - w) s_tfidf + w s_meaning), which serving computes with one dot product per topic); and one
    model over TF-IDF and the vector side by side (alpha scales the unit vector against the unit TF-IDF row).
    Returns the best variant by the same key as the TF-IDF choice."""
    import scipy.sparse as sp
    variants = [("tf-idf alone", None, None, tfidf_oof)]
    log_tfidf = np.log(np.clip(tfidf_oof, 1e-12, 1))
    for c in (1.0, 10.0, 100.0):
        oof = np.zeros_like(tfidf_oof)
        for fit_rows, held_rows in folds:
            model = LogisticRegression(C=c, max_iter=1000, class_weight=weight).fit(vectors[fit_rows], truth[fit_rows])
            oof[held_rows] = model.predict_proba(vectors[held_rows])
        variants.append((f"meaning alone C {c}", c, 1.0, oof))
        log_meaning = np.log(np.clip(oof, 1e-12, 1))
        for w in (0.2, 0.35, 0.5, 0.65):
            variants.append((f"log-linear mix C {c} meaning weight {w}", c, w,
                             softmax((1 - w) * log_tfidf + w * log_meaning)))
    for alpha in (0.5, 1.0, 2.0):
        oof = np.zeros_like(tfidf_oof)
        for fit_rows, held_rows in folds:
            vectorizer = TfidfVectorizer(analyzer=lambda x: x, sublinear_tf=True, min_df=2, max_features=size)
            fit_x = sp.hstack([vectorizer.fit_transform([docs[i] for i in fit_rows]),
                               sp.csr_matrix(vectors[fit_rows] * alpha)]).tocsr()
            held_x = sp.hstack([vectorizer.transform([docs[i] for i in held_rows]),
                                sp.csr_matrix(vectors[held_rows] * alpha)]).tocsr()
            model = LogisticRegression(C=tfidf_c, max_iter=600, class_weight=weight).fit(fit_x, truth[fit_rows])
            oof[held_rows] = model.predict_proba(held_x)
        variants.append((f"stacked tf-idf + meaning x{alpha}", None, alpha, oof))
    best = None
    for name, c, w, probabilities in variants:
        top = None
        for accuracy, precision, min_share, main_share, predicted in gate_results(probabilities, truth, shares, gates):
            key = (main_share is not None, round(accuracy, 3), precision, min_share)
            if top is None or key > top[0]:
                top = (key, accuracy, precision, min_share, main_share, predicted)
        print(f"meaning cross-validation: {name}: accuracy {top[1]:.4f}, africa precision {top[2]:.3f} "
              f"(gate {top[3]}, main {top[4]})", flush=True)
        if best is None or top[0] > best[0]:
            best = top + (name, c, w)
    return best


def mix_cross_validation(truth, folds, weight, tfidf_oof, vectors, shares, min_share, main_share):
    """Out-of-fold choice of the meaning model's C and mix weight w, the TF-IDF model and the africa gate held
    as chosen: same folds, same key (accuracy to 3 decimals, then africa precision). Returns
    (accuracy, africa precision, C, w, predicted)."""
    log_tfidf = np.log(np.clip(tfidf_oof, 1e-12, 1))
    best = None
    for c in (0.3, 1.0, 10.0):
        oof = np.zeros_like(tfidf_oof)
        for fit_rows, held_rows in folds:
            model = LogisticRegression(C=c, max_iter=1000, class_weight=weight).fit(vectors[fit_rows], truth[fit_rows])
            oof[held_rows] = model.predict_proba(vectors[held_rows])
        log_meaning = np.log(np.clip(oof, 1e-12, 1))
        for w in (0.2, 0.35, 0.5, 0.65):
            [(accuracy, precision, _, _, predicted)] = gate_results(
                softmax((1 - w) * log_tfidf + w * log_meaning), truth, shares, [(min_share, main_share)])
            print(f"meaning cross-validation: C {c}, mix weight {w}: accuracy {accuracy:.4f}, "
                  f"africa precision {precision:.3f}", flush=True)
            key = (round(accuracy, 3), precision)
            if best is None or key > best[0]:
                best = (key, accuracy, precision, c, w, predicted)
    return best[1:]


def paired_bootstrap(truth, before, after, rounds=2000):
    """The accuracy gain of `after` over `before` on the same articles, with a 95% paired bootstrap interval."""
    gain = (after == truth).astype(float) - (before == truth).astype(float)
    rng = np.random.default_rng(0)
    means = [gain[rng.integers(0, len(gain), len(gain))].mean() for _ in range(rounds)]
    return gain.mean(), np.percentile(means, 2.5), np.percentile(means, 97.5), int((gain > 0).sum()), int((gain < 0).sum())


PARITY_TEXTS = [
    # Written for the parity test (not from any dataset): plain, accented, possessive, numeric, empty.
    ("Central Bank of Nigeria raises its key rate to 27.5%",
     "LAGOS - Nigeria's central bank raised its benchmark rate on Tuesday, citing inflation and the naira's fall."),
    ("Chancellor sets out UK budget as gilts slide",
     "LONDON - The chancellor told MPs in Westminster that borrowing would fall; investors sold British bonds."),
    ("Chipmaker unveils faster AI accelerator",
     "The company said its new processor doubles inference speed for large language models in data centres."),
    ("Senate passes stopgap bill hours before shutdown deadline",
     "Lawmakers in Washington voted 68-31 to keep the government funded; the House votes on Friday."),
    ("Café owners in Zürich and Dakar await São Paulo's decision",
     "Résumé: coöperation between Côte d'Ivoire, the U.S. and the U.K. — 1,200 jobs, 3.5% growth."),
    # Source markers and the old wire's abbreviations (dropped or spelled out by topic_text.topic_words).
    ("UPDATE1-Mr Okafor's firm earns 12 mln dlrs, up 4 pct (Reuters)",
     "Story highlights: LONDON (AP) - Shr 12 cts vs 10 cts; Mrs Smith and Ms Jones. Image caption. Read more at www.cnn.com"),
    ("", ""),
]


def model_probabilities(model_json, title, text, vector=None):
    """Probabilities from the exported JSON exactly as TopicClassifier.swift computes them: the TF-IDF model's
    scores, mixed with the meaning model's when the article has a vector and the model a `meaning` part."""
    counts = collections.Counter(tt.features(title, text, model_json["titleRepeat"]))
    values, norm = [], 0.0
    for feature, count in counts.items():
        row = model_json["vocabulary"].get(feature)
        if row is None:
            continue
        value = (1 + np.log(count)) * row[0]
        values.append((row, value))
        norm += value * value
    norm = np.sqrt(norm)
    scores = np.array(model_json["bias"], dtype=float)
    if norm > 0:
        for row, value in values:
            scores += np.array(row[1:]) * value / norm
    meaning = model_json.get("meaning")
    if meaning is not None and vector is not None and len(vector) == len(meaning["weights"][0]):
        # log p = s - logsumexp(s): the constant cancels in the softmax, so the scores mix as the log-probabilities.
        meaning_scores = np.array(meaning["bias"]) + np.array(meaning["weights"]) @ np.asarray(vector, dtype=float)
        scores = (1 - meaning["weight"]) * scores + meaning["weight"] * meaning_scores
    e = np.exp(scores - scores.max())
    return (e / e.sum()).tolist()


def write_parity_fixture(model_json, places, path, vectors):
    cases = []
    for (title, text), vector in zip(PARITY_TEXTS, vectors):
        case = {"title": title, "text": text,
                "features": dict(sorted(collections.Counter(tt.features(title, text, model_json["titleRepeat"])).items())),
                "probabilities": model_probabilities(model_json, title, text),
                "africanShare": places.african_share(title, text)}
        if vector is not None and "meaning" in model_json:
            case["meaning"] = [float(f"{v:.8g}") for v in vector]
            case["mixedProbabilities"] = model_probabilities(model_json, title, text, case["meaning"])
        cases.append(case)
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"_note": "Written by scripts/train-topics.py with the shipped model; TopicModelTests holds the "
                            "Swift tokeniser, places and scores (TF-IDF alone, and mixed with the meaning vector "
                            "story-eval embed gives for the text) to these.", "cases": cases},
                  f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"wrote {path}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=tt.DEFAULT_DATA)
    parser.add_argument("--out", default=os.path.join(tt.REPO, "Resources", "jarvis", "topics", "model.json"))
    parser.add_argument("--report-test", action="store_true")
    parser.add_argument("--grid", action="store_true", help="search title weight, vocabulary size and C")
    parser.add_argument("--no-events", action="store_true",
                        help="train without the news-events.jsonl articles whose AllSides topic maps to ours (held-out "
                             "events of the validation split: 0.781 without them, 0.894 with them)")
    parser.add_argument("--no-meaning", action="store_true",
                        help="ship the TF-IDF model alone (no sentence encoder needed)")
    parser.add_argument("--meaning-grid", action="store_true",
                        help="also cross-validate the other ways of using the vectors (alone, one model over both)")
    parser.add_argument("--no-lead-copies", action="store_true",
                        help="train on the texts as they are (no headline + lead copies of long articles)")
    parser.add_argument("--story-eval", help="the release story-eval binary (default: swift build's release path)")
    parser.add_argument("--vector-cache", default=os.path.join(tt.REPO, ".build", "topic-vectors.npz"))
    parser.add_argument("--fixture", default=os.path.join(tt.REPO, "Tests", "JarvisTests", "Fixtures", "topic-parity.json"))
    args = parser.parse_args()

    places = tt.Places(os.path.join(tt.REPO, "Resources", "jarvis", "topics", "places.json"))
    rows = tt.load_jsonl(os.path.join(args.data, "news-topics.jsonl"))
    parts = collections.defaultdict(list)
    dropped = 0
    for r in rows:
        label = tt.strict_label(r)
        if label is None:
            dropped += 1
            continue
        parts[tt.split_of(r)].append((r, label))
    print(f"records {len(rows)}, weak africa labels dropped {dropped}; "
          + ", ".join(f"{k} {len(v)}" for k, v in sorted(parts.items())), flush=True)

    def shares(items):
        return np.array([places.african_share(r["title"], r["text"]) for r, _ in items])

    train, validation = parts["train"], parts["validation"]
    # Extra training text with real editors' topics: the news-events.jsonl articles whose AllSides topic maps
    # onto ours — world, foreign-policy, European and British politics, which the US-only politics labels lack.
    # Only events of the clustering train split (SHA-1 of the event id, scripts/news_events.py), and never an
    # article whose headline is also in news-topics.jsonl; the validation split's events are reported below as
    # a held-out check. The extras train in every fold and are never scored, like the lead copies.
    event_rows = tt.event_articles(args.data, {r["title"] for r in rows})
    extra = [] if args.no_events else event_rows["train"]
    if extra:
        print(f"news-events.jsonl training articles with a mapped topic: {len(extra)} "
              + str(dict(collections.Counter(l for _, l in extra))), flush=True)
    # Choices by 4-fold cross-validation on train + validation (7,600 articles, ~470 africa: the 900 validation
    # articles alone left the gate thresholds to a handful of africa cases), then one fit on all of it.
    scored = train + validation
    truth = np.array([tt.TOPICS.index(label) for _, label in scored])
    pool_shares = shares(scored)
    folds = list(StratifiedKFold(4, shuffle=True, random_state=0).split(np.zeros(len(truth)), truth))
    # The lead copies train in their original's fold and are never scored: they sit after the scored articles,
    # so every held-out row and every out-of-fold array stays the originals'.
    copies = [] if args.no_lead_copies else [
        (i, (tt.lead_copy(r), label))
        for i, (r, label) in enumerate(scored) if tt.is_long(r["text"])]
    pool = scored + [copy for _, copy in copies] + extra
    labels = np.array([tt.TOPICS.index(label) for _, label in pool])
    if copies:
        parents = np.array([i for i, _ in copies])
        folds = [(np.concatenate([fit, len(scored) + np.flatnonzero(np.isin(parents, fit))]), held)
                 for fit, held in folds]
        print(f"lead copies of long training articles: {len(copies)}", flush=True)
    if extra:
        always = np.arange(len(scored) + len(copies), len(pool))
        folds = [(np.concatenate([fit, always]), held) for fit, held in folds]
    grid = [(2, 40000, 10.0, None), (2, 40000, 10.0, "balanced")] if not args.grid else [
        (repeat, 40000, c, weight) for repeat in (1, 2) for c in (10.0, 30.0) for weight in (None, "balanced")]
    gates = [(m, None) for m in (0.0, 0.2, 0.3, 0.4, 0.5, 0.6)] + [
        (m, h) for m in (0.3, 0.4, 0.5) for h in (0.6, 0.8, 1.0) if h > m]
    best = None
    for repeat, size, c, weight in grid:
        docs = [tt.features(r["title"], r["text"], repeat) for r, _ in pool]
        probabilities = np.zeros((len(scored), len(tt.TOPICS)))
        for fit_rows, held_rows in folds:
            vectorizer = TfidfVectorizer(analyzer=lambda x: x, sublinear_tf=True, min_df=2, max_features=size)
            x = vectorizer.fit_transform([docs[i] for i in fit_rows])
            model = LogisticRegression(C=c, max_iter=400, class_weight=weight).fit(x, labels[fit_rows])
            probabilities[held_rows] = model.predict_proba(vectorizer.transform([docs[i] for i in held_rows]))
        for min_share, main_share in gates:
            predicted = gated(probabilities, pool_shares, min_share, main_share)
            accuracy = float(np.mean(predicted == truth))
            hits = predicted == AFRICA
            precision = float(np.mean(truth[hits] == AFRICA)) if hits.any() else 0.0
            print(f"cross-validation: title x{repeat} vocab {size} C {c} class weight {weight}, min African share "
                  f"{min_share}, main {main_share}: accuracy {accuracy:.4f}, africa precision {precision:.3f}", flush=True)
            # The product's regional rule first (seed 001, samples' truth.json: a story about an African
            # country is `africa` whatever its subject, so the main-place rule stays on even though the data's
            # labels follow the subject), then accuracy (to 3 decimals: smaller differences are noise at this
            # size), then africa precision, then the stricter gate.
            key = (main_share is not None, round(accuracy, 3), precision, min_share)
            if best is None or key > best[0]:
                best = (key, repeat, size, c, weight, min_share, main_share, predicted, probabilities.copy())
    _, repeat, size, c, weight, min_share, main_share, predicted, tfidf_oof = best
    print(f"chosen: title x{repeat}, vocabulary {size}, C {c}, class weight {weight}, "
          f"min African share {min_share}, main {main_share}")
    print(report("cross-validation on train + validation (chosen configuration, out-of-fold)",
                 [tt.TOPICS[i] for i in truth], [tt.TOPICS[i] for i in predicted]), flush=True)
    vectorizer = TfidfVectorizer(analyzer=lambda x: x, sublinear_tf=True, min_df=2, max_features=size)
    x = vectorizer.fit_transform([tt.features(r["title"], r["text"], repeat) for r, _ in pool])
    meaning_model = None
    if not args.no_meaning:
        binary = args.story_eval or tt.story_eval_binary()
        vectors = tt.meaning_vectors([r for r, _ in pool], binary, args.vector_cache)
        if args.meaning_grid:
            docs = [tt.features(r["title"], r["text"], repeat) for r, _ in pool]
            best_meaning = meaning_cross_validation(labels, folds, docs, size, c, weight, tfidf_oof, vectors,
                                                    pool_shares, gates)
            print(f"meaning grid: best variant {best_meaning[6]} (gate {best_meaning[3]}, main {best_meaning[4]})")
        accuracy, precision, meaning_c, mix, mixed = mix_cross_validation(
            labels, folds, weight, tfidf_oof, vectors, pool_shares, min_share, main_share)
        print(f"chosen meaning model: C {meaning_c}, mix weight {mix}")
        print(report("cross-validation on train + validation (TF-IDF mixed with the meaning model, out-of-fold)",
                     [tt.TOPICS[i] for i in truth], [tt.TOPICS[i] for i in mixed]), flush=True)
        gain, low, high, fixed, broken = paired_bootstrap(truth, predicted, mixed)
        print(f"mix against TF-IDF alone, out-of-fold: {gain:+.4f} (95% paired bootstrap {low:+.4f}..{high:+.4f}); "
              f"fixes {fixed}, breaks {broken}", flush=True)
        meaning_model = LogisticRegression(C=meaning_c, max_iter=1000, class_weight=weight).fit(
            vectors, [label for _, label in pool])
        encoder = tt.encoder_identifier(binary)
    model = LogisticRegression(C=c, max_iter=400, class_weight=weight).fit(x, [label for _, label in pool])
    order = [list(model.classes_).index(t) for t in tt.TOPICS]

    weights = model.coef_[order]
    bias = model.intercept_[order]
    vocabulary = {}
    for term, column in vectorizer.vocabulary_.items():
        vocabulary[term] = [float(f"{vectorizer.idf_[column]:.6g}")] + [float(f"{w:.6g}") for w in weights[:, column]]
    model_json = {
        "_note": "Written by scripts/train-topics.py from news-topics.jsonl (train + validation splits); "
                 "features as in scripts/topic_text.py; term -> [idf, weight per topic].",
        "format": 1,
        "topics": tt.TOPICS,
        "titleRepeat": repeat,
        "minAfricanShare": min_share,
        "mainAfricanShare": main_share if main_share is not None else 2.0,
        "bias": [float(f"{b:.6g}") for b in bias],
        "vocabulary": dict(sorted(vocabulary.items())),
    }
    if meaning_model is not None:
        meaning_order = [list(meaning_model.classes_).index(t) for t in tt.TOPICS]
        model_json["meaning"] = {
            "_note": "Logistic regression on the encoder's unit vector of headline + lead (story-eval embed); "
                     "probabilities softmax((1 - weight) s_tfidf + weight (bias + weights . vector)).",
            "encoder": encoder,
            "weight": mix,
            "bias": [float(f"{b:.6g}") for b in meaning_model.intercept_[meaning_order]],
            "weights": [[float(f"{w:.6g}") for w in row] for row in meaning_model.coef_[meaning_order]],
        }
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(model_json, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {args.out}: {len(vocabulary)} features, {os.path.getsize(args.out) // 1024} KiB")
    sample = pool[:200]
    reference = model.predict_proba(
        vectorizer.transform([tt.features(r["title"], r["text"], repeat) for r, _ in sample]))[:, order]
    exported = np.array([model_probabilities(model_json, r["title"], r["text"]) for r, _ in sample])
    print(f"exported weights reproduce scikit-learn: max |dp| = {np.abs(reference - exported).max():.2e}")
    if meaning_model is not None:
        sample_vectors = vectors[:200]
        tfidf_log = np.log(reference)
        meaning_log = np.log(meaning_model.predict_proba(sample_vectors)[:, meaning_order])
        reference = softmax((1 - mix) * tfidf_log + mix * meaning_log)
        exported = np.array([model_probabilities(model_json, r["title"], r["text"], v)
                             for (r, _), v in zip(sample, sample_vectors)])
        print(f"exported mix reproduces scikit-learn: max |dp| = {np.abs(reference - exported).max():.2e}")
    # Held out: the news-events.jsonl articles of the clustering validation split's events (never trained on).
    held_events = event_rows["validation"]
    held_vectors = ([None] * len(held_events) if meaning_model is None else
                    tt.meaning_vectors([r for r, _ in held_events], binary, args.vector_cache))
    held_probabilities = np.array([model_probabilities(model_json, r["title"], r["text"], v)
                                   for (r, _), v in zip(held_events, held_vectors)])
    held_predicted = gated(held_probabilities, shares(held_events), min_share, main_share)
    print(report("news-events.jsonl articles of held-out (validation) events, AllSides topic mapped to ours",
                 [label for _, label in held_events], [tt.TOPICS[i] for i in held_predicted]), flush=True)
    parity_vectors = [None] * len(PARITY_TEXTS)
    if meaning_model is not None:
        # The empty case keeps no vector: the server stores none for an article without text.
        records = [{"title": t, "text": b} for t, b in PARITY_TEXTS if t or b]
        parity_vectors = list(tt.meaning_vectors(records, binary, args.vector_cache)) + [None] * (
            len(PARITY_TEXTS) - len(records))
    write_parity_fixture(model_json, places, args.fixture, parity_vectors)

    if args.report_test:
        test = parts["test"]
        leads = [(tt.lead_copy(r), label) for r, label in test if tt.is_long(r["text"])]
        for name, items in (("test (held out; Python reference of the shipped model)", test),
                            ("test, lead copies of its long articles (headline + first 25-60 words)", leads)):
            probabilities = model.predict_proba(
                vectorizer.transform([tt.features(r["title"], r["text"], repeat) for r, _ in items]))[:, order]
            if meaning_model is not None:
                test_vectors = tt.meaning_vectors([r for r, _ in items], binary, args.vector_cache)
                meaning_probabilities = meaning_model.predict_proba(test_vectors)[:, meaning_order]
                probabilities = softmax((1 - mix) * np.log(np.clip(probabilities, 1e-12, 1))
                                        + mix * np.log(np.clip(meaning_probabilities, 1e-12, 1)))
            predicted = [tt.TOPICS[i] for i in gated(probabilities, shares(items), min_share, main_share)]
            print(report(name, [label for _, label in items], predicted), flush=True)


if __name__ == "__main__":
    main()
