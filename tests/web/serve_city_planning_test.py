#!/usr/bin/python3
"""A City Planning game (hidden hands, secret draws) on the page of
`gamehost serve`, in real browsers (docs/web.md, "The served page"):
- A creates the game in the lobby, B joins it, a third window watches;
- the two play the whole game by clicks (board targets, the picker, the
  move buttons for what no board click reaches; no pass while another
  move is legal, so the game is long), every window following every ply;
- the secrecy check: every WebSocket frame each browser received, and the
  page itself (its whole HTML: the SVG's shapes, titles and text, the
  panels, the text board) at every ply of the game, are searched for the
  tiles of the hands that browser may not see at that ply (known from the
  finished log through `gamehost show --as`); none is found. The search
  knows the scene: a board point (H12, "on C3", "stone:C3") is not a tile;
  a coin's shape ("coin:M4"), a tooltip, a panel line, a label are;
- the check can fail: each seat's own hand is found in what it received;
- the log verifies; no script error in any console.
Exit 77 (skipped) when chromium, its driver or Selenium is missing.

Usage: serve_city_planning_test.py GAMEHOST WORK_DIR [--seed N]
"""
import json
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "server"))
from secrecy import frame_ply  # noqa: E402 (the server tests' reading of a frame's ply)
from servepage import (By, Checks, script_errors, browser, create_game, finished, frames_received, join_from_lobby,  # noqa: E402
                       play_one, plies_of, start_server, text_of, wait, watch_from_lobby)

GAMEHOST, WORK = sys.argv[1], sys.argv[2]
SEED = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 9
# A tile (suit letter, value 0-5) as the game writes it: "M4", "coin:M4",
# "Zone S2", "built S3". Not one: a point after "on ", "at ", "@",
# "stone:" or "point:" (the board's points are letter and number too), a
# rule's number "(C17)" (two digits), a longer word.
TILE = re.compile(r"(?<![@\w])(?<!on )(?<!at )(?<!stone:)(?<!point:)[CSMA][0-5](?!\w)")
check = Checks()


def seat_views(log, plies):
    """Per ply: each seat's tiles it may see there (show --as: its hand, the
    face-up tiles, the board, the legend), and each hand."""
    views = []
    for ply in range(plies + 1):
        seen, hands = {}, {}
        for seat in ("A", "B"):
            out = subprocess.run([GAMEHOST, "show", log, "--ply", str(ply), "--as", seat, "--color", "never"],
                                 capture_output=True, text=True, check=True).stdout
            seen[seat] = set(TILE.findall(out))
            hands[seat] = set(TILE.findall(re.search(rf"^hand {seat}: (.*)$", out, re.M).group(1)))
        views.append((seen, hands))
    return views


def secret_for(views, ply, who):
    seen, hands = views[min(ply, len(views) - 1)]
    if who == "spectator":
        return (hands["A"] | hands["B"]) - (seen["A"] & seen["B"])
    other = "B" if who == "A" else "A"
    return hands[other] - seen[who]


# Scene fields that name no tile: a hit area's `hover` is the board point
# it stands on ("S5" is a point as well as a tile) and `refusal_code` the
# rule a refused click breaks ("C5"); the page writes the first as a hit
# rectangle's data-hover. A refusal's text names its hit area's point.
NOT_TILES = {"hover", "refusal_code"}
HOVER_ATTRIBUTE = re.compile(r' data-hover="[^"]*"')


def tiles_in_frame(frame):
    """The tiles a frame names, its scene (or the scene's changes) read as
    a scene (NOT_TILES)."""
    named = set()

    def walk(value):
        if isinstance(value, dict):
            if "refusal" in value and "hover" in value:
                # A hit area's refusal speaks of its own point and cites a
                # ruling: "ruling C5 (rule 3.3): T2 is not adjacent to any stone".
                value = dict(value)
                value["refusal"] = re.sub(rf"\bruling [CSMA]\d+\b|\b{re.escape(value['hover'])}\b", "",
                                          value["refusal"]) if value["hover"] else value["refusal"]
            for key, item in value.items():
                if key == "scene_changes" and item:
                    walk(json.loads(item))  # a scene's changes: JSON in a string (Hello.scene_changes)
                elif key not in NOT_TILES:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            named.update(TILE.findall(value))
    walk(json.loads(frame))
    return named


def tiles_in_page(html):
    return set(TILE.findall(HOVER_ATTRIBUTE.sub("", html)))


