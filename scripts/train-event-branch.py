#!/usr/bin/env python3
"""Tunes the sentence encoder's top layer so that reports of one news event land close together and same-day
reports of other events apart: the clusterer's event vectors (ArticleFeatures.eventEmbedding, compared by the
join model's `event_max` / `event_mean`).

    python3 scripts/train-event-branch.py STREAM.json OUT.safetensors [--fold K --folds N]

STREAM.json is an eval-format stream of labelled events (scripts/news_events.py; train-clustering.py passes the
train split's). With `--fold K` only the events of fold K (a hash of the event id, `news_events.fold_of`) are learned from:
train-clustering.py trains one branch per fold and computes the other folds' training pairs with it, so the
join model learns from event cosines of events the branch never saw, as it meets them in serving.

Each step takes a window of `--window` events that follow one another in the stream (same days: the others
are the hard negatives), two reports of each, and minimises the symmetric InfoNCE loss of their cosines at
temperature `--tau`. The branch (Sources/SentenceEmbedding/EncoderBranch.swift) is the topic branch's kind:
rank-`--rank` updates of the top layer's six dense matrices and its own LayerNorms; its input is the server's,
the headline and lead cut to 128 tokens. Choices (2026-12-04, validation pairs of the clustering's validation
split, pair features cross-validated there): 6 epochs, window 32, rank 8, tau 0.05, learning rate 3e-3.

Needs PyTorch, numpy, safetensors and tokenizers (a venv outside the repository) and the sentence model
(scripts/setup.sh).
"""
import argparse
import collections
import importlib.util
import json
import os
import subprocess
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
_spec = importlib.util.spec_from_file_location("train_topic_branch", os.path.join(HERE, "train-topic-branch.py"))
topic_branch = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(topic_branch)
_spec = importlib.util.spec_from_file_location("news_events", os.path.join(HERE, "news_events.py"))
news_events = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(news_events)


def train(encoder, articles, args):
    """The branch tuned on `articles` (eval-format, in stream order)."""
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    first = topic_branch.LAYERS - 1
    by_event = collections.defaultdict(list)
    for i, a in enumerate(articles):
        by_event[a["event"]].append(i)
    events = [e for e in dict.fromkeys(a["event"] for a in articles) if len(by_event[e]) >= 2]
    if len(events) < args.window:
        sys.exit(f"train-event-branch: {len(events)} events of two reports or more; a window needs {args.window}")
    started = time.time()
    x, mask = encoder.below([topic_branch.embedding_text(a["headline"], a["body"]) for a in articles], first)
    print(f"layers below the branch: {len(articles)} texts in {time.time() - started:.0f} s "
          f"({len(events)} events of two reports or more)", flush=True)
    branch = topic_branch.Branch(encoder, first, args.rank)
    parameters = [p for name, p in branch.named_parameters() if not name.startswith("head")]
    optimizer = torch.optim.AdamW(parameters, lr=args.lr, weight_decay=0.01)
    steps = max(1, len(events) // args.window)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=args.lr, total_steps=args.epochs * steps,
                                                   pct_start=0.1)
    for epoch in range(args.epochs):
        branch.train()
        offset = int(rng.integers(0, args.window))
        starts = list(range(offset, len(events) - args.window + 1, args.window))[:steps]
        while len(starts) < steps:
            starts.append(int(rng.integers(0, len(events) - args.window + 1)))
        rng.shuffle(starts)
        total, started = 0.0, time.time()
        for s in starts:
            window = events[s:s + args.window]
            pairs = [rng.choice(by_event[e], 2, replace=False) for e in window]
            rows = torch.tensor([p[0] for p in pairs] + [p[1] for p in pairs])
            v = branch.vector(x[rows], mask[rows])
            similarity = v[:len(window)] @ v[len(window):].T / args.tau
            labels = torch.arange(len(window))
            loss = (F.cross_entropy(similarity, labels) + F.cross_entropy(similarity.T, labels)) / 2
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            total += loss.item()
        print(f"epoch {epoch + 1}/{args.epochs}: loss {total / len(starts):.4f} ({time.time() - started:.0f} s)",
              flush=True)
    branch.eval()
    return branch


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("stream")
    parser.add_argument("out")
    parser.add_argument("--fold", type=int, help="learn from this fold's events only")
    parser.add_argument("--folds", type=int, default=2)
    parser.add_argument("--model-dir", default=os.environ.get(
        "JARVIS_SENTENCE_MODEL", os.path.join(REPO, "third_party", "sentence-model")))
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--window", type=int, default=32)
    parser.add_argument("--rank", type=int, default=8)
    parser.add_argument("--tau", type=float, default=0.05)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(os.cpu_count() or 2)
    with open(args.stream, encoding="utf-8") as handle:
        articles = json.load(handle)["articles"]
    if args.fold is not None:
        articles = [a for a in articles if news_events.fold_of(a["event"], args.folds) == args.fold]
    encoder = topic_branch.Encoder(args.model_dir)
    branch = train(encoder, articles, args)
    branch.export(args.out)
    print(f"wrote {args.out} ({os.path.getsize(args.out) // 1024} KiB)")
    check_swift(encoder, branch, articles[:32], args.out)


def check_swift(encoder, branch, sample, path):
    """The Swift forward pass (the release story-eval, when built) against this one on a sample of the texts."""
    binary = topic_branch.tt.story_eval_binary()
    if not os.path.exists(binary):
        print("story-eval not built: Swift vectors not checked")
        return
    texts = "".join(json.dumps({"title": a["headline"], "text": a["body"]}) + "\n" for a in sample)
    out = subprocess.run([binary, "embed", "--branch", path], input=texts.encode(), capture_output=True, check=True,
                         cwd=REPO).stdout.decode().splitlines()
    swift = np.array([json.loads(line)["vector"] for line in out])
    x, mask = encoder.below([topic_branch.embedding_text(a["headline"], a["body"]) for a in sample], branch.first)
    with torch.no_grad():
        python = branch.vector(x, mask).numpy()
    cosines = (swift * python).sum(1)
    print(f"Swift branch vectors against PyTorch's: cosine min {cosines.min():.5f}, mean {cosines.mean():.5f}")
    if cosines.min() < 0.999:
        sys.exit("train-event-branch: the Swift forward pass disagrees with PyTorch's")


if __name__ == "__main__":
    main()
