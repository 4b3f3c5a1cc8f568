#!/usr/bin/python3
"""The page of `gamehost serve` in a real browser (docs/web.md, "The served page").

Starts the real `gamehost serve` and drives three headless Chromium windows
(Debian's chromium and chromium-driver, through python3-selenium):
- Red opens the lobby at /, creates a Connect Four game taking Red, the
  other seat open; the game page draws the plugin's scene;
- Yellow finds the game under "Open seats" and joins it by its button;
- a third window finds it under "In play" and watches;
- the two play by clicks on the columns' hit areas (only the marked legal
  targets are clicked), 13 plies: column a filled, then Red four in b;
- a click on the full column a shows the plugin's reason ("column a is full");
- ply 8 is played with the keyboard alone (the target focused, Enter);
- every window's move list has each ply, in order, after each move; every
  window sees the end ("Red wins") and the study view of the finished game
  with its moves; the downloads offered (no PPN for Connect Four); a
  review written beside the server's log shows in the study view after a
  reload (its graph, the verdict); the lobby lists the game as finished;
- Red plays a Connect Four game against a server engine (the lobby's
  "engine" seat) by clicks to its end: the log verifies, names the engine,
  and the page says its result;
- no script error in any console.
Exit 77 (skipped) when chromium, its driver or Selenium is missing.

Usage: serve_browser_test.py GAMEHOST WORK_DIR
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from servepage import By, Select, browser, start_server, text_of, wait  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402 (servepage skips the test without Selenium)

GAMEHOST, WORK = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def moves(driver):
    # Read in one script: the page may redraw between two WebDriver calls.
    return driver.execute_script("return [...document.querySelectorAll('#gh-moves li')].map((li) => li.textContent)")


def study_moves(driver):
    """The moves of the finished game's study view (without "Start")."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#gh-replay .gh-move[data-ply]')].slice(1).map((b) => b.textContent)")


def click_column(driver, col):
    """Clicks column `col` of the board (its hit area, one per column in order)."""
    rect = driver.find_element(By.CSS_SELECTOR, f'#gh-board .gh-hit[data-index="{col}"]')
    rect.click()


def against_engine(driver):
    """Red against a server engine (Yellow: mcts:iters=60), by clicks on the
    marked columns (the leftmost each time) to the end; the log verifies and
    the page says its result."""
    driver.get(URL + "/")
    wait(driver, lambda d: d.find_elements(By.ID, "gh-create-button"), "the create form")
    Select(driver.find_element(By.ID, "gh-type")).select_by_value("connect_four")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, 'select[data-seat="1"]'), "Connect Four's seats")
    Select(driver.find_element(By.CSS_SELECTOR, 'select[data-seat="1"]')).select_by_value("engine")
    spec = driver.find_element(By.CSS_SELECTOR, '[data-engine="1"]')
    spec.clear()
    spec.send_keys("mcts:iters=60")
    driver.find_element(By.ID, "gh-create-button").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-board svg"), "the board against the engine")
    game_id = re.search(r"#game=(.+)$", driver.current_url).group(1)
    clicks = 0
    while True:
        state = wait(driver, lambda d: ("over" if text_of(d, "gh-over") else None)
                     or (text_of(d, "gh-status") == "Your move" and d.find_elements(By.CSS_SELECTOR, "#gh-board .gh-target")
                         and "move"), "Red's turn or the end against the engine", timeout=60)
        if state == "over":
            break
        before = len(moves(driver))
        column = driver.execute_script(
            "return document.querySelector('#gh-board .gh-target').getAttribute('data-index')")
        driver.find_element(By.CSS_SELECTOR, f'#gh-board .gh-hit[data-index="{column}"]').click()
        clicks += 1
        wait(driver, lambda d: len(moves(d)) > before or text_of(d, "gh-over"), "the click's move")
    log = os.path.join(WORK, "serve-data", "games", game_id + ".ghlog")
    verified = subprocess.run([GAMEHOST, "verify", log], capture_output=True, text=True)
    check(verified.returncode == 0, f"the game against the engine verifies: {verified.stdout}{verified.stderr}")
    shown = subprocess.run([GAMEHOST, "show", log, "--color", "never"], capture_output=True, text=True).stdout
    result = re.search(r"^Result: (.+)$", shown, re.M).group(1)
    check(result in text_of(driver, "gh-over"), f"the page says {result!r}: {text_of(driver, 'gh-over')!r}")
    header = subprocess.run([GAMEHOST, "export", log, "--format", "json"], capture_output=True, text=True).stdout
    check("mcts:iters=60" in header, "the log names the server's engine")
    print(f"against the engine: {clicks} clicks, {result}")


