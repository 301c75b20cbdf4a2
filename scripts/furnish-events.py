#!/usr/bin/env python3
"""Gives every article of an events stream (written by scripts/news_events.py) the page furniture and wire
credits its outlet would add, the same for every article of one outlet: a photo caption line before the text,
and after it a credit line with the outlet's two reporters' names, a newsletter prompt and a copyright line.

    python3 scripts/furnish-events.py EVENTS.json OUT.json

The labelled articles are the outlets' text without what their pages put around it; real feeds and pages
carry it. `StoryPairs stream OUT.json` then shows whether clustering joins articles because they come from one
outlet (shared names, prompts) rather than one event. Articles without an outlet (`lead-wire-none`) are left
as they are. The names are made up here, drawn by a hash of the outlet's id.
"""
import hashlib
import json
import sys

FIRST = ["Maria", "David", "Aisha", "Tom", "Priya", "Lukas", "Grace", "Omar", "Hannah", "Kenji", "Sofia", "Daniel"]
LAST = ["Okafor", "Brennan", "Lindqvist", "Moreau", "Haddad", "Castillo", "Whitfield", "Nakamura", "Petrov",
        "Adeyemi", "Kowalski", "Ferreira"]
CITIES = ["Washington", "New York", "London", "Chicago", "Los Angeles", "Atlanta"]


def pick(outlet, salt, items):
    digest = hashlib.sha1((salt + outlet).encode("utf-8")).digest()
    return items[digest[0] % len(items)]


def furniture(outlet, name):
    reporter = pick(outlet, "r1", FIRST) + " " + pick(outlet, "r2", LAST)
    editor = pick(outlet, "e1", FIRST) + " " + pick(outlet, "e2", LAST)
    city = pick(outlet, "c", CITIES)
    before = f"Image caption: a file photo. ({name} Photo/{editor})"
    after = (f"(Reporting by {reporter} in {city}; Editing by {editor})\n"
             f"Sign up for the {name} morning newsletter to get the day's top stories in your inbox.\n"
             f"© 2026 {name}. All rights reserved.")
    return before, after


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        stream = json.load(f)
    names = {o["id"]: o["name"] for o in stream["outlets"]}
    furnished = 0
    for article in stream["articles"]:
        outlet = article["outlet"]
        if outlet == "lead-wire-none":
            continue
        before, after = furniture(outlet, names.get(outlet, outlet))
        article["body"] = before + "\n" + article["body"] + "\n" + after
        furnished += 1
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(stream, f, ensure_ascii=False)
    print(f"{furnished} of {len(stream['articles'])} articles furnished; wrote {sys.argv[2]}")


if __name__ == "__main__":
    main()
