#!/usr/bin/env python3
"""Tunes the sentence encoder's top layers for the Jarvis topics and writes the topic model's meaning part.

    python3 scripts/train-topic-branch.py --choose          # train split -> validation split: prints the mix grid
    python3 scripts/train-topic-branch.py --weight W        # train + validation: writes the branch and model.json

Needs PyTorch, numpy, safetensors, tokenizers and scikit-learn (PyPI; a venv outside the repository), the
sentence model (scripts/setup.sh) and the release story-eval. Run scripts/train-topics.py first: it writes the
TF-IDF model and the africa rule (and a meaning part on the plain encoder, which this script replaces, with the
parity fixture's mixed cases).

The branch (Sources/SentenceEmbedding/EncoderBranch.swift): the encoder's top `--top` layers get low-rank
updates (rank `--rank`, all six dense matrices of each layer) and their own LayerNorms; a linear head on the
branch's mean-pooled unit vector gives one score per topic. The layers below run once for both vectors in the
server, so the branch costs `--top` of the encoder's six layers. Training input is exactly the server's: the
headline and lead as `ArticleFeatures.embeddingText` builds them, cut to 128 tokens; the training pool is
train-topics.py's (articles, lead copies of long ones, the clustering train split's event articles).

Written: Resources/jarvis/topics/topic-branch.safetensors (lora_a, lora_b with the scale folded in, the
norms) and model.json's `meaning` part — the branch's identifier as `story-eval embed --branch FILE
--identifier` prints it, the head as bias and weights, and the mix weight. The mix weight `W` is chosen by
`--choose` on the validation split (tuned on train alone), never on test; `--report-test` scores the test split
once through the Swift classifier (scripts/eval-topics.py does the same).
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F
from safetensors.torch import load_file, save_file
from tokenizers import BertWordPieceTokenizer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import topic_text as tt  # noqa: E402

HIDDEN, HEADS, LAYERS = 384, 12, 6
DENSE = [("attention.self.query", 384, 384), ("attention.self.key", 384, 384), ("attention.self.value", 384, 384),
         ("attention.output.dense", 384, 384), ("intermediate.dense", 1536, 384), ("output.dense", 384, 1536)]
NORMS = ("attention.output.LayerNorm", "output.LayerNorm")
HEAD_SCALE = 10.0  # the head reads the unit vector times this (weights exported with it folded in)


def embedding_text(title, text):
    """ArticleFeatures.embeddingText: the headline, then up to 1,000 characters of the body."""
    lead = text[:1000]
    if not lead:
        return title
    return title + (" " if (not title or title[-1] in ".!?") else ". ") + lead


class Encoder:
    """The encoder's forward pass in PyTorch (the Swift one's twin), with the branch's updates when given."""

    def __init__(self, model_dir):
        self.w = load_file(os.path.join(model_dir, "model.safetensors"))
        self.tokenizer = BertWordPieceTokenizer(os.path.join(model_dir, "vocab.txt"), lowercase=True)
        self.tokenizer.enable_truncation(128)
        self.tokenizer.enable_padding(length=128)

    def tokens(self, texts):
        encoded = self.tokenizer.encode_batch(texts)
        return torch.tensor([e.ids for e in encoded]), torch.tensor([e.attention_mask for e in encoded])

    def dense(self, x, name, lora):
        y = x @ self.w[name + ".weight"].T + self.w[name + ".bias"]
        if lora is not None and name in lora:
            a, b = lora[name]
            y = y + (x @ a.T) @ b.T
        return y

    def norm(self, x, name, norms):
        gamma, beta = norms[name] if norms is not None and name in norms else (self.w[name + ".weight"],
                                                                                self.w[name + ".bias"])
        return F.layer_norm(x, (HIDDEN,), gamma, beta, eps=1e-12)

    def layer(self, x, mask, i, lora=None, norms=None):
        p = f"encoder.layer.{i}."
        b, t, _ = x.shape
        width = HIDDEN // HEADS
        q, k, v = (self.dense(x, p + n, lora).view(b, t, HEADS, width).transpose(1, 2)
                   for n in ("attention.self.query", "attention.self.key", "attention.self.value"))
        scores = q @ k.transpose(-1, -2) / width ** 0.5 + (1 - mask[:, None, None, :].float()) * -1e4
        context = (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, t, HIDDEN)
        x = self.norm(x + self.dense(context, p + "attention.output.dense", lora), p + "attention.output.LayerNorm", norms)
        inner = F.gelu(self.dense(x, p + "intermediate.dense", lora))
        return self.norm(x + self.dense(inner, p + "output.dense", lora), p + "output.LayerNorm", norms)

    def below(self, texts, first):
        """Hidden states after the layers below the branch (float16, trimmed to the longest text)."""
        ids, mask = self.tokens(texts)
        longest = int(mask.sum(1).max())
        ids, mask = ids[:, :longest], mask[:, :longest]
        out = []
        with torch.no_grad():
            for s in range(0, len(ids), 64):
                x = self.w["embeddings.word_embeddings.weight"][ids[s:s + 64]] \
                    + self.w["embeddings.position_embeddings.weight"][:longest] \
                    + self.w["embeddings.token_type_embeddings.weight"][0]
                x = self.norm(x, "embeddings.LayerNorm", None)
                for i in range(first):
                    x = self.layer(x, mask[s:s + 64], i)
                out.append(x.half())
        return torch.cat(out), mask


