#!/usr/bin/python3
"""One game as one HTML file, in a real browser (docs/web.md).

Exports sample games with the real gamehost binary and opens the files from
disk (file://) in Debian's chromium, headless, driven by Selenium through
chromium-driver:
- seed-1: stepping through every ply with the keyboard shows, at each ply,
  the numbers `gamehost show LOG --ply N` prints under "Score:";
- clicking a tower draws its scoring paths (one path element per route,
  counted against the routes `show` lists for that tower);
- a 360 px wide window: no control off-screen, no two controls overlapping;
- Connect Four and City Planning files open and step to their end;
- a reviewed game: the graph has a line per player, and a move the review
  marked shows its verdict (the points lost and the better move);
- with --screenshots DIR: the pictures of docs/web.md.
Prints each file's size and the browser's first paint (reported, not
asserted). Exit 77 (skipped) when chromium, its driver or Selenium is not
installed.

Usage: browser_test.py GAMEHOST SOURCE_DIR WORK_DIR [--screenshots DIR]
"""
import json
import os
import re
import shutil
import subprocess
import sys

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    print("skipped: python3-selenium is not installed")
    sys.exit(77)

GAMEHOST, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
SHOTS = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
SAMPLES = os.path.join(SOURCE, "games", "samples")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def gamehost(*args):
    r = subprocess.run([GAMEHOST, *args], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"gamehost {' '.join(args)} failed ({r.returncode}): {r.stdout}{r.stderr}")
    return r.stdout


def export(log, name, *extra):
    out = os.path.join(WORK, name)
    gamehost("export", log, "--format", "html", "-o", out, "--force", *extra)
    return out


def show_score(log, ply):
    """The text under "Score:" of `gamehost show LOG --ply N` (up to "Result:")."""
    text = gamehost("show", log, "--ply", str(ply), "--color", "never")
    score = text.split("\nScore:\n", 1)[1]
    return score.split("\nResult: ", 1)[0].rstrip("\n")


def browser(width, height, *extra):
    if not shutil.which("chromium") or not shutil.which("chromedriver"):
        print("skipped: chromium or chromium-driver is not installed")
        sys.exit(77)
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", f"--window-size={width},{height}", *extra):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def open_file(driver, path):
    driver.get("file://" + os.path.abspath(path))
    driver.find_element(By.CSS_SELECTOR, "#gh-board svg.gh-scene")
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not errors, f"{path}: no script errors, got {errors}")
    paint, board = driver.execute_async_script("""
        const done = arguments[arguments.length - 1], start = performance.now();
        const at = (name) => { const p = performance.getEntriesByName(name)[0]; return p ? p.startTime : -1; };
        (function poll() {
          const got = [at('first-contentful-paint'), at('gh-board-painted')];
          if (got.every((t) => t >= 0) || performance.now() - start > 3000) done(got);
          else requestAnimationFrame(poll);
        })();""")
    size = os.path.getsize(path)
    print(f"{os.path.basename(path)}: {size} bytes ({size / 1024:.0f} KiB), first contentful paint {paint:.0f} ms, "
          f"board painted {board:.0f} ms")
    check(board >= 0, f"{path}: the board was painted")
    return paint, board


def ply_shown(driver):
    return int(re.match(r"Ply (\d+) of", driver.find_element(By.ID, "gh-ply").text).group(1))


def press(driver, key):
    driver.find_element(By.TAG_NAME, "body").send_keys(key)


def step_through_scores(driver, log, plies):
    press(driver, Keys.HOME)
    for ply in range(plies + 1):
        check(ply_shown(driver) == ply, f"ply {ply}: the page shows ply {ply_shown(driver)}")
        page = driver.find_element(By.ID, "gh-score").get_attribute("textContent")
        expected = show_score(log, ply)
        check(NUMBER.findall(page) == NUMBER.findall(expected),
              f"ply {ply}: page score {NUMBER.findall(page)} != show's {NUMBER.findall(expected)}")
        if ply < plies:
            press(driver, Keys.ARROW_RIGHT)
    press(driver, Keys.ARROW_RIGHT)  # past the end: stays
    check(ply_shown(driver) == plies, "→ at the end stays at the end")
    press(driver, Keys.HOME)
    check(ply_shown(driver) == 0, "Home goes to the start")
    press(driver, Keys.END)
    check(ply_shown(driver) == plies, "End goes to the end")


