#!/usr/bin/python3
"""A game in play on the page of `gamehost serve`, in a real browser
(docs/web.md, "The served page"):
- why it scores: White plays Alien City by clicks against a server engine;
  a click on a tower that scores (a hit area with a select, not a target;
  `show` lists a route from it) draws its
  scoring paths, one per route `gamehost show` lists for it in the
  server's log at that ply, drawn as they arrive (gh-path-new), with the
  plugin's captions under "Why it scores" and the tower's button pressed;
  a second click clears it, as Escape does after the button picked it
  again; a selection kept over White's next move is drawn in the scene of
  the position after it (the server keeps it: Select);
- the animations: the engine's moves on White's page, seen by a
  MutationObserver: its new piece arrives by its Motion (gh-enter-*), the
  street lots it built on leave by theirs (gh-leaving, data-left
  "street:…"), and no shape the move did not change is drawn again;
- the replay off the network thread: two engines play a game to its end;
  while the server makes its /games/ID.replay.json (the copy kept beside
  the log removed) and /games/ID.html, a WebSocket Ping is answered at
  once, before either file (the time of each printed);
- no script error in the console.
Exit 77 (skipped) when chromium, its driver or Selenium is missing.

Usage: serve_live_test.py GAMEHOST WORK_DIR
"""
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from servepage import (By, Checks, gamehost_output, Select, browser, fetch, finished, play_one, plies_of,  # noqa: E402
                       script_errors, start_server, text_of, unstale, wait)
from selenium.webdriver.common.keys import Keys  # noqa: E402

GAMEHOST, WORK = sys.argv[1], sys.argv[2]
check = Checks()


def gamehost(*args):
    return gamehost_output(GAMEHOST, *args)


def routes_of(log, ply, lot):
    """How many routes `gamehost show` lists from the tower on `lot`."""
    text = gamehost("show", log, "--ply", str(ply), "--color", "never")
    routes = text.split("\nRoutes:\n", 1)[1]
    return sum(1 for line in routes.splitlines() if line.strip().startswith(lot + " -> "))


def create(driver, url, seats, engines):
    """Creates an Alien City game in the lobby's form: each seat "me" or
    "engine" with its spec. Returns the game's id once its page shows."""
    driver.get(url + "/")
    wait(driver, lambda d: d.find_elements(By.ID, "gh-create-button"), "the create form")
    unstale(lambda: Select(driver.find_element(By.ID, "gh-type")).select_by_value("alien_city"))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, 'select[data-seat="1"]'), "the seats")
    for i, who in enumerate(seats):
        unstale(lambda: Select(driver.find_element(By.CSS_SELECTOR, f'select[data-seat="{i}"]')).select_by_value(who))
        if who == "engine":
            field = driver.find_element(By.CSS_SELECTOR, f'input[data-engine="{i}"]')
            field.clear()
            field.send_keys(engines)
    driver.find_element(By.ID, "gh-create-button").click()
    wait(driver, lambda d: re.search(r"#game=.+$", d.current_url) and d.find_elements(By.CSS_SELECTOR, "#gh-board svg, #gh-replay"),
         "the new game's page")
    return re.search(r"#game=(.+)$", driver.current_url).group(1)


# What the board's <svg> went through, recorded by a MutationObserver: the
# shapes added (their ids and classes), those that began to leave, and the
# paths drawn as they arrive.
OBSERVE = """
window.ghSeen = [];
const board = document.getElementById('gh-board');
new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === 'attributes' && r.target.classList && r.target.classList.contains('gh-leaving'))
      window.ghSeen.push({ply: document.querySelectorAll('#gh-moves li').length, kind: 'leaving', id: r.target.getAttribute('data-left')});
    for (const n of r.addedNodes || []) {
      if (!n.classList) continue;
      const ply = document.querySelectorAll('#gh-moves li').length;
      if (n.classList.contains('gh-shape'))
        window.ghSeen.push({ply: ply, kind: [...n.classList].find((c) => c.startsWith('gh-enter-')) || 'drawn', id: n.getAttribute('data-id')});
      if (n.classList.contains('gh-paths')) for (const p of n.querySelectorAll('.gh-path-new'))
        window.ghSeen.push({ply: ply, kind: 'path-new', id: p.getAttribute('data-path')});
    }
  }
}).observe(board, {subtree: true, childList: true, attributes: true, attributeFilter: ['class']});
return true;"""


RECORDS = []  # every record the page's observer made


