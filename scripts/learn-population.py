#!/usr/bin/env python3
"""Learns the seed population's demographics from the real OkCupid profiles (59,946 San Francisco users).

    python3 scripts/learn-population.py [--data ../shared/data/dating-okcupid-profiles.jsonl.gz]
                                        [--out Resources/xoseen/population/okcupid.json]

Ships counts, never rows: the joint distribution of sex x orientation x age band, and per age band the
distributions of drinking, smoking, drugs and wanting children (the lifestyle answers), each as counts with
small cells (< 5) merged away so no individual can be read back. Ages outside 18-70 are dropped (the app's
range; the data has a few impossible ages such as 110).
"""

import argparse
import collections
import gzip
import json
import os

BANDS = [(18, 21), (22, 25), (26, 29), (30, 34), (35, 39), (40, 44), (45, 49), (50, 54), (55, 59), (60, 64),
         (65, 70)]
LIFESTYLE = ["drinks", "smokes", "drugs", "offspring"]


def band_of(age):
    for low, high in BANDS:
        if low <= age <= high:
            return f"{low}-{high}"
    return None


def offspring(value):
    if value is None:
        return None
    value = value.replace("\u2019", "'")
    if "doesn't want" in value:
        return "doesnt_want"
    if "might want" in value:
        return "might_want"
    if "wants" in value:
        return "wants"
    return "other"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=os.path.join(here, "..", "..", "shared", "data",
                                                       "dating-okcupid-profiles.jsonl.gz"))
    parser.add_argument("--out", default=os.path.join(here, "..", "Resources", "xoseen", "population", "okcupid.json"))
    args = parser.parse_args()

    opener = gzip.open if args.data.endswith(".gz") else open
    joint = collections.Counter()
    lifestyle = {name: collections.defaultdict(collections.Counter) for name in LIFESTYLE}
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
                value = offspring(record.get(name)) if name == "offspring" else record.get(name)
                if value:
                    lifestyle[name][band][value] += 1

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
        "lifestyle_by_age_band": {
            name: {band: merged(lifestyle[name][band]) for band in out_bands()} for name in LIFESTYLE
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