# The scene shown, written as gamehost's JSON convention writes it (every
# field printed: zeros, "", false, [], enums by name) and drawn again:
# the same shapes, paths and hit areas (the page of `gamehost serve` gets
# scenes so).
FULL_FORM = """
const scene = JSON.parse(JSON.stringify(window.ghReplay.state.shown));
const shapeDefaults = {id: '', fill: 0, outline: 0, outline_width: 0, tooltip: '', motion: 'FADE', solid: false};
for (const l of scene.layers) l.shapes = l.shapes.map((s) => Object.assign({}, shapeDefaults, s));
scene.paths = scene.paths.map((p) => Object.assign({id: '', points: [], step_labels: [], colour: 0, width: 0,
  marker_size: 0, marker_fill: 0, progressive: false, step_ms: 0, label: '', label_size: 0}, p));
scene.hits = scene.hits.map((h) => Object.assign({select: '', hover: '', actions: [], action_labels: [],
  refusal_code: '', refusal: ''}, h));
Object.assign(scene, {background: scene.background || 0, status: scene.status || '', selection_name: '',
  cycle: scene.cycle || [], overlays: scene.overlays || []});
const drawn = GhScene.render(scene, {}).svg;
const here = document.querySelector('#gh-board svg');
const count = (svg, css) => svg.querySelectorAll(css).length;
return [['.gh-shape', '.gh-path', '.gh-hit', 'text'].map((c) => count(drawn, c)),
        ['.gh-shape', '.gh-path', '.gh-hit', 'text'].map((c) => count(here, c))];
"""


def routes_of(log, ply, lot):
    """How many routes `gamehost show` lists from the tower on `lot`."""
    text = gamehost("show", log, "--ply", str(ply), "--color", "never")
    routes = text.split("\nRoutes:\n", 1)[1]
    return sum(1 for line in routes.splitlines() if line.strip().startswith(lot + " -> "))


def click_tower(driver, log, plies):
    towers = driver.find_elements(By.CSS_SELECTOR, "#gh-board .gh-hit.gh-selectable")
    check(len(towers) > 0, "the last position has selectable towers")
    if not towers:
        return
    lot = towers[0].get_attribute("data-select")
    check(not driver.find_elements(By.CSS_SELECTOR, "#gh-board .gh-path"), "no path before a click")
    towers[0].click()
    full, shown = driver.execute_script(FULL_FORM)
    check(full == shown and shown[0] > 0, f"every field printed, the scene draws the same: {full} vs {shown}")
    paths = driver.find_elements(By.CSS_SELECTOR, "#gh-board .gh-path")
    expected = routes_of(log, plies, lot)
    print(f"tower {lot}: {len(paths)} paths drawn, show lists {expected} routes")
    check(expected > 0 and len(paths) == expected, f"tower {lot}: {len(paths)} paths, show lists {expected} routes")
    lines = driver.find_elements(By.CSS_SELECTOR, "#gh-board .gh-path polyline.gh-route")
    check(len(lines) == len(paths), f"every path has its line ({len(lines)} of {len(paths)})")
    captions = driver.find_elements(By.CSS_SELECTOR, "#gh-why .gh-captions li")
    check(len(captions) > 0, "the captions are listed under Why it scores")
    pressed = driver.find_elements(By.CSS_SELECTOR, f"#gh-why .gh-select[aria-pressed='true']")
    check([b.get_attribute("data-select") for b in pressed] == [lot], "the tower's button is pressed")
    press(driver, Keys.ESCAPE)
    check(not driver.find_elements(By.CSS_SELECTOR, "#gh-board .gh-path"), "Escape clears the selection")
    return lot


def check_review(driver):
    name = "g0001-mcts-iters-1000-vs-greedy-seed34"
    puzzles = os.path.join(SOURCE, "games", "puzzles")
    html = export(os.path.join(puzzles, "sources", name + ".ghlog"), "reviewed.html",
                  "--review", os.path.join(puzzles, "reviews", name + ".ghreview"))
    open_file(driver, html)
    lines = driver.find_elements(By.CSS_SELECTOR, "#gh-review .gh-graph-line")
    check(len(lines) == 2, f"reviewed: {len(lines)} graph lines, one per player expected")
    marked = [b for b in driver.find_elements(By.CSS_SELECTOR, "#gh-moves .gh-move")
              if b.text.endswith("?") or b.text.endswith("??")]
    check(len(marked) > 0, "reviewed: some moves are marked")
    if marked:
        driver.execute_script("arguments[0].click()", marked[0])
        verdict = driver.find_element(By.ID, "gh-verdict").text
        check(" lost " in verdict and "best was" in verdict, f"reviewed: the verdict says what was lost: {verdict!r}")


