#!/usr/bin/python3
"""An Alien City game on the page of `gamehost serve`, in real browsers
(docs/web.md, "The served page"):
- White creates the game in the lobby, Black joins it from "Open seats",
  a phone-sized window (360 px wide, Chromium's device emulation) watches
  it from "In play";
- the two play the whole game by clicks: a marked lot on the board, then a
  piece from the picker when the lot allows several (seeded random choices);
  every window follows every ply;
- the server's log verifies (`gamehost verify`), and every window's end
  says the result `gamehost show` prints;
- the finished game's study view: its score at the end and at a ply reached
  by the keys and the buttons equals `gamehost show --ply N`'s; a tower
  picked draws its scoring paths and says why it scores; Escape clears;
- the downloads: the .ghlog byte for byte the server's log, the JSON its
  record, the PPN, the one-file replay;
- the phone: on the lobby, the game in play and the study view nothing
  scrolls sideways, every control is inside the 360 px and no two controls
  overlap (element boxes); screenshots kept;
- no script error in any console.
Prints the page's own timings (first paint, board painted, click to
redrawn board): reported, not asserted (docs/performance.md).
Exit 77 (skipped) when chromium, its driver or Selenium is missing.

Usage: serve_alien_city_test.py GAMEHOST WORK_DIR [--screenshots DIR] [--seed N]
"""
import json
import os
import random
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from servepage import (By, Checks, script_errors, browser, create_game, fetch, finished, join_from_lobby,  # noqa: E402
                       gamehost_output, play_one, plies_of, start_server, text_of, wait, watch_from_lobby)
from selenium.webdriver.common.keys import Keys  # noqa: E402

GAMEHOST, WORK = sys.argv[1], sys.argv[2]
SHOTS = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
SEED = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 5
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
check = Checks()


def gamehost(*args):
    return gamehost_output(GAMEHOST, *args)


def show_score(log, ply):
    text = gamehost("show", log, "--ply", str(ply), "--color", "never")
    return text.split("\nScore:\n", 1)[1].split("\nResult: ", 1)[0].rstrip("\n")


# The phone's layout, from the element boxes: the page as wide as the
# window, and every visible control inside it and clear of the others.
LAYOUT = """
const width = document.documentElement.clientWidth;
const boxes = [];
for (const e of document.querySelectorAll('button, a, input, select, svg.gh-scene, .gh-clock')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
  boxes.push({what: e.tagName + '#' + (e.id || e.textContent.trim().slice(0, 20)), l: r.left, r: r.right, t: r.top, b: r.bottom,
              scene: e.tagName.toLowerCase() === 'svg', inside: e.closest('svg') !== null});
}
const off = boxes.filter((b) => b.l < -0.5 || b.r > width + 0.5).map((b) => b.what);
const overlap = [];
const controls = boxes.filter((b) => !b.scene && !b.inside);
for (let i = 0; i < controls.length; ++i) for (let j = i + 1; j < controls.length; ++j) {
  const a = controls[i], c = controls[j];
  if (Math.min(a.r, c.r) - Math.max(a.l, c.l) > 1 && Math.min(a.b, c.b) - Math.max(a.t, c.t) > 1) overlap.push(a.what + ' / ' + c.what);
}
return {scroll: document.documentElement.scrollWidth, width: width, off: off, overlap: overlap, count: boxes.length};"""


def phone_size(driver, height):
    """A phone's screen, 360 px wide (Chromium's device emulation: a
    headless window is not made narrower than 500 px)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 360, "height": height, "deviceScaleFactor": 1, "mobile": True})


def phone_layout(driver, where, shot):
    got = driver.execute_script(LAYOUT)
    check(got["width"] == 360, f"{where}: the window is 360 px wide ({got['width']})")
    check(got["scroll"] <= got["width"], f"{where}: nothing scrolls sideways ({got['scroll']} > {got['width']})")
    check(not got["off"], f"{where}: controls off-screen: {got['off']}")
    check(not got["overlap"], f"{where}: controls overlapping: {got['overlap']}")
    check(got["count"] >= 3, f"{where}: the layout check sees the controls ({got['count']})")
    driver.save_screenshot(os.path.join(WORK, shot))
    if SHOTS:
        # The whole page's height, for the picture.
        height = driver.execute_script("return document.documentElement.scrollHeight")
        phone_size(driver, min(max(height, 640), 2400))
        driver.save_screenshot(os.path.join(SHOTS, shot))
        phone_size(driver, 740)


def timings(driver):
    return driver.execute_script("""
        const at = (name) => { const p = performance.getEntriesByName(name)[0]; return p ? p.startTime : -1; };
        return {paint: at('first-contentful-paint'), board: at('gh-board-painted'),
                moves: performance.getEntriesByName('gh-click-to-board').map((m) => m.duration),
                answers: performance.getEntriesByName('gh-click-to-answer').map((m) => m.duration),
                drawn: performance.getEntriesByName('gh-click-to-drawn').map((m) => m.duration),
                painted: performance.getEntriesByName('gh-click-to-paint').map((m) => m.duration)};""")


def fresh_load(driver, page):
    """Loads `page` as a new document (not a jump within the one shown) and
    returns the page's timings once its board is painted."""
    driver.get("about:blank")
    driver.get(page)
    return wait(driver, lambda d: (t := timings(d))["board"] >= 0 and t, f"the board painted at {page}")