class Branch(torch.nn.Module):
    def __init__(self, encoder, first, rank):
        super().__init__()
        self.encoder, self.first = encoder, first
        self.a = torch.nn.ParameterDict()
        self.b = torch.nn.ParameterDict()
        self.gamma = torch.nn.ParameterDict()
        self.beta = torch.nn.ParameterDict()
        for i in range(first, LAYERS):
            for name, outputs, inputs in DENSE:
                key = f"{i}.{name}".replace(".", "_")
                self.a[key] = torch.nn.Parameter(torch.randn(rank, inputs) / inputs ** 0.5)
                self.b[key] = torch.nn.Parameter(torch.zeros(outputs, rank))
            for name in NORMS:
                key = f"{i}.{name}".replace(".", "_")
                self.gamma[key] = torch.nn.Parameter(encoder.w[f"encoder.layer.{i}.{name}.weight"].clone())
                self.beta[key] = torch.nn.Parameter(encoder.w[f"encoder.layer.{i}.{name}.bias"].clone())
        self.head = torch.nn.Linear(HIDDEN, len(tt.TOPICS))
        torch.nn.init.zeros_(self.head.weight)
        torch.nn.init.zeros_(self.head.bias)

    def updates(self):
        lora = {f"encoder.layer.{i}.{n}": (self.a[f"{i}.{n}".replace(".", "_")], self.b[f"{i}.{n}".replace(".", "_")])
                for i in range(self.first, LAYERS) for n, _, _ in DENSE}
        norms = {f"encoder.layer.{i}.{n}": (self.gamma[f"{i}.{n}".replace(".", "_")],
                                            self.beta[f"{i}.{n}".replace(".", "_")])
                 for i in range(self.first, LAYERS) for n in NORMS}
        return lora, norms

    def vector(self, x, mask):
        lora, norms = self.updates()
        x = x.float()
        for i in range(self.first, LAYERS):
            x = self.encoder.layer(x, mask, i, lora, norms)
        m = mask[:, :, None].float()
        pooled = (x * m).sum(1) / m.sum(1)
        return pooled / pooled.norm(dim=1, keepdim=True)

    def forward(self, x, mask, dropout=0.0):
        v = self.vector(x, mask)
        return self.head(F.dropout(v, dropout, self.training) * HEAD_SCALE)

    def export(self, path):
        tensors = {}
        lora, norms = self.updates()
        for name, (a, b) in lora.items():
            tensors[name + ".lora_a"] = a.detach().contiguous().float()
            tensors[name + ".lora_b"] = b.detach().contiguous().float()
        for name, (g, b) in norms.items():
            tensors[name + ".weight"] = g.detach().contiguous().float()
            tensors[name + ".bias"] = b.detach().contiguous().float()
        save_file(tensors, path)


def pool_of(parts, events, splits):
    train = [item for s in splits for item in parts[s]]
    copies = [(tt.lead_copy(r), label) for r, label in train if tt.is_long(r["text"])]
    return train + copies + events