def where(text, tiles):
    """Where the first of `tiles` is named in `text`, with some context."""
    for m in TILE.finditer(text):
        if m.group(0) in tiles:
            return repr(text[max(0, m.start() - 150):m.end() + 60])
    return ""


# The page's whole HTML and the SVG's live text (titles are tooltips).
PAGE_TEXT = "return document.documentElement.outerHTML"


def main():
    os.makedirs(WORK, exist_ok=True)
    data = os.path.join(WORK, "serve-data")
    server, url = start_server(GAMEHOST, data)
    rng = random.Random(SEED)
    a = b = watcher = None
    pages = {"A": [], "B": [], "spectator": []}  # (ply, tiles named in the page)
    try:
        a, b, watcher = browser(frames=True), browser(frames=True), browser(frames=True)
        game_id = create_game(a, url, "city_planning", ["me", "open"])
        join_from_lobby(b, url, game_id)
        watch_from_lobby(watcher, url, game_id)
        windows = (("A", a), ("B", b), ("spectator", watcher))
        players = (a, b)
        ply = moves = 0
        while True:
            for who, d in windows:
                if not finished(d):
                    html = d.execute_script(PAGE_TEXT)
                    named = tiles_in_page(html)
                    pages[who].append((plies_of(d), named, html if named else ""))
            mover = wait(a, lambda d: next((p for p in players if text_of(p, "gh-status") == "Your move"), None)
                         or (finished(a) and "over"), f"a seat to move after ply {ply}")
            if mover == "over":
                break
            what = play_one(mover, rng)
            check(what is not None, f"ply {ply + 1}: the seat to move has something to click")
            moves += 1
            for _, d in windows:
                wait(d, lambda d: plies_of(d) > ply or finished(d), f"ply {ply + 1} on every page")
                frames_received(d)  # read as the game goes: the log's buffer stays small
            ply = plies_of(a)
        for _, d in windows:
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#gh-replay .gh-move"), "the study view")
        log = os.path.join(data, "games", game_id + ".ghlog")
        verified = subprocess.run([GAMEHOST, "verify", log], capture_output=True, text=True)
        check(verified.returncode == 0, f"the server's log verifies: {verified.stdout}{verified.stderr}")
        plies = int(re.search(r"(\d+) plies verified", verified.stdout).group(1))
        print(f"game {game_id}: {plies} plies", flush=True)
        # Not a fixed length: the server deals in secret, and even without
        # passes a deal can end a game within 40 plies (2 of 300 random deals).
        check(plies > 20, f"a whole game ({plies} plies)")
        views = seat_views(log, plies)

        for who, d in windows:
            frames = frames_received(d)
            checked, guarded, at = 0, 0, 0
            for frame in frames:
                at = frame_ply(json.loads(frame), at)
                secret = secret_for(views, at, who)
                leaked = secret & tiles_in_frame(frame)
                check(not leaked, f"{who} received {sorted(leaked)} at ply {at}: {where(frame, leaked)}")
                checked += 1
                guarded += bool(secret)
            # The search had something to find: tiles this window may not see.
            check(guarded >= 10, f"{who}: hidden tiles at {guarded} of {checked} frames")
            for at, named, html in pages[who]:
                leaked = secret_for(views, at, who) & named
                check(not leaked, f"{who}'s page shows {sorted(leaked)} at ply {at}: {where(html, leaked)}")
            with open(os.path.join(WORK, f"frames-{who}.json"), "w") as out:
                json.dump(frames, out)  # kept for a failure's reader
            print(f"{who}: {checked} frames ({guarded} with tiles hidden from it) and {len(pages[who])} pages checked",
                  flush=True)
            check(checked > moves, f"{who}: a frame for every move was checked ({checked} frames, {moves} moves)")
            check(len(pages[who]) >= moves, f"{who}: the page was checked after every move ({len(pages[who])})")
            if who != "spectator":
                # The check can fail: a seat's own frames and page name its hand.
                own = set().union(*(views[p][1][who] for p in range(plies)))
                check(own & set().union(*(tiles_in_frame(f) for f in frames)), f"{who}'s frames name its own hand")
                check(own & set().union(*(n for _, n, _ in pages[who])), f"{who}'s page names its own hand")
            errors = script_errors(d)
            check(not errors, f"no script error in {who}'s console: {errors}")
    finally:
        for d in (a, b, watcher):
            if d:
                d.quit()
        server.terminate()
        server.wait(10)
    check.exit("the served page: a City Planning game played by clicks, no hidden tile in any frame or page")


main()
