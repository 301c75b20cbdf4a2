"""The learned safety classifier's featuriser, shared by scripts/train-safety.py and scripts/eval tooling.

It must stay byte-for-byte identical to Sources/Xoseen/Safety/LearnedSafetyFeatures.swift (a Swift test
scores the fixture texts written by train-safety.py and compares with the scores computed here):

1. fold: Unicode NFKD, combining marks and invisible characters dropped, curly apostrophes to "'", any other
   non-ASCII character to a space, ASCII lowercased (the Swift side uses CharacterFolding, which also maps
   look-alike letters; the fixture texts avoid those);
2. at most MAX_BYTES bytes of the folded text;
3. words: runs of [a-z0-9] with apostrophes deleted inside ("don't" -> "dont") and every digit read as 0;
4. features: "w " + word, "b " + word + " " + next word, and "c " + each 3- to 5-character slice of
   " " + word + " ";
5. each feature hashed with 32-bit FNV-1a into 2**BITS buckets, counted, the count vector scaled to unit
   length.
"""

import math
import unicodedata

BITS = 18
MAX_BYTES = 2000
# The same set as CharacterFolding.isInvisible in Swift.
INVISIBLE = set([0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x3164, 0xFEFF, 0xFFA0]
                + list(range(0x200B, 0x2010)) + list(range(0x202A, 0x202F)) + list(range(0x2060, 0x2065))
                + list(range(0x206A, 0x2070)) + list(range(0xFE00, 0xFE10)))
APOSTROPHES = {0x2019, 0x2018, 0x02BC}


def fold(text):
    out = []
    for ch in unicodedata.normalize("NFKD", text):
        value = ord(ch)
        if value < 0x80:
            out.append(ch.lower() if "A" <= ch <= "Z" else ch)
        elif value in INVISIBLE or unicodedata.category(ch) == "Mn":
            continue
        elif value in APOSTROPHES:
            out.append("'")
        else:
            out.append(" ")
    return "".join(out).encode("ascii")[:MAX_BYTES]


def words(folded):
    result, current = [], bytearray()
    for byte in folded:
        if 0x61 <= byte <= 0x7A:
            current.append(byte)
        elif 0x30 <= byte <= 0x39:
            current.append(0x30)
        elif byte == 0x27:
            continue
        elif current:
            result.append(bytes(current))
            current = bytearray()
    if current:
        result.append(bytes(current))
    return result


def fnv1a(data):
    h = 0x811C9DC5
    for byte in data:
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    return h


def feature_hashes(folded, bits=BITS):
    mask = (1 << bits) - 1
    found = []
    ws = words(folded)
    for index, word in enumerate(ws):
        found.append(fnv1a(b"w " + word) & mask)
        if index + 1 < len(ws):
            found.append(fnv1a(b"b " + word + b" " + ws[index + 1]) & mask)
        padded = b" " + word + b" "
        for n in (3, 4, 5):
            for start in range(0, len(padded) - n + 1):
                found.append(fnv1a(b"c " + padded[start:start + n]) & mask)
    return found


def vector(text, bits=BITS):
    """Sorted (bucket, value) pairs of the unit-length count vector."""
    counts = {}
    for bucket in feature_hashes(fold(text), bits):
        counts[bucket] = counts.get(bucket, 0) + 1
    if not counts:
        return []
    norm = math.sqrt(sum(c * c for c in counts.values()))
    return [(bucket, counts[bucket] / norm) for bucket in sorted(counts)]
