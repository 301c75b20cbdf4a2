#!/usr/bin/env python3
"""Learns the seed population's demographics from the real OkCupid profiles (59,946 San Francisco users).

    python3 scripts/learn-population.py [--data ../shared/data/dating-okcupid-profiles.jsonl.gz]
                                        [--out Resources/xoseen/population/okcupid.json]

Ships counts, never rows: the joint distribution of sex x orientation x age band, and per sex and age band
the distributions of the lifestyle answers (drinking, smoking, drugs, diet, children), each mapped to our
smaller vocabulary (below) with "unstated" for a blank answer, as counts with small cells (< 5) dropped so no
individual can be read back. Ages outside 18-70 are dropped (the app's range; the data has a few impossible
ages such as 110).

Our lifestyle vocabulary (Sources/Xoseen/Population/Lifestyle.swift reads exactly these values):
  drinks     never (not at all), rarely, socially, often (often, very often, desperately)
  smokes     no, sometimes (sometimes, when drinking, trying to quit), yes
  drugs      never, sometimes, often
  diet       anything, vegetarian, vegan, other (kosher, halal, other), each with or without mostly/strictly
  children   has_kids (has a kid / has kids, whatever follows), wants, might_want, doesnt_want,
             no_kids (doesn't have kids, nothing about wanting them)
"""

import argparse
import collections
import gzip
import json
import os

BANDS = [(18, 21), (22, 25), (26, 29), (30, 34), (35, 39), (40, 44), (45, 49), (50, 54), (55, 59), (60, 64),
         (65, 70)]
LIFESTYLE = ["drinks", "smokes", "drugs", "diet", "children"]


def band_of(age):
    for low, high in BANDS:
        if low <= age <= high:
            return f"{low}-{high}"
    return None


def children(value):
    value = value.replace("\u2019", "'")
    if value.startswith("has"):
        return "has_kids"
    if "doesn't want" in value:
        return "doesnt_want"
    if "might want" in value:
        return "might_want"
    if "want" in value:
        return "wants"
    return "no_kids"


def ours(name, record):
    """One answer in our vocabulary, "unstated" when blank; None for a value we cannot map."""
    value = record.get("offspring" if name == "children" else name)
    if not value:
        return "unstated"
    if name == "children":
        return children(value)
    if name == "drinks":
        return {"not at all": "never", "rarely": "rarely", "socially": "socially", "often": "often",
                "very often": "often", "desperately": "often"}.get(value)
    if name == "smokes":
        return {"no": "no", "sometimes": "sometimes", "when drinking": "sometimes", "trying to quit": "sometimes",
                "yes": "yes"}.get(value)
    if name == "drugs":
        return value if value in ("never", "sometimes", "often") else None
    if name == "diet":
        kind = value.split()[-1]
        return kind if kind in ("anything", "vegetarian", "vegan") else "other"
    return None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=os.path.join(here, "..", "..", "shared", "data",
                                                       "dating-okcupid-profiles.jsonl.gz"))
    parser.add_argument("--out", default=os.path.join(here, "..", "Resources", "xoseen", "population", "okcupid.json"))
    args = parser.parse_args()

    opener = gzip.open if args.data.endswith(".gz") else open
    joint = collections.Counter()
    lifestyle = {name: collections.defaultdict(collections.Counter) for name in LIFESTYLE}  # (sex, band) -> counts
    rows = 0
    with opener(args.data, "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            band = band_of(record.get("age") or 0)
            if band is None or record.get("sex") not in ("m", "f") or not record.get("orientation"):
                continue
            rows += 1
            joint[(record["sex"], record["orientation"], band)] += 1
            for name in LIFESTYLE:
                value = ours(name, record)
                if value:
                    lifestyle[name][(record["sex"], band)][value] += 1

    def merged(counter):
        return {key: count for key, count in sorted(counter.items()) if count >= 5}

    out = {
        "source": "OkCupid San Francisco profiles (Kim & Escobedo-Land 2015, revised 2021), counts only",
        "profiles": rows,
        "age_bands": [f"{low}-{high}" for low, high in BANDS],
        "sex_orientation_age": [
            {"sex": sex, "orientation": orientation, "age_band": band, "count": count}
            for (sex, orientation, band), count in sorted(joint.items()) if count >= 5
        ],
        "lifestyle_by_sex_age_band": {
            name: {sex: {band: merged(lifestyle[name][(sex, band)]) for band in out_bands()} for sex in ("f", "m")}
            for name in LIFESTYLE
        },
    }
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(out, handle, indent=1)
        handle.write("\n")
    print(f"wrote {args.out}: {rows} profiles, {len(out['sex_orientation_age'])} joint cells")


def out_bands():
    return [f"{low}-{high}" for low, high in BANDS]


if __name__ == "__main__":
    main()
