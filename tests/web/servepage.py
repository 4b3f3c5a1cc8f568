"""What the browser tests of the page of `gamehost serve` share
(docs/web.md, "The served page"): the real server on a free port, headless
Chromium windows (Debian's chromium and chromium-driver, driven by
python3-selenium), waits that poll the page instead of sleeping, and moves
made by clicks on the board's marked targets.

A test that imports this exits 77 (skipped) when Selenium, chromium or its
driver is missing."""
import json
import os
import random
import re
import shutil
import subprocess
import sys

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    print("skipped: python3-selenium is not installed")
    sys.exit(77)

__all__ = ["By", "Select", "Checks", "unstale", "browser", "wait", "start_server", "text_of", "plies_of", "play_one",
           "script_errors", "create_game", "join_from_lobby", "watch_from_lobby", "frames_received", "finished", "fetch"]


class Checks:
    """Failures gathered, so one run reports them all."""

    def __init__(self):
        self.failures = []

    def __call__(self, ok, what):
        if not ok:
            self.failures.append(what)
            print("FAIL:", what, flush=True)

    def exit(self, success):
        if self.failures:
            sys.exit(f"{len(self.failures)} check(s) failed")
        print(success)


def browser(width=1100, height=1200, frames=False):
    """A headless Chromium window; with `frames`, its performance log keeps
    every WebSocket frame it receives (frames_received)."""
    if not shutil.which("chromium") or not shutil.which("chromedriver"):
        print("skipped: chromium or chromium-driver is not installed")
        sys.exit(77)
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", f"--window-size={width},{height}"):
        options.add_argument(arg)
    prefs = {"browser": "ALL"}
    if frames:
        prefs["performance"] = "ALL"
    options.set_capability("goog:loggingPrefs", prefs)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    driver.frames = []
    return driver


def frames_received(driver):
    """Every WebSocket frame the window received so far (their text)."""
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.webSocketFrameReceived":
            driver.frames.append(message["params"]["response"]["payloadData"])
    return driver.frames


def wait(driver, condition, what, timeout=60):
    """Polls `condition(driver)` until it is true (returned); ends the test
    with the page's text after `timeout` seconds. Generous: the machine may
    be loaded."""
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: condition(d))
    except Exception:
        sys.exit(f"timed out waiting for {what}; page text:\n{driver.find_element(By.TAG_NAME, 'body').text[:3000]}")


def text_of(driver, element_id):
    return driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.textContent : ''",
                                 element_id)


def plies_of(driver):
    """The plies the page knows: its live move list, or the study view's
    moves once the game is over (read in one script: the page may redraw
    between two WebDriver calls)."""
    return driver.execute_script("""
        const study = document.querySelectorAll('#gh-replay .gh-move[data-ply]');
        if (study.length) return study.length - 1;
        return document.querySelectorAll('#gh-moves li').length;""")


def script_errors(driver):
    """The console's errors, but for the page's probe of a PPN download
    that the game does not have (an HTTP error the network layer reports)."""
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"
            and not (e.get("source") == "network" and ".ppn - " in e["message"])]


def finished(driver):
    return bool(text_of(driver, "gh-over"))


def fetch(driver, path):
    """GET `path` from the page's server inside the page: [status, type, text]."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(arguments[0]).then(async (r) => done([r.status, r.headers.get('content-type'), await r.text()]))
          .catch((e) => done([0, '', String(e)]));""", path)


def gamehost_output(gamehost, *args):
    """The output of `gamehost ARGS`; the test stops with its message when it fails."""
    r = subprocess.run([gamehost, *args], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"gamehost {' '.join(args)} failed ({r.returncode}): {r.stdout}{r.stderr}")
    return r.stdout