def train_branch(encoder, items, args):
    torch.manual_seed(args.seed)
    first = LAYERS - args.top
    started = time.time()
    x, mask = encoder.below([embedding_text(r["title"], r["text"]) for r, _ in items], first)
    y = torch.tensor([tt.TOPICS.index(label) for _, label in items])
    print(f"layers below the branch: {len(items)} texts in {time.time() - started:.0f} s", flush=True)
    branch = Branch(encoder, first, args.rank)
    optimizer = torch.optim.AdamW(branch.parameters(), lr=args.lr, weight_decay=0.01)
    steps = args.epochs * ((len(x) + args.batch - 1) // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=args.lr, total_steps=steps, pct_start=0.1)
    for epoch in range(args.epochs):
        branch.train()
        order = torch.randperm(len(x))
        total, started = 0.0, time.time()
        for s in range(0, len(order), args.batch):
            rows = order[s:s + args.batch]
            loss = F.cross_entropy(branch(x[rows], mask[rows], dropout=0.1), y[rows])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            total += loss.item() * len(rows)
        print(f"epoch {epoch + 1}/{args.epochs}: loss {total / len(x):.4f} ({time.time() - started:.0f} s)", flush=True)
    branch.eval()
    return branch


def head_scores(encoder, branch, items):
    x, mask = encoder.below([embedding_text(r["title"], r["text"]) for r, _ in items], branch.first)
    with torch.no_grad():
        return torch.cat([branch(x[s:s + 128], mask[s:s + 128]) for s in range(0, len(x), 128)]).numpy()


def tfidf_scores(fit_items, score_items, model_json):
    """The TF-IDF side as train-topics.py fits it (model.json's title weight; 40,000 features, C 10), on
    `fit_items`: the text model the branch is mixed with, fitted on the same part."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    repeat = model_json["titleRepeat"]
    vectorizer = TfidfVectorizer(analyzer=lambda x: x, sublinear_tf=True, min_df=2, max_features=40000)
    x = vectorizer.fit_transform([tt.features(r["title"], r["text"], repeat) for r, _ in fit_items])
    model = LogisticRegression(C=10.0, max_iter=3000).fit(x, [tt.TOPICS.index(label) for _, label in fit_items])
    return model.decision_function(vectorizer.transform([tt.features(r["title"], r["text"], repeat)
                                                          for r, _ in score_items]))


def gated_accuracy(scores, items, places, model_json):
    """Accuracy of softmax(scores) under the africa rule of model.json (as the Swift classifier applies it)."""
    probabilities = np.exp(scores - scores.max(1, keepdims=True))
    probabilities /= probabilities.sum(1, keepdims=True)
    africa = tt.TOPICS.index("africa")
    main_share = model_json["mainAfricanShare"]
    predicted = []
    for p, (r, _) in zip(probabilities, items):
        share = places.african_share(r["title"], r["text"])
        if share >= main_share:
            predicted.append(africa)
            continue
        order = np.argsort(-p)
        top = order[0] if order[0] != africa or share >= model_json["minAfricanShare"] else order[1]
        predicted.append(int(top))
    truth = np.array([tt.TOPICS.index(label) for _, label in items])
    return float(np.mean(np.array(predicted) == truth)), np.array(predicted), truth


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=tt.DEFAULT_DATA)
    parser.add_argument("--model-dir", default=os.environ.get(
        "JARVIS_SENTENCE_MODEL", os.path.join(tt.REPO, "third_party", "sentence-model")))
    parser.add_argument("--choose", action="store_true", help="tune on train, score the validation split")
    parser.add_argument("--weight", type=float, help="the mix weight to ship (chosen by --choose)")
    parser.add_argument("--top", type=int, default=1)
    parser.add_argument("--rank", type=int, default=8)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--topics-dir", default=os.path.join(tt.REPO, "Resources", "jarvis", "topics"))
    parser.add_argument("--story-eval", help="the story-eval binary (default: swift build's release path)")
    args = parser.parse_args()
    if not args.choose and args.weight is None:
        parser.error("give --choose, or --weight W to ship")
    torch.set_num_threads(os.cpu_count() or 2)

    rows = tt.load_jsonl(os.path.join(args.data, "news-topics.jsonl"))
    parts = collections.defaultdict(list)
    for r in rows:
        label = tt.strict_label(r)
        if label is not None:
            parts[tt.split_of(r)].append((r, label))
    events = tt.event_articles(args.data, {r["title"] for r in rows})["train"]
    model_path = os.path.join(args.topics_dir, "model.json")
    model_json = json.load(open(model_path, encoding="utf-8"))
    places = tt.Places(os.path.join(args.topics_dir, "places.json"))
    encoder = Encoder(args.model_dir)

    if args.choose:
        items = pool_of(parts, events, ["train"])
        held = parts["validation"]
        print(f"choose: tuning on {len(items)} (train split, lead copies, event articles), "
              f"scoring {len(held)} validation articles", flush=True)
        branch = train_branch(encoder, items, args)
        head = head_scores(encoder, branch, held)
        tfidf = tfidf_scores(items, held, model_json)
        for w in (0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0):
            accuracy, _, _ = gated_accuracy((1 - w) * tfidf + w * head, held, places, model_json)
            print(f"validation, mix weight {w}: accuracy {accuracy:.4f}", flush=True)
        return

    items = pool_of(parts, events, ["train", "validation"])
    print(f"ship: tuning on {len(items)} (train + validation, lead copies, event articles)", flush=True)
    branch = train_branch(encoder, items, args)
    branch_path = os.path.join(args.topics_dir, "topic-branch.safetensors")
    branch.export(branch_path)
    binary = args.story_eval or tt.story_eval_binary()
    identifier = subprocess.run([binary, "embed", "--branch", branch_path, "--identifier"], capture_output=True,
                                text=True, check=True, cwd=tt.REPO).stdout.strip()
    weights = branch.head.weight.detach().numpy() * HEAD_SCALE
    bias = branch.head.bias.detach().numpy()
    model_json["meaning"] = {
        "_note": "Head of the topic branch (scripts/train-topic-branch.py): scores bias + weights . vector on the "
                 "branch's unit vector of headline + lead; probabilities softmax((1 - weight) s_tfidf + weight s).",
        "encoder": identifier,
        "weight": args.weight,
        "bias": [float(f"{b:.6g}") for b in bias],
        "weights": [[float(f"{w:.6g}") for w in row] for row in weights],
    }
    with open(model_path, "w", encoding="utf-8") as f:
        json.dump(model_json, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {branch_path} ({os.path.getsize(branch_path) // 1024} KiB) and the meaning part of {model_path} "
          f"(encoder {identifier}, weight {args.weight})")
    # The Swift forward pass against this one, on a sample of the training texts.
    sample = items[:64]
    texts = "".join(json.dumps({"title": r["title"], "text": r["text"]}) + "\n" for r, _ in sample)
    out = subprocess.run([binary, "embed", "--branch", branch_path], input=texts.encode(), capture_output=True,
                         check=True, cwd=tt.REPO).stdout.decode().splitlines()
    swift = np.array([json.loads(line)["vector"] for line in out])
    x, mask = encoder.below([embedding_text(r["title"], r["text"]) for r, _ in sample], branch.first)
    with torch.no_grad():
        python = branch.vector(x, mask).numpy()
    cosines = (swift * python).sum(1)
    print(f"Swift branch vectors against PyTorch's: cosine min {cosines.min():.5f}, mean {cosines.mean():.5f}")
    # The parity fixture's mixed cases now read branch vectors (train-topics.py's writer and reference).
    trainer = load_trainer()
    records = [{"title": t, "text": b} for t, b in trainer.PARITY_TEXTS if t or b]
    vectors = list(tt.meaning_vectors(records, binary, os.path.join(tt.REPO, ".build", "topic-vectors.npz"),
                                      branch=branch_path))
    trainer.write_parity_fixture(model_json, places, os.path.join(tt.REPO, "Tests", "JarvisTests", "Fixtures",
                                                                  "topic-parity.json"),
                                 vectors + [None] * (len(trainer.PARITY_TEXTS) - len(records)))


def load_trainer():
    """scripts/train-topics.py as a module (its parity texts, reference scores and fixture writer)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("train_topics", os.path.join(os.path.dirname(__file__),
                                                                               "train-topics.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    main()
