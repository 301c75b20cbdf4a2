#!/usr/bin/env python3
"""Identity-verification evaluation through the real server (`make eval-verify`).

Starts `xoseen serve --host 127.0.0.1 --port P --data-dir TMP` (release build), renders
synthetic documents with scripts/render-document.py, and posts real verify-live requests:

  face match   every (document portrait, selfie) pair of distinct photos from
               third_party/face-photos: same person -> no face_mismatch/weak_face_match,
               different people -> face_mismatch. Accuracy over all pairs.
  DOB reading  documents of each kind (passport TD3, TD1 card, state ID, licence) with known
               dates of birth in several printed formats; correct when the decision's
               ageDisplayed equals the true age and no dob_* reason is raised.
  latency      wall time of each verify-live request (one attempt end to end); median and max.

  specimens    with `--specimens DIR`: instead of the above, runs `xoseen read-document` on every
               image in DIR (real specimen documents, never committed) and counts MRZ found, check
               digits valid, and date of birth correct against DIR/expected.json
               ({"file.jpg": "YYYY-MM-DD", ...}; files without an entry count only the first two).

Prints the figures; exit status 0 whatever they are."""
import datetime as dt
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

from evalkit.server import start_product, stop, wait_until_healthy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PHOTOS = os.path.join(ROOT, "third_party", "face-photos")
PEOPLE = {"obama.jpg": "obama", "obama2.jpg": "obama", "obama3.jpg": "obama", "biden.jpg": "biden", "astronaut.png": "collins"}


def multipart(fields, files):
    boundary = "eval" + uuid.uuid4().hex
    out = bytearray()
    for name, value in fields:
        out += f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n".encode()
    for name, path in files:
        with open(path, "rb") as f:
            data = f.read()
        out += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{os.path.basename(path)}\"\r\n"
                f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + b"\r\n"
    out += f"--{boundary}--\r\n".encode()
    return bytes(out), f"multipart/form-data; boundary={boundary}"


def verify(port, user, document, selfie, fields=()):
    body, content_type = multipart([("user_id", user)] + list(fields), [("id_document", document), ("selfie", selfie)])
    request = urllib.request.Request(f"http://127.0.0.1:{port}/verify/verification/verify-live", data=body,
                                     headers={"Content-Type": content_type}, method="POST")
    start = time.monotonic()
    with urllib.request.urlopen(request, timeout=300) as response:
        answer = json.load(response)
    return answer, time.monotonic() - start


def render(out_dir, kind, photo, dob, extra=()):
    path = os.path.join(out_dir, f"{kind}-{os.path.splitext(photo)[0]}-{dob}-{len(os.listdir(out_dir))}.png")
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "render-document.py"), "--kind", kind,
                    "--photo", os.path.join(PHOTOS, photo), "--dob", dob, "--out", path, *extra], check=True)
    return path


def age(dob, today):
    born = dt.date.fromisoformat(dob)
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def specimens(binary, directory):
    expected_path = os.path.join(directory, "expected.json")
    expected = json.load(open(expected_path)) if os.path.exists(expected_path) else {}
    files = sorted(f for f in os.listdir(directory) if f.lower().endswith((".jpg", ".jpeg", ".png", ".webp")))
    found = valid = dob_ok = dob_total = 0
    env = dict(os.environ, XOSEEN_MODELS=os.path.join(ROOT, "third_party", "face-models"))
    for name in files:
        run = subprocess.run([binary, "read-document", os.path.join(directory, name)], capture_output=True, text=True, env=env, cwd=ROOT)
        if run.returncode != 0:
            print(f"  {name}: error {run.stderr.strip()}")
            continue
        report = json.loads(run.stdout)
        mrz = report["mrz"]
        found += mrz is not None
        valid += bool(mrz and mrz["checkDigitsValid"])
        if name in expected:
            dob_total += 1
            dob_ok += report["dateOfBirth"] == expected[name]
        print(f"  {name}: kind {report['documentKind']}, mrz {'valid' if mrz and mrz['checkDigitsValid'] else 'found' if mrz else 'none'}, "
              f"dob {report['dateOfBirth']} ({report['dobSource']}), expected {expected.get(name)}")
    print(f"specimens: {len(files)}; MRZ found {found}, check digits valid {valid}, DOB correct {dob_ok}/{dob_total}")


