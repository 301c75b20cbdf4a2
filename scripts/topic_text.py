"""What the topic model sees of a text, written once for training and evaluation.

The Swift side (Sources/Jarvis/Stories/Topics/TopicTokenizer.swift) implements the same rules; the
parity test (Tests/JarvisTests/TopicModelTests.swift) checks both on fixed texts, so change them together:

- lower-case; a word is a maximal run of ASCII letters/digits or non-ASCII Unicode letters (category L*);
  everything else separates words ("Nigeria's" -> "nigeria", "s");
- words of one character and words made only of digits are dropped (figures name no subject);
- each word is stemmed with libstemmer's English (Porter2) stemmer, the library the server links;
- features are the stems and the pairs of adjacent stems ("central bank"), headline features counted
  `title_repeat` times, then sublinear tf-idf with L2 normalisation (scikit-learn's TfidfVectorizer with
  sublinear_tf=True, smooth idf).
"""
import collections
import ctypes
import ctypes.util
import hashlib
import json
import os
import unicodedata

_lib = ctypes.CDLL(ctypes.util.find_library("stemmer") or "libstemmer.so.0d")
_lib.sb_stemmer_new.restype = ctypes.c_void_p
_lib.sb_stemmer_new.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
_lib.sb_stemmer_stem.restype = ctypes.c_void_p
_lib.sb_stemmer_stem.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
_lib.sb_stemmer_length.argtypes = [ctypes.c_void_p]
_stemmer = _lib.sb_stemmer_new(b"english", b"UTF_8")
_stems = {}


def stem(word):
    cached = _stems.get(word)
    if cached is None:
        raw = word.encode("utf-8")
        pointer = _lib.sb_stemmer_stem(_stemmer, raw, len(raw))
        cached = ctypes.string_at(pointer, _lib.sb_stemmer_length(_stemmer)).decode("utf-8")
        _stems[word] = cached
    return cached


def _word_char(c):
    return ("a" <= c <= "z") or ("0" <= c <= "9") or (ord(c) > 127 and unicodedata.category(c)[0] == "L")


def raw_words(text):
    """Lower-cased words, single characters and numbers included (the place matcher needs "u", "s")."""
    out, current = [], []
    for c in text.lower():
        if _word_char(c):
            current.append(c)
        elif current:
            out.append("".join(current))
            current = []
    if current:
        out.append("".join(current))
    return out


def words(text):
    return [w for w in raw_words(text) if len(w) > 1 and not w.isdigit()]


# Words that say where or how a text was published, not what it is about: agency and outlet bylines, web page
# furniture, entities, honorifics (British and American papers write "Mr" in every section). The labelled sets
# each come from one source per topic, so the model would otherwise learn the source ("AP" -> tech, "Mr" ->
# politics) and misread every other outlet's text.
SOURCE_MARKERS = frozenset("""
    reuters reuter ap afp upi newsfactor cnn washingtonpost usatoday quot amp nbsp lt gt www http https href com
    mr mrs ms caption toggle
""".split())
SOURCE_MARKER_PAIRS = frozenset({("story", "highlights"), ("usa", "today"), ("read", "more"), ("click", "here")})
# The 1980s wire's abbreviations (Reuters-21578) as today's words, so figures and earnings read alike in both.
WIRE_ABBREVIATIONS = {"mln": "million", "bln": "billion", "dlrs": "dollars", "dlr": "dollar", "pct": "percent",
                      "cts": "cents", "qtr": "quarter", "shr": "share", "shrs": "shares", "revs": "revenues",
                      "avg": "average", "vs": None}


def topic_words(text):
    """`words` without source markers, and the wire's abbreviations spelled out: what the topic model reads."""
    ws = words(text)
    out = []
    i = 0
    while i < len(ws):
        w = ws[i]
        if i + 1 < len(ws) and (w, ws[i + 1]) in SOURCE_MARKER_PAIRS:
            i += 2
            continue
        i += 1
        if w in SOURCE_MARKERS or (w.startswith("update") and w[6:].isdigit()):
            continue
        w = WIRE_ABBREVIATIONS.get(w, w)
        if w is not None:
            out.append(w)
    return out


def features(title, text, title_repeat):
    def part(s):
        stems = [stem(w) for w in topic_words(s)]
        return stems + [a + " " + b for a, b in zip(stems, stems[1:])]
    return part(title) * title_repeat + part(text)


