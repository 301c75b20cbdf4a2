#!/usr/bin/env python3
"""Browser tests of the web apps in headless Chromium against the real servers (see harness.py).
Usage: python3 Tests/Browser/run.py BIN_DIR   (the directory holding the `xoseen` and `jarvis` binaries)."""
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import (OPERATOR_TOKEN, ROOT, Runner, Server, browser, console_errors, http, requests_sent, shot, wait,
                     wait_until)

BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug")
PHOTOS = os.path.join(ROOT, "third_party", "face-photos")
USER_SCOPED = ("/ml/rank", "/ml/explain", "/ml/feedback", "/web/matches", "/web/suggestions", "/web/reply-suggest",
               "/web/blind/", "/web/block", "/web/report")

runner = Runner()
xoseen = Server(os.path.join(BIN, "xoseen"), {"XOSEEN_OPERATOR_TOKEN": OPERATOR_TOKEN, "XOSEEN_TRAIN_INTERVAL_SEC": "0"}, "/ml/health")
jarvis = Server(os.path.join(BIN, "jarvis"), {"JARVIS_SAMPLE_FEEDS": "1", "JARVIS_DEFAULT_FEEDS": "0", "JARVIS_ALLOW_PRIVATE_FEEDS": "1"},
                "/health")
X, J = xoseen.base, jarvis.base
drivers = []


def new_browser(width=1280, height=900):
    driver = browser(width, height)
    drivers.append(driver)
    return driver


def pick(driver, viewer):
    driver.get(X + "/app#/")
    search = wait(driver, "#viewer-search")
    search.send_keys(viewer["displayName"])
    wait(driver, f'button.viewer[data-id="{viewer["id"]}"]').click()
    wait(driver, "#feed article.candidate", timeout=30)


def first_render_ms(driver, url):
    driver.get(url)
    return driver.execute_script(
        "const p = performance.getEntriesByName('first-contentful-paint')[0];"
        "return p ? p.startTime : performance.timing.domContentLoadedEventEnd - performance.timing.navigationStart;")


# ---- Xoseen -----------------------------------------------------------------------------------
state = {}


def test_xoseen_unreachable_state():
    d = new_browser()
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/ml/health"]})
    d.get(X + "/app")
    node = wait(d, "#unreachable", timeout=40)
    assert "Can't reach the Xoseen server" in node.text
    shot(d, "xoseen-01-unreachable")
    d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    d.find_element(By.CSS_SELECTOR, "#unreachable button").click()
    wait(d, "#viewers li")


