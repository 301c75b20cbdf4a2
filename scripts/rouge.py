"""ROUGE-1 (Lin 2004) as the summary and headline evaluations compute it: unigram overlap of lower-cased
alphanumeric tokens, Porter-stemmed (libstemmer's Porter, not the English Porter2 the server's terms use), no
stop-word removal."""
import collections
import ctypes
import re

import topic_text as tt

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
