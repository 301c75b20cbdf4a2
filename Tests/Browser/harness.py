"""The browser tests' harness: the real servers (the debug `xoseen` and `jarvis` binaries on
free loopback ports, fresh data directories), headless Chromium from Debian driven over
WebDriver (Selenium), screenshots, and a runner that prints one line per test in the same
form as Swift Testing ("✔ Test name() passed after …" / "✘ Test name() failed after …"), so
scripts/test.sh counts them in its final line."""
import json
import os
import socket
import subprocess
import tempfile
import time
import traceback
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SHOTS = os.path.join(ROOT, ".build", "screenshots")
OPERATOR_TOKEN = "browser-test-operator"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(method, url, body=None, headers=None, raw=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
            return response.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        return error.code, (json.loads(text) if text else None)


class Server:
    def __init__(self, binary, env, ready_path):
        self.port = free_port()
        self.data = tempfile.mkdtemp(prefix="browser-test-")
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(os.path.join(self.data, "server.log"), "w")
        self.process = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data-dir", self.data + "/d"],
                                        cwd=ROOT, env={**os.environ, "LOG_LEVEL": "warning", **env}, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 180
        while time.time() < deadline:
            try:
                if http("GET", self.base + ready_path)[0] == 200:
                    return
            except OSError:
                pass
            if self.process.poll() is not None:
                raise RuntimeError(f"{binary} exited; see {self.log.name}")
            time.sleep(0.3)
        raise RuntimeError(f"{binary} did not start")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()


def browser(width=1280, height=900):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--window-size={width},{height}",
                 "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--hide-scrollbars"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    return driver


def wait(driver, css, timeout=20, visible=True):
    condition = EC.visibility_of_element_located if visible else EC.presence_of_element_located
    return WebDriverWait(driver, timeout).until(condition((By.CSS_SELECTOR, css)))


def wait_until(predicate, timeout=20, what="condition"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = predicate()
        except StaleElementReferenceException:
            value = None  # the live page replaced the element between finding and reading it: look again
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def shot(driver, name, full=True):
    """Saves .build/screenshots/<name>.png; full pages are captured at their whole height."""
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, name + ".png")
    driver.execute_script("window.scrollTo(0, 0)")
    if full:
        size = driver.get_window_size()
        height = driver.execute_script("return Math.min(4000, document.documentElement.scrollHeight)")
        driver.set_window_size(size["width"], max(size["height"], height))
        images_loaded(driver)
        driver.save_screenshot(path)
        driver.set_window_size(size["width"], size["height"])
    else:
        images_loaded(driver)
        driver.save_screenshot(path)
    return path


def images_loaded(driver, timeout=8):
    """Pictures still loading would show as grey boxes: give those in view a few seconds."""
    deadline = time.time() + timeout
    while time.time() < deadline and not driver.execute_script(
            "return [...document.images].every((i) => i.complete || i.getBoundingClientRect().top > innerHeight)"):
        time.sleep(0.2)
    time.sleep(0.2)


def requests_sent(driver):
    """Every HTTP request the page sent since the last call: (method, url, headers)."""
    sent = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            r = message["params"]["request"]
            sent.append((r["method"], r["url"], {k.lower(): v for k, v in r["headers"].items()}))
        elif message["method"] == "Network.webSocketCreated":
            sent.append(("WS", message["params"]["url"], {}))
    return sent


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


class Runner:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def run(self, name, function):
        start = time.time()
        try:
            function()
            self.passed += 1
            print(f"✔ Test {name}() passed after {time.time() - start:.3f} seconds.", flush=True)
        except Exception as error:  # noqa: BLE001 — a test's failure of any kind is reported, not raised
            self.failed += 1
            print(f"✘ Test {name}() failed after {time.time() - start:.3f} seconds: {error!r}", flush=True)
            traceback.print_exc()