def fnv1a(text):
    """FNV-1a 64 of the UTF-8 bytes: the split key, stable across runs and languages."""
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def split_of(record):
    """test (10%), validation (10%) or train, from the hash of headline and body; chosen once."""
    bucket = fnv1a(record["title"] + "\n" + record["text"]) % 10
    return "test" if bucket == 0 else "validation" if bucket == 1 else "train"


def strict_label(record):
    """The label, or None for keyword-rule `africa` labels too weak to trust (the data README: about 1 in 4
    are wrong): a lone "africa"/"african" keyword ("… expansion in Asia and Africa") or a lone demonym or
    country named once in an AG News title that may be a passing mention. Kept: Reuters place tags, AllSides
    topics, and keyword labels that name two or more African places."""
    rule = record.get("label_rule") or ""
    if record["label"] != "africa" or not rule.startswith("keyword:"):
        return record["label"]
    keywords = rule.split(":", 1)[1].split(",")
    return "africa" if len(keywords) >= 2 and any(k not in ("africa", "african") for k in keywords) else None


class Places:
    """The gazetteer of Resources/jarvis/topics/places.json and the main-place measure."""

    def __init__(self, path):
        data = json.load(open(path, encoding="utf-8"))
        self.lead_words = data["leadWords"]
        self.title_weight = data["titleWeight"]
        self.index = {}
        for region in ("africa", "elsewhere"):
            for name in data[region]:
                parts = raw_words(name)
                if parts:
                    self.index.setdefault(parts[0], []).append((parts, region))
        for parts in self.index.values():
            parts.sort(key=lambda p: -len(p[0]))

    def count(self, text, limit=None):
        ws = raw_words(text)
        if limit is not None:
            ws = ws[:limit]
        found = {"africa": 0, "elsewhere": 0}
        i = 0
        while i < len(ws):
            step = 1
            for parts, region in self.index.get(ws[i], ()):
                if ws[i:i + len(parts)] == parts:
                    found[region] += 1
                    step = len(parts)
                    break
            i += step
        return found

    def african_share(self, title, text):
        """Share of place mentions in the headline (weighted) and the lead that are African; 0 without any."""
        t, b = self.count(title), self.count(text, self.lead_words)
        africa = self.title_weight * t["africa"] + b["africa"]
        total = africa + self.title_weight * t["elsewhere"] + b["elsewhere"]
        return africa / total if total else 0.0


LONG_WORDS = 80


def is_long(text):
    """More than LONG_WORDS words: a full article, where a feed would show only its lead."""
    return len(text.split()) > LONG_WORDS


def lead_copy(record):
    """The article as a feed's description shows it, as a {title, text} record: its headline and its first
    25-60 words (fixed per article by a hash of the headline), cut back to the last sentence end within them
    when one comes after the 15th word."""
    words = record["text"].split()
    cut = words[:25 + fnv1a(record["title"]) % 36]
    end = next((e for e in range(len(cut), 15, -1) if cut[e - 1].endswith((".", "!", "?", '."', '?"'))), len(cut))
    return {"title": record["title"], "text": " ".join(cut[:end])}


def load_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOPICS = ["finance", "tech", "politics", "africa"]
# The shared data folder sits beside the checkout (../shared/data); worktrees are one level deeper.
DEFAULT_DATA = next((p for p in (os.path.join(REPO, "..", "shared", "data"), os.path.join(REPO, "..", "..", "shared", "data"))
                     if os.path.isdir(p)), os.path.join(REPO, "..", "shared", "data"))


def story_eval_binary():
    """The release story-eval binary (`swift build -c release --product story-eval` builds it)."""
    import subprocess
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO, capture_output=True,
                          text=True, check=True).stdout.strip()
    return os.path.join(path, "story-eval")


def encoder_identifier(binary):
    """The identifier the server stores its vectors under (`story-eval embed --identifier`)."""
    import subprocess
    return subprocess.run([binary, "embed", "--identifier"], capture_output=True, text=True, check=True,
                          cwd=REPO).stdout.strip()