def test_xoseen_picker_to_match_and_chat_in_second_browser():
    _, answer = http("GET", X + "/ml/viewers")
    viewers = answer["viewers"]
    a = viewers[3]
    a_browser = new_browser()
    ms = first_render_ms(a_browser, X + "/app")
    state["xoseen_first_render_ms"] = ms
    wait(a_browser, "#viewers li")
    shot(a_browser, "xoseen-02-picker")
    pick(a_browser, a)
    wait_until(lambda: a_browser.find_elements(By.CSS_SELECTOR, "#feed dl.bars"), what="score bars from /ml/explain")
    shot(a_browser, "xoseen-03-feed")
    # Walk the cards: the candidate likes A first (over the API), then A likes them in the browser.
    partner = None
    for _ in range(6):
        card = wait(a_browser, "#feed article.candidate")
        candidate_id = card.get_attribute("data-id")
        status, _ = http("POST", X + "/ml/feedback", {"viewerId": candidate_id, "candidateId": a["id"], "action": "like", "test": True})
        assert status == 200
        card.find_element(By.CSS_SELECTOR, "button.like").click()
        matched = wait_until(lambda: a_browser.find_elements(By.CSS_SELECTOR, "#match-dialog")
                             or not a_browser.find_elements(By.CSS_SELECTOR, f'article.candidate[data-id="{candidate_id}"]'),
                             what="like answered")
        if a_browser.find_elements(By.CSS_SELECTOR, "#match-dialog"):
            partner = candidate_id
            break
    assert partner, "no match in six likes"
    shot(a_browser, "xoseen-04-match-celebration", full=False)
    a_browser.find_element(By.CSS_SELECTOR, "#match-dialog a.button.primary").click()
    wait(a_browser, "#composer")
    partner_viewer = next(v for v in viewers if v["id"] == partner)
    b_browser = new_browser(390, 844)   # the second browser is a phone
    pick(b_browser, partner_viewer)
    shot(b_browser, "xoseen-05-feed-phone")
    b_browser.get(X + "/app#/matches")
    wait(b_browser, f'#matches li.match[data-id="{a["id"]}"] a').click()
    wait(b_browser, "#composer")
    time.sleep(0.5)
    text = f"Hello from the browser test {random.randint(1000, 9999)}"
    a_browser.find_element(By.CSS_SELECTOR, "#composer").send_keys(text)
    a_browser.find_element(By.CSS_SELECTOR, "#send").click()
    wait_until(lambda: any(text in n.text for n in b_browser.find_elements(By.CSS_SELECTOR, ".bubble.theirs")),
               what="the message in the second browser")
    wait_until(lambda: any(text in n.text for n in a_browser.find_elements(By.CSS_SELECTOR, ".bubble.mine")), what="the echo")
    # A message the scanner stops: only the sender hears why; the other side never sees it.
    bad = "send me $500 by western union and I will pay you back"
    a_browser.find_element(By.CSS_SELECTOR, "#composer").send_keys(bad)
    a_browser.find_element(By.CSS_SELECTOR, "#send").click()
    notice = wait(a_browser, "#chat-notices .blocked")
    assert "request for money" in notice.text, notice.text
    assert not any("western union" in n.text for n in a_browser.find_elements(By.CSS_SELECTOR, ".bubble"))
    # A reason the category alone would misname gets its own words.
    a_browser.find_element(By.CSS_SELECTOR, "#composer").send_keys("kill all the immigrants")
    a_browser.find_element(By.CSS_SELECTOR, "#send").click()
    wait_until(lambda: any("hate against a group" in n.text
                           for n in a_browser.find_elements(By.CSS_SELECTOR, "#chat-notices .blocked")),
               what="the hate-speech notice")
    # Drafts are offered, never sent.
    before = len(a_browser.find_elements(By.CSS_SELECTOR, ".bubble"))
    a_browser.find_element(By.CSS_SELECTOR, "#starters").click()
    wait(a_browser, "#drafts button.draft").click()
    assert a_browser.find_element(By.CSS_SELECTOR, "#composer").get_attribute("value")
    time.sleep(1)
    assert len(a_browser.find_elements(By.CSS_SELECTOR, ".bubble")) == before
    shot(a_browser, "xoseen-06-chat-sender")
    b_browser.find_element(By.CSS_SELECTOR, "#reply-drafts").click()
    wait(b_browser, "#drafts button.draft")
    assert not any("western union" in n.text for n in b_browser.find_elements(By.CSS_SELECTOR, ".bubble"))
    shot(b_browser, "xoseen-07-chat-receiver-phone")
    b_browser.get(X + "/app#/matches")
    wait(b_browser, "#matches li.match")
    shot(b_browser, "xoseen-08-matches-phone")
    # The room is derived sorted: the socket URL both sides opened names the same room.
    rooms = set()
    for driver in (a_browser, b_browser):
        for _, url, _ in requests_sent(driver):
            if "/ws/chat?" in url:
                rooms.add(url.split("room=")[1].split("&")[0])
    assert len(rooms) == 1, rooms