def seen(driver):
    """The observer's records since the last call (all are kept in RECORDS)."""
    got = driver.execute_script("const s = window.ghSeen || []; window.ghSeen = []; return s;")
    RECORDS.extend(got)
    return got


def my_move(driver):
    return text_of(driver, "gh-status") == "Your move"


def tower_to_select(driver, log):
    """A tower whose hit area is no target (a click there selects it) and
    from which `show` lists a route, or None."""
    towers = driver.execute_script("""
        return [...document.querySelectorAll('#gh-board .gh-hit.gh-selectable')]
          .filter((e) => !e.classList.contains('gh-target')).map((e) => e.getAttribute('data-select'));""")
    ply = plies_of(driver)
    return next((lot for lot in towers if routes_of(log, ply, lot) > 0), None)


def click_hit(driver, lot):
    driver.find_element(By.CSS_SELECTOR, f'#gh-board .gh-hit[data-select="{lot}"]').click()


def paths(driver):
    return len(driver.find_elements(By.CSS_SELECTOR, "#gh-board .gh-path"))


def why_it_scores(driver, log, lot):
    ply = plies_of(driver)
    expected = routes_of(log, ply, lot)
    check(expected > 0, f"ply {ply}: show lists routes from the tower on {lot} ({expected})")
    check(paths(driver) == 0, "no scoring path before a tower is clicked")
    seen(driver)
    click_hit(driver, lot)
    wait(driver, lambda d: paths(d) > 0, f"the scoring paths of {lot}")
    drawn = paths(driver)
    print(f"ply {ply}: tower {lot} clicked in play: {drawn} paths drawn, show lists {expected} routes", flush=True)
    check(drawn == expected, f"ply {ply}, tower {lot}: {drawn} paths drawn, show lists {expected} routes")
    captions = [c.text for c in driver.find_elements(By.CSS_SELECTOR, "#gh-why-body .gh-captions li")]
    on_board = len(driver.find_elements(By.CSS_SELECTOR, "#gh-board .gh-path .gh-caption"))
    check(len(captions) == on_board and all("=" in c for c in captions),
          f"the plugin's captions under Why it scores, as on the board ({on_board}): {captions}")
    check(lot in text_of(driver, "gh-why-body"), f"the selection is named ({text_of(driver, 'gh-why-body')!r})")
    pressed = [b.get_attribute("data-select") for b in driver.find_elements(By.CSS_SELECTOR, "#gh-why-body .gh-select[aria-pressed='true']")]
    check(pressed == [lot], f"the tower's button is pressed: {pressed}")
    arrived = [s["id"] for s in seen(driver) if s["kind"] == "path-new"]
    check(len(arrived) == drawn, f"the paths are drawn as they arrive ({len(arrived)} of {drawn})")
    # A second click clears; the button picks it again; Escape clears.
    click_hit(driver, lot)
    wait(driver, lambda d: paths(d) == 0 and not d.find_elements(By.CSS_SELECTOR, "#gh-why-body .gh-captions li"),
         "a second click clears the selection")
    driver.find_element(By.CSS_SELECTOR, f'#gh-why-body .gh-select[data-select="{lot}"]').click()
    wait(driver, lambda d: paths(d) == drawn, "the tower picked by its button")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    wait(driver, lambda d: paths(d) == 0, "Escape clears the selection")
    return drawn


def check_opponent_moves(records, engine_plies, moves):
    """The engine's moves as White's page drew them."""
    by_ply = {}
    for r in records:
        by_ply.setdefault(r["ply"], []).append(r)
    entered = left = 0
    for ply in engine_plies:
        got = by_ply.get(ply, [])
        enter = [r for r in got if r["kind"].startswith("gh-enter-")]
        leaving = [r for r in got if r["kind"] == "leaving" and (r["id"] or "").startswith("street:")]
        redrawn = [r for r in got if r["kind"] == "drawn"]
        entered += bool(enter or [r for r in got if r["kind"] == "leaving"])
        left += bool(leaving)
        check(len(redrawn) + len(enter) < 40, f"ply {ply}: the move drew {len(redrawn) + len(enter)} shapes, not the board")
    print(f"the engine's {len(engine_plies)} moves on White's page: {entered} animated (a piece arriving or changing), "
          f"{left} with street lots leaving", flush=True)
    check(engine_plies and entered == len(engine_plies), f"each engine move is animated ({entered} of {len(engine_plies)})")
    check(left > 0, f"the street network's changes are animated ({left} moves with street lots leaving)")