def shipped_branch():
    """The topic branch file when the shipped model's meaning part reads its vectors (its encoder names a
    branch, `…+topic-branch-…`), else None: the meaning part reads the encoder's own embedding."""
    topics = os.path.join(REPO, "Resources", "jarvis", "topics")
    model = json.load(open(os.path.join(topics, "model.json"), encoding="utf-8"))
    path = os.path.join(topics, "topic-branch.safetensors")
    return path if "+" in (model.get("meaning") or {}).get("encoder", "") and os.path.exists(path) else None


def meaning_vectors(records, binary, cache, branch=None):
    """The sentence encoder's vector of each record's headline + lead, as the server computes and stores it
    (`story-eval embed`, the server's encoder and text), as a float32 array; with `branch`, that encoder
    branch's vector instead (`story-eval embed --branch`). Vectors are cached in `cache` (an .npz outside the
    repository; one file per branch) by FNV-1a of the title and text and by the weights' size and the branch's
    content, so a changed model recomputes them."""
    import subprocess
    import numpy as np
    model = os.environ.get("JARVIS_SENTENCE_MODEL", os.path.join(REPO, "third_party", "sentence-model"))
    stamp = os.path.getsize(os.path.join(model, "model.safetensors"))
    command = [binary, "embed"]
    if branch:
        stamp = (stamp * 31 + fnv1a(open(branch, "rb").read().hex())) & 0x7FFFFFFFFFFFFFFF
        cache = cache.replace(".npz", "-branch.npz")
        command += ["--branch", branch]
    keys = np.array([fnv1a(r["title"] + "\n" + r["text"]) for r in records], dtype=np.uint64)
    known = {}
    if os.path.exists(cache):
        stored = np.load(cache)
        if int(stored["stamp"]) == stamp:
            known = dict(zip(stored["keys"].tolist(), stored["vectors"]))
    missing = [i for i, k in enumerate(keys.tolist()) if k not in known]
    if missing:
        print(f"embedding {len(missing)} articles with {' '.join(command)} (cache {cache})", flush=True)
        lines = "".join(json.dumps({"title": records[i]["title"], "text": records[i]["text"]}) + "\n" for i in missing)
        out = subprocess.run(command, input=lines.encode(), capture_output=True, check=True,
                             cwd=REPO).stdout.decode().splitlines()
        assert len(out) == len(missing), "story-eval embed returned a different number of vectors"
        for i, line in zip(missing, out):
            known[int(keys[i])] = np.array(json.loads(line)["vector"], dtype=np.float32)
        os.makedirs(os.path.dirname(os.path.abspath(cache)), exist_ok=True)
        np.savez(cache, stamp=stamp, keys=np.array(list(known), dtype=np.uint64),
                 vectors=np.stack(list(known.values())))
    return np.stack([known[int(k)] for k in keys.tolist()])


# AllSides event topics of news-events.jsonl that are ours (world, foreign-policy, European and British news is
# politics; economy and business is finance; technology and science is tech).
EVENT_TOPICS = {
    "great_britain": "politics",
    "world": "politics", "foreign_policy": "politics", "middle east": "politics", "middle_east": "politics",
    "europe": "politics", "asia": "politics", "china": "politics", "russia": "politics", "north_korea": "politics",
    "economy and jobs": "finance", "economic policy": "finance", "banking_and_finance": "finance",
    "economy_and_jobs": "finance", "economic_policy": "finance", "trade": "finance", "business": "finance",
    "foreign policy": "politics", "banking and finance": "finance",
    "technology": "tech", "tech": "tech", "science": "tech", "cybersecurity": "tech",
    "africa": "africa",
}


def event_articles(data, known_titles):
    """news-events.jsonl articles with a topic of ours, by the clustering split of their event (SHA-1 of the
    event id, as scripts/news_events.py splits): {"train": [(record, topic)], "validation": …, "test": …}.
    Articles whose headline is in `known_titles` (news-topics.jsonl) are left out."""
    found = collections.defaultdict(list)
    for r in load_jsonl(os.path.join(data, "news-events.jsonl")):
        label = EVENT_TOPICS.get((r.get("event_topic") or "").lower())
        if not label or not r.get("text") or r["title"] in known_titles:
            continue
        bucket = int(hashlib.sha1(r["event"].encode("utf-8")).hexdigest()[:8], 16) % 100
        found["train" if bucket < 60 else "validation" if bucket < 80 else "test"].append((r, label))
    return found