def main():
    binary = sys.argv[sys.argv.index("--xoseen") + 1]
    if "--specimens" in sys.argv:
        specimens(binary, sys.argv[sys.argv.index("--specimens") + 1])
        return
    work = tempfile.mkdtemp(prefix="xoseen-eval-verify-")
    docs = os.path.join(work, "docs")
    os.makedirs(docs)
    # Hundreds of attempts from one address: the per-address and per-user limits are off here.
    env = dict(os.environ, XOSEEN_MODELS=os.path.join(ROOT, "third_party", "face-models"),
               XOSEEN_VERIFY_PER_ADDRESS_HOUR="0", XOSEEN_VERIFY_PER_USER_HOUR="0")
    server, port, _ = start_product([binary], os.path.join(work, "data"), env, cwd=ROOT)
    try:
        wait_until_healthy(server, port, timeout=30)
        latencies = []
        today = dt.date.today()

        # Face match: a state ID with one photo's portrait, the selfie another photo.
        photos = sorted(PEOPLE)
        correct = total = same_total = same_ok = diff_total = diff_ok = 0
        for doc_photo in photos:
            card = render(docs, "state_id", doc_photo, "1990-03-14")
            for selfie in photos:
                if selfie == doc_photo:
                    continue
                answer, seconds = verify(port, f"face{total}", card, os.path.join(PHOTOS, selfie))
                latencies.append(seconds)
                mismatch = "face_mismatch" in answer["reasons"] or "weak_face_match" in answer["reasons"]
                same = PEOPLE[doc_photo] == PEOPLE[selfie]
                ok = (not mismatch) if same else ("face_mismatch" in answer["reasons"])
                total += 1
                correct += ok
                if same:
                    same_total += 1
                    same_ok += ok
                else:
                    diff_total += 1
                    diff_ok += ok

        # DOB reading: known dates in several kinds and printed formats.
        dob_cases = [
            ("passport", "1988-07-04", [], "passport"), ("passport", "1979-12-31", [], "passport"), ("passport", "2001-02-28", [], "passport"),
            ("id_card_td1", "1990-03-14", ["--date-format", "%d.%m.%Y"], "id_card"), ("id_card_td1", "1965-10-09", ["--date-format", "%d %b %Y"], "id_card"),
            ("state_id", "1990-03-14", [], "state_id"), ("state_id", "1995-06-02", [], "state_id"), ("state_id", "1972-11-23", ["--date-format", "%Y-%m-%d"], "state_id"),
            ("drivers_license", "1984-01-17", ["--dob-label", "DATE OF BIRTH"], "drivers_license"),
            ("drivers_license", "1999-08-30", ["--date-format", "%b %d, %Y"], "drivers_license"),
        ]
        dob_ok = 0
        for i, (kind, dob, extra, doc_type) in enumerate(dob_cases):
            document = render(docs, kind, "obama.jpg", dob, extra)
            answer, seconds = verify(port, f"dob{i}", document, os.path.join(PHOTOS, "obama2.jpg"), [("doc_type", doc_type)])
            latencies.append(seconds)
            good = answer.get("ageDisplayed") == age(dob, today) and not any(r.startswith("dob_") or r.startswith("mrz_") for r in answer["reasons"])
            dob_ok += good
            if not good:
                print(f"  dob miss: {kind} {dob} {extra} -> age {answer.get('ageDisplayed')} reasons {answer['reasons']}")

        print(f"face match accuracy: {correct}/{total} = {correct / total:.3f} "
              f"(same person {same_ok}/{same_total}, different people {diff_ok}/{diff_total})")
        print(f"DOB extraction accuracy: {dob_ok}/{len(dob_cases)} = {dob_ok / len(dob_cases):.3f}")
        print(f"verify-live latency (release, one attempt end to end, n={len(latencies)}): "
              f"median {statistics.median(latencies):.2f} s, min {min(latencies):.2f} s, max {max(latencies):.2f} s "
              f"(first, with model load: {latencies[0]:.2f} s)")
    finally:
        stop(server, grace=30)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