def test_xoseen_onboarding_with_a_photo_and_the_token_on_every_user_scoped_request():
    document = os.path.join(tempfile.mkdtemp(), "passport.png")
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "render-document.py"), "--kind", "passport", "--photo",
                    os.path.join(PHOTOS, "obama.jpg"), "--dob", "1985-06-15", "--out", document], check=True)
    d = new_browser(390, 844)
    d.get(X + "/app#/")
    wait(d, "#create-profile").click()
    user_id = f"web_{random.randint(100000, 999999)}"
    wait(d, "#userId").send_keys(user_id)
    d.find_element(By.CSS_SELECTOR, "#doc_type option[value=passport]").click()
    d.find_element(By.CSS_SELECTOR, "#f-id_document").send_keys(document)
    d.find_element(By.CSS_SELECTOR, "#f-selfie").send_keys(os.path.join(PHOTOS, "obama2.jpg"))
    wait_until(lambda: "JPEG" in d.find_element(By.CSS_SELECTOR, "#f-selfie ~ p.hint").text, what="compressed selfie")
    shot(d, "xoseen-09-onboarding-verify-phone")
    d.find_element(By.CSS_SELECTOR, "#verify").click()
    decision = wait(d, "#decision", timeout=400)   # dlib in a debug build, on a busy machine
    state["decision"] = decision.get_attribute("data-decision")
    shot(d, "xoseen-10-onboarding-decision-phone")
    # The upload went compressed: the multipart body is far below the rendered document's size.
    d.find_element(By.CSS_SELECTOR, "#to-profile").click()
    wait(d, "#displayName").send_keys("Webb")
    d.find_element(By.CSS_SELECTOR, "#ageDisplayed").clear()
    d.find_element(By.CSS_SELECTOR, "#ageDisplayed").send_keys("39")
    d.find_element(By.CSS_SELECTOR, "#gender option[value=man]").click()
    d.find_element(By.CSS_SELECTOR, "#intent option:nth-child(2)").click()
    d.find_element(By.CSS_SELECTOR, "#cityArea optgroup option").click()
    for box in d.find_elements(By.CSS_SELECTOR, "#interests input")[:3]:
        d.execute_script("arguments[0].click()", box)
    # Interests and intents read as words ("beach days"), never as the API's slugs ("beach_days").
    shown = [n.text for n in d.find_elements(By.CSS_SELECTOR, "#interests label, #intent option")]
    assert shown and not [t for t in shown if "_" in t], [t for t in shown if "_" in t][:5]
    # Client-side validation mirrors the server's 422: the youngest age above the oldest.
    d.find_element(By.CSS_SELECTOR, "#ageMin").clear()
    d.find_element(By.CSS_SELECTOR, "#ageMin").send_keys("50")
    d.find_element(By.CSS_SELECTOR, "#save-profile").click()
    error = wait(d, "#err-ageMin")
    assert "exceed" in error.text
    shot(d, "xoseen-11-profile-validation-phone")
    d.find_element(By.CSS_SELECTOR, "#ageMin").clear()
    d.find_element(By.CSS_SELECTOR, "#ageMin").send_keys("30")
    d.find_element(By.CSS_SELECTOR, "#save-profile").click()
    wait_until(lambda: "#/feed" in d.current_url, timeout=20, what="the feed after sign-up")
    token = d.execute_script("return JSON.parse(localStorage.getItem('xoseen.session')).token")
    assert token and token.startswith(user_id + "."), token
    wait(d, "#feed-title")
    time.sleep(1.5)
    shot(d, "xoseen-12-own-feed-phone")
    d.get(X + "/app#/matches")
    wait(d, "#matches li")
    d.get(X + "/app#/blind")
    wait(d, "#blind-next").click()
    time.sleep(1.5)
    shot(d, "xoseen-13-blind-date-phone")
    scoped = [(m, u, h) for m, u, h in requests_sent(d) if any(p in u for p in USER_SCOPED)]
    assert len(scoped) >= 4, scoped
    missing = [u for m, u, h in scoped if h.get("authorization") != f"Bearer {token}"]
    assert not missing, f"user-scoped requests without the token: {missing}"
    state["onboarded"] = (user_id, token)


def test_xoseen_blind_date_hides_name_and_photo_until_the_mutual_reveal():
    _, answer = http("GET", X + "/ml/viewers")
    viewer = answer["viewers"][20]
    d = new_browser()
    pick(d, viewer)
    d.get(X + "/app#/blind")
    wait(d, "#blind-next").click()
    card = wait(d, "#pairings article.pairing")
    assert card.find_element(By.CSS_SELECTOR, "h3").text.startswith("Blind date")
    assert not card.find_elements(By.CSS_SELECTOR, "img")
    shot(d, "xoseen-14-blind-date")
    card.find_element(By.CSS_SELECTOR, "a.button.primary").click()
    wait(d, "#composer")
    assert wait(d, "#chat-title").text == "Blind date"
    shot(d, "xoseen-15-blind-chat")