def replay_off_the_network_thread(driver, url, data):
    game_id = create(driver, url, ["engine", "engine"], "random")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-replay .gh-move"), "the engines' game finished and its study view",
         timeout=120)
    kept = os.path.join(data, "games", game_id + ".replay.json")
    check(os.path.exists(kept), "the study view's replay is kept beside the log")
    os.remove(kept)
    got = driver.execute_async_script("""
        const done = arguments[arguments.length - 1], id = arguments[0];
        const ws = new WebSocket('ws://' + location.host + '/ws?format=json');
        const t = {};
        let t0 = 0;
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.pong) { t.pong = performance.now() - t0; return; }
          if (!m.welcome) return;
          // The two files asked for, then the Ping while they are made.
          t0 = performance.now();
          const get = (path, key) => fetch(path).then((r) => r.text()).then((body) => {
            t[key] = performance.now() - t0;
            t[key + '_bytes'] = body.length;
          });
          const files = Promise.all([get('/games/' + id + '.replay.json', 'replay'), get('/games/' + id + '.html', 'html')]);
          setTimeout(() => { t.sent = performance.now() - t0; ws.send(JSON.stringify({id: 7, ping: {nonce: 41}})); }, 50);
          files.then(() => done(t));
        };
        setTimeout(() => done(t), 50000);""", game_id)
    print(f"replay made off the network thread: replay.json {got.get('replay', -1):.0f} ms "
          f"({got.get('replay_bytes', 0)} bytes), .html {got.get('html', -1):.0f} ms; a Ping sent at "
          f"{got.get('sent', -1):.0f} ms answered at {got.get('pong', -1):.0f} ms", flush=True)
    check("pong" in got and "replay" in got and "html" in got, f"the Ping and both files answered: {got}")
    if "pong" in got and "replay" in got:
        check(got["pong"] < min(got["replay"], got["html"]),
              f"the Ping is answered while the replay is made ({got['pong']:.0f} ms, the files at "
              f"{got['replay']:.0f} and {got['html']:.0f} ms)")
    check(os.path.exists(kept), "the replay made again is kept")


def main():
    os.makedirs(WORK, exist_ok=True)
    data = os.path.join(WORK, "serve-data")
    server, url = start_server(GAMEHOST, data)
    rng = random.Random(7)
    white = None
    try:
        white = browser()
        game_id = create(white, url, ["me", "engine"], "random")
        log = os.path.join(data, "games", game_id + ".ghlog")
        white.execute_script(OBSERVE)
        observed_from = plies_of(white) + 1
        selected_over_move = False
        chosen = None
        while plies_of(white) < 60:
            wait(white, lambda d: my_move(d) or finished(d), "White's turn")
            if finished(white):
                break
            ply = plies_of(white)
            lot = tower_to_select(white, log) if not chosen and ply >= 6 else None
            if lot:
                chosen = why_it_scores(white, log, lot)
                # Selected, then White moves: the scene after it is drawn with the selection.
                click_hit(white, lot)
                wait(white, lambda d: paths(d) > 0, "the tower selected again")
                play_one(white, rng)
                wait(white, lambda d: plies_of(d) > ply, "White's move with a tower selected")
                after = plies_of(white)
                expected = routes_of(log, after, lot)
                wait(white, lambda d: paths(d) == expected, f"ply {after}: {expected} paths of {lot} after the move")
                selected_over_move = True
                white.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
                wait(white, lambda d: paths(d) == 0, "Escape clears")
                continue
            if chosen and ply >= 16:
                break
            play_one(white, rng)
            wait(white, lambda d: plies_of(d) > ply or finished(d), f"ply {ply + 1}")
        check(chosen, "a tower stood on White's board to click")
        check(selected_over_move, "a selection kept over a move")
        seen(white)
        moves = white.execute_script("return [...document.querySelectorAll('#gh-moves li')].map((li) => li.textContent)")
        engine_plies = [i + 1 for i, m in enumerate(moves) if m.startswith("Black") and i + 1 >= observed_from]
        check_opponent_moves(RECORDS, engine_plies, moves)
        errors = script_errors(white)
        check(not errors, f"no script error in the console: {errors}")

        replay_off_the_network_thread(white, url, data)
        errors = script_errors(white)
        check(not errors, f"no script error in the console: {errors}")
    finally:
        if white:
            white.quit()
        server.terminate()
        server.wait(10)
    check.exit("the served page in play: why a tower scores, the opponent's moves animated, the replay made aside")


main()
