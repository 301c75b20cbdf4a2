#!/usr/bin/env python3
"""`jarvis parse` against an outside feed-parser test corpus: the Python feedparser's.

The corpus is not in this repository: fetch the feedparser source distribution from the package
index (`pip download feedparser --no-binary :all: --no-deps -d DIR`, unpack it) and point this
script at its `tests/wellformed`, `tests/encoding` or `tests/illformed` folder. Each test document
says what it expects in a comment (`Expect: not bozo and entries[0]['title'] == '...'`); the checks
on fields `jarvis parse` prints are run, the others skipped:

  feed title → title, feed link → siteLink; entry title, link, id → guid, author, summary /
  description → summary, content[0].value → body, *_parsed dates → publishedAt, tags[0].term →
  categories.

feedparser keeps (sanitised) HTML where `jarvis parse` prints text, so a text field passes when it
equals the expected value as written, unescaped, or with its tags taken out; an author passes as the
name alone ("Name (email)" → "Name"). `jarvis parse` shows the items ingestion leaves out (no title, no
text and no link: nothing to show) with `"kept": false`; checks on them count like any other and are also
tallied apart. A document that gives no item at all counts its item checks apart, not as failures. A
document's `Header: Content-type:` line (what feedparser's test server sends) is passed as `--content-type`.

  python3 scripts/check-feed-corpus.py DIR --jarvis .build/debug/jarvis [-v]

Prints passes and failures per folder and field, and "N passed, N failed".
"""
import argparse, ast, html, json, os, re, subprocess, time
from html.parser import HTMLParser

EXPECT = re.compile(r"^\s*(?:not bozo and )?(feed|entries\[0\])((?:\[[^\]]+\])+)\s*==\s*(.+?)\s*$", re.S)
DATES = {"published_parsed", "updated_parsed", "created_parsed", "issued_parsed", "modified_parsed", "date_parsed"}


class TagStripper(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out = []

    def handle_data(self, data): self.out.append(data)
    def handle_starttag(self, tag, attrs): self.out.append(" ")
    def handle_endtag(self, tag): self.out.append(" ")


def squeezed(s): return re.sub(r"\s+", " ", s or "").strip()


def stripped(markup):
    p = TagStripper()
    p.feed(markup)
    p.close()
    return squeezed("".join(p.out))


def field_for(scope, keys):
    """(where, field, comparison) in `jarvis parse` output for a feedparser key path, or None."""
    k = [ast.literal_eval(x) for x in re.findall(r"\[([^\]]+)\]", keys)]
    if scope == "feed":
        return {"title": ("feed", "title", "text"), "link": ("feed", "siteLink", "exact")}.get(k[0]) if len(k) == 1 else None
    if len(k) == 1:
        if k[0] in DATES: return ("item", "publishedAt", "date")
        return {"title": ("item", "title", "text"), "link": ("item", "link", "exact"), "id": ("item", "guid", "exact"),
                "author": ("item", "author", "author"), "summary": ("item", "summary", "text"),
                "description": ("item", "summary", "text"), "category": ("item", "categories", "category")}.get(k[0])
    if k == ["content", 0, "value"]: return ("item", "body", "text")
    if k == ["tags", 0, "term"]: return ("item", "categories", "category")
    return None


def passes(kind, expected, got):
    if kind == "text":
        return isinstance(got, str) and squeezed(got) in (squeezed(expected), squeezed(html.unescape(expected)), stripped(expected))
    if kind == "exact": return got == expected
    if kind == "author":
        name = re.sub(r"\s*\([^)]*@[^)]*\)\s*$", "", expected).strip()
        m = re.match(r"^\S+@\S+\s*\((.*)\)$", expected)
        return got in (expected, m.group(1) if m else name)
    if kind == "date":
        return isinstance(got, str) and tuple(time.strptime(got[:19], "%Y-%m-%dT%H:%M:%S")[:6]) == tuple(expected[:6])
    if kind == "category": return isinstance(got, list) and expected in got
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus")
    ap.add_argument("--jarvis", required=True)
    ap.add_argument("-v", action="store_true", help="print each failing check")
    args = ap.parse_args()
    tally, failures, left_out = {}, [], {}
    for folder, _, files in sorted(os.walk(args.corpus)):
        for name in sorted(files):
            if not name.endswith(".xml"): continue
            path = os.path.join(folder, name)
            raw = open(path, "rb").read()
            m = re.search(rb"Expect:\s*(.*?)\n", raw)
            if not m: continue
            e = EXPECT.match(m.group(1).decode("utf-8", "replace"))
            if not e: continue
            try:
                expected = ast.literal_eval(e.group(3))
            except (ValueError, SyntaxError):
                continue
            target = field_for(e.group(1), e.group(2))
            if not target: continue
            where, field, kind = target
            header = re.search(rb"Header:\s*Content-type:\s*(.*?)\n", raw, re.I)  # what the test server sends
            command = [args.jarvis, "parse"] + (["--content-type", header.group(1).decode().strip()] if header else [])
            run = subprocess.run(command + [path, "http://example.com/feed.xml"], capture_output=True, timeout=30)
            try:
                out = json.loads(run.stdout)
            except ValueError:
                out = {}
            if "error" in out or not out:
                got, outcome = out.get("error", {}).get("code", "no output"), "fail"
            elif where == "feed":
                got = out.get(field)
                outcome = "pass" if passes(kind, expected, got) else "fail"
            elif not out["items"]:
                got, outcome = None, "no item"
            else:
                got = out["items"][0].get(field)
                outcome = "pass" if passes(kind, expected, got) else "fail"
                if out["items"][0].get("kept") is False:
                    left_out[outcome] = left_out.get(outcome, 0) + 1
            row = tally.setdefault((os.path.relpath(folder, args.corpus).split(os.sep)[0], field), {})
            row[outcome] = row.get(outcome, 0) + 1
            if outcome == "fail": failures.append((os.path.relpath(path, args.corpus), field, expected, got))
    for (folder, field), row in sorted(tally.items()):
        print(f"  {folder + ' ' + field:32s} {row.get('pass', 0):4d} passed {row.get('fail', 0):4d} failed {row.get('no item', 0):4d} with no item")
    if args.v:
        for path, field, expected, got in failures: print(f"  FAIL {path} {field}: expected {expected!r:.80}, got {got!r:.80}")
    passed = sum(r.get("pass", 0) for r in tally.values())
    failed = sum(r.get("fail", 0) for r in tally.values())
    no_item = sum(r.get("no item", 0) for r in tally.values())
    print(f"{no_item} checks on documents with no item; on items ingestion leaves out: "
          f"{left_out.get('pass', 0)} passed, {left_out.get('fail', 0)} failed")
    print(f"{passed} passed, {failed} failed")


if __name__ == "__main__":
    main()