def main():
    os.makedirs(WORK, exist_ok=True)
    global URL
    server, url = start_server(GAMEHOST, os.path.join(WORK, "serve-data"))
    URL = url
    red = yellow = watcher = None
    try:
        red, yellow, watcher = browser(), browser(), browser()
        # Red creates the game from the lobby.
        red.get(url + "/")
        wait(red, lambda d: d.find_elements(By.ID, "gh-create-button"), "the create form")
        Select(red.find_element(By.ID, "gh-type")).select_by_value("connect_four")
        wait(red, lambda d: d.find_elements(By.CSS_SELECTOR, 'select[data-seat="1"]'), "Connect Four's seats")
        Select(red.find_element(By.CSS_SELECTOR, 'select[data-seat="0"]')).select_by_value("me")
        Select(red.find_element(By.CSS_SELECTOR, 'select[data-seat="1"]')).select_by_value("open")
        red.find_element(By.ID, "gh-create-button").click()
        wait(red, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-board svg"), "Red's board")
        game_id = re.search(r"#game=(.+)$", red.current_url).group(1)
        check("You play Red" in red.find_element(By.ID, "gh-who").text, "Red's page says it plays Red")

        # Yellow joins from the lobby's open seats.
        yellow.get(url + "/")
        row = wait(yellow, lambda d: d.find_elements(By.CSS_SELECTOR, f'#gh-open tr[data-game="{game_id}"] .gh-join'),
                   "the game under Open seats")
        row[0].click()
        wait(yellow, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-board svg"), "Yellow's board")

        # The watcher finds it in play.
        watcher.get(url + "/")
        row = wait(watcher, lambda d: d.find_elements(By.CSS_SELECTOR, f'#gh-playing tr[data-game="{game_id}"] .gh-watch'),
                   "the game under In play")
        check("Connect Four" in watcher.find_element(By.CSS_SELECTOR, f'tr[data-game="{game_id}"]').text,
              "the lobby row names the game")
        row[0].click()
        wait(watcher, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-board svg"), "the watcher's board")
        check(watcher.find_element(By.ID, "gh-who").text == "Watching", "the watcher's page says Watching")

        columns = [0, 0, 0, 0, 0, 0, 1, 2, 1, 2, 1, 2, 1]  # a filled, then Red four in b
        for ply, col in enumerate(columns, start=1):
            mover, other = (red, yellow) if ply % 2 == 1 else (yellow, red)
            wait(mover, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-board .gh-target"), f"legal targets at ply {ply}")
            check(not other.find_elements(By.CSS_SELECTOR, "#gh-board .gh-target"),
                  f"ply {ply}: the seat not to move has no targets marked")
            if ply == 7:
                # Column a is full: the plugin's reason, no move.
                click_column(mover, 0)
                wait(mover, lambda d: text_of(d, "gh-message"), "the refusal")
                check(text_of(mover, "gh-message") == "column a is full",
                      f"the full column's click says why: {text_of(mover, 'gh-message')!r}")
                check(len(moves(mover)) == 6, "the refused click played nothing")
            targets = len(mover.find_elements(By.CSS_SELECTOR, "#gh-board .gh-target"))
            check(targets == (6 if ply > 6 else 7), f"ply {ply}: {targets} columns marked legal")
            if ply == 8:
                # The keyboard alone: the target takes the focus, Enter plays it.
                target = mover.find_element(By.CSS_SELECTOR, f'#gh-board .gh-target[data-index="{col}"]')
                check(target.get_attribute("tabindex") == "0", "a marked target is reached by Tab")
                target.send_keys(Keys.ENTER)
            else:
                click_column(mover, col)
            if ply == len(columns):
                break
            for d in (red, yellow, watcher):
                wait(d, lambda d: len(moves(d)) == ply, f"ply {ply} in every move list")
            if ply == len(columns) - 1:
                expected = moves(red)
                check(moves(yellow) == expected and moves(watcher) == expected, "the three move lists agree")
                check(expected[0] == "Red: a" and expected[-1] == "Yellow: c", f"the moves as played: {expected}")
        for d, name in ((red, "Red"), (yellow, "Yellow"), (watcher, "the watcher")):
            status = wait(d, lambda d: "Game over" in text_of(d, "gh-over") and text_of(d, "gh-over"),
                          f"the end for {name}")
            check("Red" in status, f"{name} sees Red win: {status!r}")
            # The finished game's study view lists every ply.
            studied = wait(d, lambda d: study_moves(d), f"{name}'s study view")
            check(len(studied) == len(columns) and studied[0] == "1. Red a" and studied[-1] == "13. Red b",
                  f"{name}'s study view lists the moves: {studied}")
        check(not red.find_elements(By.CSS_SELECTOR, '#gh-downloads a[data-format="ppn"]'),
              "no PPN offered for Connect Four")
        formats = sorted(a.get_attribute("data-format") for a in red.find_elements(By.CSS_SELECTOR, "#gh-downloads a"))
        check(formats == ["ghlog", "html", "json"], f"the downloads offered: {formats}")
        # A review beside the server's log shows in the study view: its
        # graph and the verdict on the ply shown.
        log = os.path.join(WORK, "serve-data", "games", game_id + ".ghlog")
        subprocess.run([GAMEHOST, "review", log, "--iters", "300", "-q", "--format", "none", "-j", "1"], check=True)
        watcher.refresh()
        wait(watcher, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-review .gh-graph-line"), "the review's graph")
        lines = len(watcher.find_elements(By.CSS_SELECTOR, "#gh-review .gh-graph-line"))
        check(lines == 2, f"the review's graph has a line per player ({lines})")
        verdict = wait(watcher, lambda d: text_of(d, "gh-verdict"), "the review's verdict")
        check("Red played b" in verdict, f"the verdict on the last move: {verdict!r}")
        # The lobby lists it as finished.
        watcher.get(url + "/")
        wait(watcher, lambda d: d.find_elements(By.CSS_SELECTOR, f'#gh-finished tr[data-game="{game_id}"]'),
             "the game under Finished")
        # With links to its files (Connect Four has no PPN export).
        links = [a.get_attribute("href") for a in
                 watcher.find_elements(By.CSS_SELECTOR, f'#gh-finished tr[data-game="{game_id}"] a.gh-download')]
        check(links == [f"{url}/games/{game_id}.ghlog", f"{url}/games/{game_id}.json"],
              f"the finished game's download links: {links}")
        against_engine(red)
        for d, name in ((red, "Red"), (yellow, "Yellow"), (watcher, "the watcher")):
            # The page's probe of a PPN download Connect Four does not have: an HTTP error, not a script error.
            errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE"
                      and not (e.get("source") == "network" and ".ppn - " in e["message"])]
            check(not errors, f"no script error in {name}'s console: {errors}")
    finally:
        for d in (red, yellow, watcher):
            if d:
                d.quit()
        server.terminate()
        server.wait(10)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")
    print("the served page: a Connect Four game created, joined, watched and played by clicks")


main()