def test_xoseen_operator_console():
    # A case for the queue: assistive context turns a would-be rejection into a review.
    boundary = "----browser"
    parts = []
    for name, value in [("user_id", f"review_{random.randint(1000, 9999)}"), ("assistive_context", "low vision")]:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, file in [("id_document", "astronaut.png"), ("selfie", "obama.jpg")]:
        with open(os.path.join(PHOTOS, file), "rb") as f:
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{file}"\r\n'
                         f"Content-Type: application/octet-stream\r\n\r\n".encode() + f.read() + b"\r\n")
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    status, _ = http("POST", X + "/verify/verification/verify-live", raw=body,
                     headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    assert status == 200, status
    subprocess.run([os.path.join(BIN, "xoseen"), "train", "--data-dir", xoseen.data + "/d"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
    d = new_browser()
    d.get(X + "/ops")
    wait(d, "#operator-token").send_keys("wrong")
    d.find_element(By.CSS_SELECTOR, "#token-form button").click()
    assert "not valid" in wait(d, "#ops-error").text
    d.find_element(By.CSS_SELECTOR, "#operator-token").clear()
    d.find_element(By.CSS_SELECTOR, "#operator-token").send_keys(OPERATOR_TOKEN)
    d.find_element(By.CSS_SELECTOR, "#token-form button").click()
    case = wait(d, "#queue article.case")
    assert "assistive_context_review" in case.text
    shot(d, "xoseen-16-ops-review")
    d.get(X + "/ops#/models")
    wait(d, "#models tbody tr[data-version]", timeout=30)
    shot(d, "xoseen-17-ops-models")
    d.get(X + "/ops#/safety")
    wait(d, "#safety-chart svg")
    shot(d, "xoseen-18-ops-safety")


# ---- Jarvis -----------------------------------------------------------------------------------
def wait_for_stories(minimum=3, timeout=120):
    return wait_until(lambda: (lambda a: a if len(a["data"]) >= minimum else None)(http("GET", J + "/stories?limit=20")[1]),
                      timeout=timeout, what="stories from the samples")


def test_jarvis_feed_renders_the_stories_from_the_api():
    page = wait_for_stories()
    d = new_browser()
    state["jarvis_first_render_ms"] = first_render_ms(d, J + "/")
    wait(d, "#stories li.story")
    ids = [n.get_attribute("data-id") for n in d.find_elements(By.CSS_SELECTOR, "#stories li.story")]
    assert ids[: len(page["data"])] == [s["id"] for s in page["data"]][: len(ids)], (ids, [s["id"] for s in page["data"]])
    first = d.find_element(By.CSS_SELECTOR, "#stories li.story")
    assert first.find_element(By.CSS_SELECTOR, ".score").text == str(page["data"][0]["signalScore"])
    shot(d, "jarvis-01-feed")
    wait(d, '.pills button[data-topic="politics"]').click()
    time.sleep(1)
    topics = {n.text for n in d.find_elements(By.CSS_SELECTOR, "#stories li.story .pill")}
    assert topics <= {"politics"}, topics
    d.find_element(By.CSS_SELECTOR, '.pills button[data-topic=""]').click()
    time.sleep(0.5)
    d.find_element(By.CSS_SELECTOR, "#stories li.story h3 a").click()
    wait(d, "#timeline li.first")
    shot(d, "jarvis-02-story-detail")
    d.find_element(By.CSS_SELECTOR, "#timeline li a").click()
    wait(d, "#article .article-body")
    shot(d, "jarvis-03-article")
    p = new_browser(390, 844)
    p.get(J + "/")
    wait(p, "#stories li.story")
    shot(p, "jarvis-04-feed-phone")


class ExtraFeed(BaseHTTPRequestHandler):
    document = b""

    def do_GET(self):  # noqa: N802
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.end_headers()
        self.wfile.write(ExtraFeed.document)

    def log_message(self, *args):
        pass


def test_jarvis_live_story_updated_patches_a_row():
    page = wait_for_stories()
    d = new_browser()
    d.get(J + "/")
    wait(d, "#stories li.story")
    wait_until(lambda: d.find_element(By.ID, "live").text == "live", what="the live socket")
    d.execute_script("window.__notReloaded = true")
    # A new outlet reporting the top story's own article joins its cluster: story.updated.
    story = page["data"][0]
    detail = http("GET", J + f"/stories/{story['id']}")[1]
    article = http("GET", J + f"/articles/{detail['timeline'][0]['articleId']}")[1]
    now = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime())
    def esc(t):
        return t.replace("&", "&amp;").replace("<", "&lt;")
    ExtraFeed.document = (f'<?xml version="1.0"?><rss version="2.0"><channel><title>Browser Wire</title><link>http://127.0.0.1/</link>'
                          f"<item><title>{esc(article['headline'])}</title><link>http://127.0.0.1/wire/{random.randint(1, 10**9)}</link>"
                          f"<description>{esc(article['body'][:2000])}</description><pubDate>{now}</pubDate></item>"
                          "</channel></rss>").encode()
    server = ThreadingHTTPServer(("127.0.0.1", 0), ExtraFeed)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        status, _ = http("POST", J + "/feeds", {"url": f"http://127.0.0.1:{server.server_port}/feed.xml", "name": "Browser Wire",
                                               "pollIntervalSeconds": 900})
        assert status == 201, status
        row = f'#stories li.story[data-id="{story["id"]}"] .sources-count'
        before = story["sourceCount"]
        wait_until(lambda: d.find_elements(By.CSS_SELECTOR, row) and d.find_element(By.CSS_SELECTOR, row).text.startswith(str(before + 1)),
                   timeout=90, what="the row patched by story.updated")
        # Patched in place: the page was not reloaded (a marker set before is still there).
        assert d.execute_script("return window.__notReloaded === true")
        shot(d, "jarvis-05-feed-after-live-update")
    finally:
        server.shutdown()


def test_jarvis_adding_a_bad_feed_url_shows_the_servers_error():
    status, answer = http("POST", J + "/feeds", {"url": "ftp://example.invalid/feed", "name": "Bad", "pollIntervalSeconds": 900})
    assert status == 422, status
    d = new_browser()
    d.get(J + "/#/feeds")
    wait(d, "#feed-url").send_keys("ftp://example.invalid/feed")
    d.find_element(By.CSS_SELECTOR, "#feed-name").send_keys("Bad")
    d.find_element(By.CSS_SELECTOR, "#add").click()
    error = wait(d, "#add-error .field-error")
    assert error.text == answer["error"]["message"], (error.text, answer)
    assert d.find_element(By.CSS_SELECTOR, "#feed-url").get_attribute("aria-invalid") == "true"
    shot(d, "jarvis-06-feeds-bad-url")


def test_jarvis_operator_console():
    d = new_browser()
    d.get(J + "/ops")
    wait(d, "#feed-table tbody tr")
    wait(d, "#figures")
    shot(d, "jarvis-07-ops")


def test_page_headers_are_not_clipped():
    # Each page's top bar shows the product's name and navigation whole: a rule for another element's class
    # once gave the Xoseen header a 10 px height with its overflow hidden.
    d = new_browser(420, 900)
    for url in (X + "/app", X + "/ops", J + "/", J + "/ops"):
        d.get(url)
        header = wait(d, "header.bar h1")
        box = d.execute_script(
            "const h = document.querySelector('header.bar'), t = h.querySelector('h1');"
            "const a = h.getBoundingClientRect(), b = t.getBoundingClientRect();"
            "return {clipped: h.scrollHeight > h.clientHeight + 1, header: a.height, top: b.top - a.top,"
            "        bottom: a.bottom - b.bottom};", header)
        assert not box["clipped"] and box["top"] >= 0 and box["bottom"] >= 0, (url, box)


def test_pages_run_without_script_errors():
    # First render is a figure, printed for docs/results.md, not asserted: timings are for benchmarks.
    print(f"first render: xoseen /app {state.get('xoseen_first_render_ms', -1):.0f} ms, "
          f"jarvis / {state.get('jarvis_first_render_ms', -1):.0f} ms")
    for driver in drivers:
        errors = [e for e in console_errors(driver) if "favicon" not in e["message"] and "status of 4" not in e["message"]]
        assert not errors, errors


tests = [test_xoseen_unreachable_state, test_xoseen_picker_to_match_and_chat_in_second_browser,
         test_xoseen_onboarding_with_a_photo_and_the_token_on_every_user_scoped_request,
         test_xoseen_blind_date_hides_name_and_photo_until_the_mutual_reveal, test_xoseen_operator_console,
         test_jarvis_feed_renders_the_stories_from_the_api, test_jarvis_live_story_updated_patches_a_row,
         test_jarvis_adding_a_bad_feed_url_shows_the_servers_error, test_jarvis_operator_console,
         test_page_headers_are_not_clipped, test_pages_run_without_script_errors]
only = os.environ.get("BROWSER_TESTS")
try:
    for test in tests:
        if not only or any(o in test.__name__ for o in only.split(",")):
            runner.run(test.__name__, test)
finally:
    for driver in drivers:
        try:
            driver.quit()
        except Exception:  # noqa: BLE001
            pass
    xoseen.stop()
    jarvis.stop()
print(f"browser: {runner.passed} passed, {runner.failed} failed")
sys.exit(1 if runner.failed else 0)
