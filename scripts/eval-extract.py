#!/usr/bin/env python3
"""Article extraction quality through `jarvis extract`: word-shingle precision, recall and F1 of
the extracted text against the expected text, per page and overall, beside whole-page text
(`jarvis extract --whole-page`) in the same run.

A page set is a directory of NAME.html + NAME.txt (expected article text); optionally NAME.url
(the page's address). Default: Tests/JarvisTests/Fixtures/pages (our own labelled pages).
The metric follows the public article-extraction benchmarks: lower-cased word tokens, shingles of
4 consecutive tokens, counted as multisets; precision and recall per page; the summary F1 is the
harmonic mean of the mean precision and mean recall (also printed: the mean of per-page F1).

usage: eval-extract.py --jarvis PATH [DIR] [--min-f1 X] [--verbose] [--trafilatura PYTHON]

--trafilatura PYTHON: also score trafilatura (PyPI) in the same run, through a Python that has it
installed (e.g. a venv outside the repository); its default settings except include_comments=False (the expected texts have no comments).
"""
import argparse, collections, json, os, re, subprocess, sys

TOKEN = re.compile(r"\w+", re.UNICODE)

def shingles(text, n=4):
    tokens = TOKEN.findall(text.lower())
    if len(tokens) < n:
        return collections.Counter([tuple(tokens)]) if tokens else collections.Counter()
    return collections.Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))

def prf(predicted, expected):
    p, e = shingles(predicted), shingles(expected)
    if not p and not e:
        return 1.0, 1.0, 1.0
    if not p or not e:
        return 0.0, 0.0, 0.0
    overlap = sum((p & e).values())
    precision, recall = overlap / sum(p.values()), overlap / sum(e.values())
    f1 = 0.0 if overlap == 0 else 2 * precision * recall / (precision + recall)
    return precision, recall, f1

def extract(jarvis, page, url, whole=False):
    args = [jarvis, "extract"] + (["--whole-page"] if whole else []) + [page] + ([url] if url else [])
    out = subprocess.run(args, capture_output=True, check=True).stdout
    return json.loads(out)

def summary(rows):
    n = len(rows)
    mp, mr = sum(r[0] for r in rows) / n, sum(r[1] for r in rows) / n
    f1 = 0.0 if mp + mr == 0 else 2 * mp * mr / (mp + mr)
    return mp, mr, f1, sum(r[2] for r in rows) / n

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--jarvis", required=True)
    parser.add_argument("directory", nargs="?", default=os.path.join(os.path.dirname(__file__), "..", "Tests", "JarvisTests", "Fixtures", "pages"))
    parser.add_argument("--min-f1", type=float, default=None)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--trafilatura", metavar="PYTHON", default=None)
    args = parser.parse_args()
    names = sorted(f[:-5] for f in os.listdir(args.directory) if f.endswith(".html"))
    ours, whole, other = [], [], []
    for name in names:
        base = os.path.join(args.directory, name)
        with open(base + ".txt", encoding="utf-8") as f:
            expected = f.read()
        url = open(base + ".url").read().strip() if os.path.exists(base + ".url") else None
        got = extract(args.jarvis, base + ".html", url)
        everything = extract(args.jarvis, base + ".html", url, whole=True)
        ours.append(prf(got["text"] or "", expected))
        if args.trafilatura:
            code = ("import sys, trafilatura; html = open(sys.argv[1], 'rb').read(); "
                    "sys.stdout.write(trafilatura.extract(html, url=sys.argv[2] or None, include_comments=False) or '')")
            text = subprocess.run([args.trafilatura, "-c", code, base + ".html", url or ""], capture_output=True,
                                  check=True).stdout.decode("utf-8")
            other.append(prf(text, expected))
        whole.append(prf(everything["text"] or "", expected))
        if args.verbose or ours[-1][2] < 0.9:
            print(f"  {name:28s} P {ours[-1][0]:.3f} R {ours[-1][1]:.3f} F1 {ours[-1][2]:.3f}   whole-page F1 {whole[-1][2]:.3f}")
    print(f"pages: {len(names)} ({os.path.normpath(args.directory)})")
    table = [("jarvis extract", ours), ("whole-page text", whole)] + ([("trafilatura", other)] if other else [])
    for label, rows in table:
        mp, mr, f1, mean_f1 = summary(rows)
        print(f"{label:16s} precision {mp:.3f}  recall {mr:.3f}  F1 {f1:.3f}  (mean per-page F1 {mean_f1:.3f})")
    if args.min_f1 is not None and summary(ours)[2] < args.min_f1:
        print(f"F1 below {args.min_f1}")
        sys.exit(1)

if __name__ == "__main__":
    main()