def start_server(gamehost, data):
    shutil.rmtree(data, ignore_errors=True)
    proc = subprocess.Popen([gamehost, "serve", "--port", "0", "--data", data],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    for line in proc.stdout:
        lines.append(line)
        m = re.search(r"at (http://[^/ ]+)/", line)
        if m:
            return proc, m.group(1)
    sys.exit("gamehost serve stopped before listening:\n" + "".join(lines))


def unstale(act, tries=20):
    """act() again when the lobby was drawn again between finding an
    element and using it (a LobbyUpdate redraws the lists and the form)."""
    for _ in range(tries - 1):
        try:
            return act()
        except StaleElementReferenceException:
            pass
    return act()


def create_game(driver, url, game_type, seats):
    """Creates a game in the lobby's form; `seats`: each seat's choice
    ("me", "open", …). Returns the game's id once the board is drawn."""
    driver.get(url + "/")
    wait(driver, lambda d: d.find_elements(By.ID, "gh-create-button"), "the create form")
    unstale(lambda: Select(driver.find_element(By.ID, "gh-type")).select_by_value(game_type))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'select[data-seat="{len(seats) - 1}"]'), "the seats")
    for i, who in enumerate(seats):
        unstale(lambda: Select(driver.find_element(By.CSS_SELECTOR, f'select[data-seat="{i}"]')).select_by_value(who))
    driver.find_element(By.ID, "gh-create-button").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-board svg"), "the new game's board")
    return re.search(r"#game=(.+)$", driver.current_url).group(1)


def join_from_lobby(driver, url, game_id):
    driver.get(url + "/")
    button = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#gh-open tr[data-game="{game_id}"] .gh-join'),
                  "the game under Open seats")
    button[0].click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-board svg"), "the joined game's board")


def watch_from_lobby(driver, url, game_id):
    driver.get(url + "/")
    button = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#gh-playing tr[data-game="{game_id}"] .gh-watch'),
                  "the game under In play")
    button[0].click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-board svg"), "the watched game's board")


# The choices the seat to move has on the page, read in one script: the
# marked targets on the board that are on top at their centre (a click
# there reaches them), the picker's buttons, the move buttons off the board.
CHOICES = """
const out = {targets: [], picker: [], others: []};
document.querySelectorAll('#gh-board .gh-target').forEach((rect) => {
  const r = rect.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.width > 0 && document.elementFromPoint(x, y) === rect) out.targets.push(rect.getAttribute('data-index'));
});
document.querySelectorAll('#gh-picker button[data-action]').forEach((b) => out.picker.push(b.getAttribute('data-action')));
document.querySelectorAll('#gh-other-moves button[data-action]').forEach((b) => out.others.push([b.getAttribute('data-action'), b.textContent]));
return out;"""


def play_one(driver, rng, avoid=("pass",)):
    """Plays one move by clicks as a person would: a marked target on the
    board (then a piece from the picker when the target offers several),
    else a move button; moves named in `avoid` only when nothing else is
    legal. Returns what was clicked."""
    choices = driver.execute_script(CHOICES)
    others = [a for a, text in choices["others"] if text not in avoid]
    if choices["targets"] and (not others or rng.random() < 0.9):
        index = rng.choice(choices["targets"])
        driver.find_element(By.CSS_SELECTOR, f'#gh-board .gh-hit[data-index="{index}"]').click()
        picker = wait(driver, lambda d: d.execute_script(CHOICES)["picker"] or d.execute_script(
            "return document.getElementById('gh-picker') ? null : 'played'"), "the click's answer", timeout=30)
        if picker == "played":
            return f"target {index}"
        action = rng.choice(picker)
        driver.find_element(By.CSS_SELECTOR, f'#gh-picker button[data-action="{action}"]').click()
        return f"target {index}, picked {action}"
    pool = others or [a for a, _ in choices["others"]]
    if not pool:
        return None
    action = rng.choice(pool)
    driver.find_element(By.CSS_SELECTOR, f'#gh-other-moves button[data-action="{action}"]').click()
    return f"button {action}"
