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
- every window's move list has each ply, in order, after each move; the
  watcher sees the end ("Red wins"), and the lobby lists it as finished;
- no script error in any console.
Exit 77 (skipped) when chromium, its driver or Selenium is missing.

Usage: serve_browser_test.py GAMEHOST WORK_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    print("skipped: python3-selenium is not installed")
    sys.exit(77)

GAMEHOST, WORK = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def browser():
    if not shutil.which("chromium") or not shutil.which("chromedriver"):
        print("skipped: chromium or chromium-driver is not installed")
        sys.exit(77)
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", "--window-size=1100,1200"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)


def wait(driver, condition, what, timeout=20):
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: condition(d))
    except Exception:
        sys.exit(f"timed out waiting for {what}; page text:\n{driver.find_element(By.TAG_NAME, 'body').text}")


def moves(driver):
    # Read in one script: the page may redraw between two WebDriver calls.
    return driver.execute_script("return [...document.querySelectorAll('#gh-moves li')].map((li) => li.textContent)")


def text_of(driver, element_id):
    return driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.textContent : ''", element_id)


def start_server():
    data = os.path.join(WORK, "serve-data")
    shutil.rmtree(data, ignore_errors=True)
    proc = subprocess.Popen([GAMEHOST, "serve", "--port", "0", "--data", data],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    for line in proc.stdout:
        lines.append(line)
        m = re.search(r"at (http://[^/ ]+)/", line)
        if m:
            return proc, m.group(1)
    sys.exit("gamehost serve stopped before listening:\n" + "".join(lines))


def click_column(driver, col):
    """Clicks column `col` of the board (its hit area, one per column in order)."""
    rect = driver.find_element(By.CSS_SELECTOR, f'#gh-board .gh-hit[data-index="{col}"]')
    rect.click()


def main():
    os.makedirs(WORK, exist_ok=True)
    server, url = start_server()
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
            click_column(mover, col)
            for d in (red, yellow, watcher):
                wait(d, lambda d: len(moves(d)) == ply, f"ply {ply} in every move list")
        expected = moves(red)
        check(moves(yellow) == expected and moves(watcher) == expected, "the three move lists agree")
        check(expected[0] == "Red: a" and expected[-1] == "Red: b", f"the moves as played: {expected}")
        for d, name in ((red, "Red"), (yellow, "Yellow"), (watcher, "the watcher")):
            status = wait(d, lambda d: "Game over" in text_of(d, "gh-status") and text_of(d, "gh-status"),
                          f"the end for {name}")
            check("Red" in status, f"{name} sees Red win: {status!r}")
        # The lobby lists it as finished.
        watcher.get(url + "/")
        wait(watcher, lambda d: d.find_elements(By.CSS_SELECTOR, f'#gh-finished tr[data-game="{game_id}"]'),
             "the game under Finished")
        # With links to its files (Connect Four has no PPN export).
        links = [a.get_attribute("href") for a in
                 watcher.find_elements(By.CSS_SELECTOR, f'#gh-finished tr[data-game="{game_id}"] a.gh-download')]
        check(links == [f"{url}/games/{game_id}.ghlog", f"{url}/games/{game_id}.json"],
              f"the finished game's download links: {links}")
        for d, name in ((red, "Red"), (yellow, "Yellow"), (watcher, "the watcher")):
            errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE"]
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