BOXES = """
const out = [];
for (const e of document.querySelectorAll('button, summary, #gh-board, #gh-score, .gh-graph')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  // Controls inside a scrolled list are judged by the list's visible box.
  const list = e.closest('.gh-moves');
  const clip = list && list !== e ? list.getBoundingClientRect() : null;
  if (clip && (r.bottom <= clip.top || r.top >= clip.bottom)) continue;
  out.push({id: e.id || e.className || e.tagName, text: (e.textContent || '').slice(0, 20),
            left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY,
            nested: !!e.parentElement.closest('button, summary')});
}
return {boxes: out, width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth};
"""


def check_phone(driver, path):
    driver.get("file://" + os.path.abspath(path))
    driver.find_element(By.CSS_SELECTOR, "#gh-board svg.gh-scene")
    got = driver.execute_script(BOXES)
    width = got["width"]
    check(width == 360, f"the phone window is 360 px wide (got {width})")
    check(got["scroll"] <= width, f"nothing scrolls sideways at 360 px (scroll width {got['scroll']})")
    boxes = [b for b in got["boxes"] if not b["nested"]]
    for b in boxes:
        check(b["left"] >= -0.5 and b["right"] <= width + 0.5, f"360 px: {b['id']} '{b['text']}' off-screen {b}")
    overlapping = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5 and \
               min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5:
                overlapping.append((a["id"], a["text"], b["id"], b["text"]))
    check(not overlapping, f"360 px: controls overlap: {overlapping[:5]}")
    print(f"360 px: {len(boxes)} controls checked, none off-screen or overlapping" if not overlapping else "")


def main():
    os.makedirs(WORK, exist_ok=True)
    seed1 = os.path.join(SAMPLES, "seed-1.ghlog")
    plies = json.loads(gamehost("export", seed1))["result"]["plies"]
    seed1_html = export(seed1, "seed-1.html")
    driver = browser(1280, 900)
    try:
        open_file(driver, seed1_html)
        step_through_scores(driver, seed1, plies)
        lot = click_tower(driver, seed1, plies)
        if SHOTS and lot:
            driver.find_element(By.CSS_SELECTOR, f"#gh-why .gh-select[data-select='{lot}']").click()
            driver.execute_script("document.getAnimations().forEach(a => a.finish()); scrollTo(0, 0)")
            driver.save_screenshot(os.path.join(SHOTS, "web-replay.png"))
        for name in ("connect_four-seed-1.ghlog", "city_planning-seed-1.ghlog"):
            log = os.path.join(SAMPLES, name)
            html = export(log, name.replace(".ghlog", ".html"))
            open_file(driver, html)
            n = json.loads(gamehost("export", log))["result"]["plies"]
            check(ply_shown(driver) == n, f"{name}: opens at its end (ply {n}), shows {ply_shown(driver)}")
            press(driver, Keys.HOME)
            check(ply_shown(driver) == 0, f"{name}: Home goes to the start")
            shapes = driver.find_elements(By.CSS_SELECTOR, "#gh-board .gh-shape")
            check(len(shapes) > 0, f"{name}: the board is drawn")
            for _ in range(n):
                press(driver, Keys.ARROW_RIGHT)
            check(ply_shown(driver) == n, f"{name}: → steps to its end")
            check(driver.find_element(By.ID, "gh-board-text").get_attribute("textContent").strip() != "",
                  f"{name}: the board as text is there")
        check_review(driver)
    finally:
        driver.quit()
    # Scrollbars overlay the page, as on a phone.
    driver = browser(360, 780, "--hide-scrollbars")
    try:
        driver.set_window_size(360, 780)
        # The window's inner width is what the page lays out for.
        inner = driver.execute_script("return innerWidth")
        if inner != 360:
            driver.set_window_size(360 + (360 - inner), 780)
        check_phone(driver, seed1_html)
        if SHOTS:
            driver.save_screenshot(os.path.join(SHOTS, "web-phone.png"))
    finally:
        driver.quit()
    if failures:
        print(f"{len(failures)} failures")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
