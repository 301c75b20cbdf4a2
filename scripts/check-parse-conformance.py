#!/usr/bin/env python3
"""Field-level conformance self-check of `jarvis parse`.

Runs the `jarvis parse` binary over every fixture that has an expected-fields file in
Tests/JarvisTests/Fixtures/expected/ (NAME.json names Fixtures/feeds/NAME.*) and compares the
JSON it prints with the expected values: only the keys the expected file writes are compared
(objects key by key, arrays element by element, equal length). An optional
"given": {"contentType": ...} is passed as --content-type. The same files drive
FeedConformanceTests in `make test`; this script checks the operator's binary end to end.

  python3 scripts/check-parse-conformance.py --jarvis .build/debug/jarvis [-v]

Prints one line per failing field and a closing "N passed, N failed" (fields), exit 1 on any failure.
"""
import argparse, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "Tests", "JarvisTests", "Fixtures")
BASE_URL = "https://news.example.com/feeds/main.xml"  # the base FeedCorpusTests uses


def differences(expected, actual, path):
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [(path, expected, actual)], 1
        out, checked = [], 0
        for key in sorted(expected):
            if key not in actual:
                out.append((f"{path}.{key}", expected[key], "<missing>"))
                checked += 1
                continue
            d, n = differences(expected[key], actual[key], f"{path}.{key}")
            out += d
            checked += n
        return out, checked
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(expected) != len(actual):
            return [(path + " (length)", len(expected), len(actual) if isinstance(actual, list) else actual)], 1
        out, checked = [], 0
        for i, (e, a) in enumerate(zip(expected, actual)):
            d, n = differences(e, a, f"{path}[{i}]")
            out += d
            checked += n
        return out, checked
    return ([] if expected == actual else [(path, expected, actual)]), 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--jarvis", required=True, help="path to the jarvis binary")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    feeds = os.path.join(FIXTURES, "feeds")
    by_stem = {os.path.splitext(name)[0]: name for name in os.listdir(feeds)}
    expected_dir = os.path.join(FIXTURES, "expected")
    passed = failed = 0
    for name in sorted(os.listdir(expected_dir)):
        if not name.endswith(".json"):
            continue
        stem = name[:-5]
        with open(os.path.join(expected_dir, name), encoding="utf-8") as f:
            expected = json.load(f)
        given = expected.pop("given", {})
        command = [args.jarvis, "parse"]
        if "contentType" in given:
            command += ["--content-type", given["contentType"]]
        command += [os.path.join(feeds, by_stem[stem]), BASE_URL]
        run = subprocess.run(command, capture_output=True)
        try:
            actual = json.loads(run.stdout)
        except ValueError:
            print(f"{stem}: not JSON (exit {run.returncode}): {run.stderr.decode(errors='replace').strip()}")
            failed += 1
            continue
        diffs, checked = differences(expected, actual, "")
        failed += len(diffs)
        passed += checked - len(diffs)
        for path, e, a in diffs:
            print(f"{stem}{path}: expected {json.dumps(e, ensure_ascii=False)}, got {json.dumps(a, ensure_ascii=False)}")
        if args.verbose:
            print(f"{stem}: {checked - len(diffs)}/{checked} fields")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
