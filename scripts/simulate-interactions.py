#!/usr/bin/env python3
"""Writes a simulated interaction log in the format `make eval-ranker` replays.

Format (JSON object):
  users:     list of profiles, each exactly a POST /web/profile body (userId, displayName,
             ageDisplayed, trustScore, intent, interests, cityArea, ageMin, ageMax,
             maxDistanceKm, gender, seeking or orientation)
  decisions: list of {"viewer", "candidate", "action": "like"|"pass", "at": ISO-8601 time},
             replayed in `at` order

Every user has hidden traits the server never sees: appeal (how much others like them),
selectivity (how rarely they like), how much shared interests and intent matter to them, an
ideal partner age offset, and distance aversion. A like is drawn from those, so there is real
signal to learn beyond the rule-based ranker's fixed weights. Deterministic (seed 7).
Usage: simulate-interactions.py OPTIONS_JSON OUT_JSON [USERS]
"""
import datetime, json, math, random, sys

options = json.load(open(sys.argv[1]))
out = sys.argv[2]
n_users = int(sys.argv[3]) if len(sys.argv) > 3 else 600
rng = random.Random(7)

categories = {c["category"]: c["interests"] for c in options["interests"]}
areas = [a["name"] for a in options["cityAreas"] if a["kind"] != "borough"]
intents = options["intents"]
first = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu", "Max", "Nia", "Oz", "Pia", "Quin",
         "Rae", "Sol", "Tia", "Uma", "Vic", "Wes", "Xan", "Yui", "Zed"]

users, hidden = [], {}
for i in range(n_users):
    uid = "sim_%04d" % i
    gender = rng.choices(["woman", "man", "nonbinary"], [0.47, 0.47, 0.06])[0]
    r = rng.random()
    if gender == "nonbinary":
        seeking = rng.choice([["woman", "man", "nonbinary"], ["woman", "nonbinary"], ["man", "nonbinary"]])
    elif r < 0.8:
        seeking = ["man"] if gender == "woman" else ["woman"]
    elif r < 0.9:
        seeking = [gender]
    else:
        seeking = ["woman", "man", "nonbinary"]
    age = rng.randint(21, 48)
    favourite = rng.sample(list(categories), 2)
    interests = set()
    while len(interests) < rng.randint(5, 8):
        cat = rng.choice(favourite) if rng.random() < 0.6 else rng.choice(list(categories))
        interests.add(rng.choice(categories[cat]))
    users.append({
        "userId": uid, "displayName": rng.choice(first) + " " + chr(65 + i % 26) + ".", "ageDisplayed": age,
        "trustScore": round(rng.uniform(55, 95), 1), "intent": rng.choices(intents, [0.3, 0.15, 0.15, 0.15, 0.15, 0.1][:len(intents)])[0],
        "interests": sorted(interests), "cityArea": rng.choice(areas), "ageMin": max(18, age - rng.randint(4, 10)),
        "ageMax": age + rng.randint(4, 12), "maxDistanceKm": rng.choice([15.0, 25.0, 40.0, 60.0]), "gender": gender, "seeking": seeking,
    })
    hidden[uid] = {
        "appeal": rng.gauss(0, 1), "selectivity": rng.gauss(0, 1), "interest_weight": rng.uniform(0.5, 3.0),
        "intent_weight": rng.uniform(0.0, 1.5), "age_offset": rng.gauss(0, 3), "distance_aversion": rng.uniform(0.0, 0.06),
        "joined": rng.uniform(0, 50),
    }

by_id = {u["userId"]: u for u in users}
area_index = {a: i for i, a in enumerate(areas)}

def compatible(a, b):
    return (b["gender"] in a["seeking"] and a["gender"] in b["seeking"]
            and a["ageMin"] <= b["ageDisplayed"] <= a["ageMax"] and b["ageMin"] <= a["ageDisplayed"] <= b["ageMax"])

def pseudo_km(a, b):
    # Stable pseudo-distance between areas (the replay uses the server's own gazetteer).
    if a["cityArea"] == b["cityArea"]:
        return 1.0
    x, y = area_index[a["cityArea"]], area_index[b["cityArea"]]
    return 3 + (abs(x - y) * 7 % 30)

def p_like(v, c):
    hv, hc = hidden[v["userId"]], hidden[c["userId"]]
    shared = len(set(v["interests"]) & set(c["interests"]))
    jaccard = shared / len(set(v["interests"]) | set(c["interests"]))
    z = (-0.9 - 0.9 * hv["selectivity"] + 1.1 * hc["appeal"] + hv["interest_weight"] * 3 * jaccard
         + hv["intent_weight"] * (1 if v["intent"] == c["intent"] else 0)
         - 0.12 * abs((c["ageDisplayed"] - v["ageDisplayed"]) - hv["age_offset"])
         - hv["distance_aversion"] * pseudo_km(v, c))
    return 1 / (1 + math.exp(-z))

start = datetime.datetime(2026, 9, 1, tzinfo=datetime.timezone.utc)
decisions = []
for v in users:
    pool = [c for c in users if c is not v and compatible(v, c)]
    rng.shuffle(pool)
    hv = hidden[v["userId"]]
    for k, c in enumerate(pool[: rng.randint(25, 70)]):
        day = hv["joined"] + k * rng.uniform(0.05, 0.3)
        at = start + datetime.timedelta(days=min(day, 59.9), seconds=rng.randint(0, 3600))
        decisions.append({"viewer": v["userId"], "candidate": c["userId"],
                          "action": "like" if rng.random() < p_like(v, c) else "pass",
                          "at": at.strftime("%Y-%m-%dT%H:%M:%SZ")})
decisions.sort(key=lambda d: (d["at"], d["viewer"], d["candidate"]))
json.dump({"format": "xoseen-interactions-v1", "users": users, "decisions": decisions}, open(out, "w"), separators=(",", ":"))
likes = sum(d["action"] == "like" for d in decisions)
print("simulated %d users, %d decisions (%.1f%% likes) -> %s" % (len(users), len(decisions), 100 * likes / len(decisions), out))