def study_at(driver, ply):
    return wait(driver, lambda d: re.match(rf"Ply {ply} of", text_of(d, "gh-ply")), f"the study view at ply {ply}")


def main():
    os.makedirs(WORK, exist_ok=True)
    data = os.path.join(WORK, "serve-data")
    server, url = start_server(GAMEHOST, data)
    rng = random.Random(SEED)
    white = black = phone = None
    try:
        white, black, phone = browser(), browser(), browser()
        phone_size(phone, 740)
        game_id = create_game(white, url, "alien_city", ["me", "open"])
        join_from_lobby(black, url, game_id)
        # The phone's lobby lists the game in play (a row with its buttons).
        phone.get(url + "/")
        wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, f'#gh-playing tr[data-game="{game_id}"] .gh-watch')
             and d.find_elements(By.ID, "gh-create-button"), "the lobby on the phone")
        phone_layout(phone, "the lobby at 360 px", "web-serve-lobby-phone.png")
        watch_from_lobby(phone, url, game_id)
        check(text_of(phone, "gh-who") == "Watching", "the phone watches")

        players = (white, black)
        ply = 0
        while True:
            mover = wait(white, lambda d: next((p for p in players if text_of(p, "gh-status") == "Your move"), None)
                         or (finished(white) and "over"), f"a seat to move after ply {ply}")
            if mover == "over":
                break
            other = black if mover is white else white
            check(not other.find_elements(By.CSS_SELECTOR, "#gh-board .gh-target"),
                  f"ply {ply + 1}: the seat not to move has no targets marked")
            what = play_one(mover, rng)
            check(what is not None, f"ply {ply + 1}: the seat to move has something to click")
            for d in (white, black, phone):
                wait(d, lambda d: plies_of(d) > ply or finished(d), f"ply {ply + 1} on every page")
            ply = plies_of(white)
            if ply == 6:
                in_play = fresh_load(phone, url + "/#game=" + game_id)
                phone_layout(phone, "the game in play at 360 px", "web-serve-game-phone.png")
        log = os.path.join(data, "games", game_id + ".ghlog")
        verified = gamehost("verify", log)
        shown = gamehost("show", log, "--color", "never")
        result = re.search(r"^Result: (.+)$", shown, re.M).group(1)
        plies = int(re.search(r"(\d+) plies verified", verified).group(1))
        check(plies == ply, f"the log's {plies} plies are the {ply} the pages followed")
        print(f"game {game_id}: {plies} plies, {result}", flush=True)
        for d, name in ((white, "White"), (black, "Black"), (phone, "the phone")):
            over = wait(d, lambda d: text_of(d, "gh-over"), f"the end for {name}")
            check(result in over, f"{name} sees the result {result!r}: {over!r}")
            # The study view: the replay of the finished game, at its end.
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-replay .gh-move"), f"{name}'s study view")
            study_at(d, plies)
            score = d.execute_script("return document.getElementById('gh-score').textContent")
            check(NUMBER.findall(score) == NUMBER.findall(show_score(log, plies)),
                  f"{name}: the final score {NUMBER.findall(score)} is show's {NUMBER.findall(show_score(log, plies))}")
            check(plies_of(d) == plies, f"{name}'s study view lists {plies_of(d)} plies, the log {plies}")

        kept = os.path.join(data, "games", game_id + ".replay.json")
        check(os.path.exists(kept), "the replay's data is kept beside the log, made once for every window")
        # Stepping: the keys, then the buttons; the score at each stop is show's.
        body = white.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.HOME)
        study_at(white, 0)
        for _ in range(3):
            body.send_keys(Keys.ARROW_RIGHT)
        study_at(white, 3)
        body.send_keys(Keys.ARROW_LEFT)
        study_at(white, 2)
        white.find_element(By.ID, "gh-last").click()
        study_at(white, plies)
        white.find_element(By.ID, "gh-back").click()
        study_at(white, plies - 1)
        score = white.execute_script("return document.getElementById('gh-score').textContent")
        check(NUMBER.findall(score) == NUMBER.findall(show_score(log, plies - 1)),
              f"ply {plies - 1}: the score {NUMBER.findall(score)} is show's")
        white.find_element(By.ID, "gh-forward").click()
        study_at(white, plies)

        # The scoring paths of the default view, and why a tower scores.
        streets = white.execute_script(
            "return document.querySelectorAll('#gh-replay #gh-board [data-layer=\"streets\"] > *').length")
        check(streets > 0, f"the final board draws the street network, a default overlay ({streets} shapes)")
        check(not white.find_elements(By.CSS_SELECTOR, "#gh-board .gh-path"), "no scoring path before a tower is picked")
        select = white.find_elements(By.CSS_SELECTOR, "#gh-why-body .gh-select")
        check(select, "the study view offers the towers to select")
        if select:
            tower = select[0].get_attribute("data-select")
            select[0].click()
            captions = wait(white, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-why-body .gh-captions li"),
                            f"why {tower} scores")
            check(all("=" in c.text for c in captions), f"the captions say the sums: {[c.text for c in captions]}")
            paths = len(white.find_elements(By.CSS_SELECTOR, "#gh-board .gh-path"))
            check(paths >= len(captions), f"{tower}'s scoring paths drawn: {paths} for {len(captions)} captions")
            body.send_keys(Keys.ESCAPE)
            wait(white, lambda d: not d.find_elements(By.CSS_SELECTOR, "#gh-why-body .gh-captions li")
                 and not d.find_elements(By.CSS_SELECTOR, "#gh-board .gh-path"), "Escape clears")

        # The downloads.
        links = {a.get_attribute("data-format"): a.get_attribute("href")
                 for a in white.find_elements(By.CSS_SELECTOR, "#gh-downloads a")}
        check(sorted(links) == ["ghlog", "html", "json", "ppn"], f"the downloads offered: {sorted(links)}")
        size = white.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch(arguments[0]).then((r) => r.arrayBuffer()).then((b) => done(b.byteLength)).catch(() => done(-1));""",
                                          f"/games/{game_id}.ghlog")
        check(size == os.path.getsize(log), f"the .ghlog download is the server's log ({size} bytes)")
        status, kind, text = fetch(white, f"/games/{game_id}.json")
        record = json.loads(text) if status == 200 else {}
        check(record.get("header", {}).get("game_id") == "alien_city" and len(record.get("plies", [])) == plies,
              f"the JSON download is the record ({status}, {kind})")
        status, kind, text = fetch(white, f"/games/{game_id}.ppn")
        check(status == 200 and text.startswith("---"), f"the PPN download ({status}): {text[:60]!r}")
        status, kind, text = fetch(white, f"/games/{game_id}.html")
        check(status == 200 and 'id="gh-game"' in text and "text/html" in kind, f"the one-file replay ({status}, {kind})")
        status, _, text = fetch(white, "/games/no-such-game.ppn")
        check(status == 404 and "no finished game 'no-such-game'" in text, f"an unknown game's file: {status} {text!r}")

        phone.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)
        study_at(phone, 0)
        phone.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
        study_at(phone, plies)
        phone.execute_script("window.scrollTo(0, 0)")
        phone_layout(phone, "the study view at 360 px", "web-serve-study-phone.png")

        for d, name in ((white, "White"), (black, "Black"), (phone, "the phone")):
            errors = script_errors(d)
            check(not errors, f"no script error in {name}'s console: {errors}")
        clicks = timings(white)["moves"] + timings(black)["moves"]
        answers = sorted(timings(white)["answers"] + timings(black)["answers"])
        drawn = sorted(timings(white)["drawn"] + timings(black)["drawn"])
        painted = sorted(timings(white)["painted"] + timings(black)["painted"])
        over = fresh_load(black, url + "/#game=" + game_id)
        print(f"timings: the game page loaded afresh, in play (the phone, watching at ply 6): first contentful paint "
              f"{in_play['paint']:.0f} ms, board painted {in_play['board']:.0f} ms; finished: first contentful paint "
              f"{over['paint']:.0f} ms, board painted {over['board']:.0f} ms", flush=True)
        if clicks:
            clicks.sort()
            print(f"timings: click to redrawn board over {len(clicks)} moves: median "
                  f"{statistics.median(clicks):.0f} ms, 90th percentile {clicks[int(len(clicks) * 0.9)]:.0f} ms, "
                  f"max {clicks[-1]:.0f} ms; of which the server's answer (click to MoveMade received): median "
                  f"{statistics.median(answers):.0f} ms, 90th percentile {answers[int(len(answers) * 0.9)]:.0f} ms; "
                  f"to the board's DOM updated: median {statistics.median(drawn):.0f} ms, 90th percentile "
                  f"{drawn[int(len(drawn) * 0.9)]:.0f} ms; to the frame painting it made: median "
                  f"{statistics.median(painted):.0f} ms, 90th percentile {painted[int(len(painted) * 0.9)]:.0f} ms",
                  flush=True)
        check(len(clicks) == plies, f"every move's click-to-board time measured ({len(clicks)} of {plies})")
    finally:
        for d in (white, black, phone):
            if d:
                d.quit()
        server.terminate()
        server.wait(10)
    check.exit("the served page: an Alien City game played by clicks, watched on a phone, studied and downloaded")


main()
