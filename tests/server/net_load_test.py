"""gamehost-net-load's modes on a few games (the harness itself is run by
hand, docs/performance.md): three games with 5 spectators on the first, then
two games whose bots reconnect after the server is killed and restarted
mid-game, each bot's record compared with the log the server serves."""
import json
import os
import re
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from netclient import Server, run_in_scratch  # noqa: E402

GAMEHOST, LOAD = sys.argv[1], sys.argv[2]


async def main(data):
    server = Server(GAMEHOST, data)
    try:
        out = subprocess.run([LOAD, "--server", server.http, "--games", "3", "--watchers", "5"],
                             capture_output=True, text=True, timeout=100)
        assert out.returncode == 0, out.stdout + out.stderr
        assert "games: 3 started, 3 finished, 0 failed, 0 with a record that differs" in out.stdout, out.stdout
        assert re.search(r"spectators: 5 of 5 got every ply; delivery \(.*, [1-9]\d+ deliveries\)", out.stdout), out.stdout

        # Kill -9 mid-game: the bots come back and finish.
        records = os.path.join(data, "records")
        load = subprocess.Popen([LOAD, "--server", server.http, "--games", "2", "--think-ms", "40", "--reconnect",
                                 "--record", records], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert "all 2 games created" in load.stdout.readline()
        time.sleep(0.5)
        port = server.http.rsplit(":", 1)[1]
        server.stop(kill=True)
        server.proc = subprocess.Popen([GAMEHOST, "serve", "--port", port, "--data", data],
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for line in server.proc.stdout:  # "Resumed game ..." lines, then "Serving ..."
            if line.startswith("Serving"):
                break
        rest = load.communicate(timeout=100)[0]
        assert load.returncode == 0, rest
        assert "games: 2 started, 2 finished, 0 failed, 0 with a record" in rest, rest
        assert re.search(r"reconnects: [1-9]", rest), rest
        checked = 0
        for record in os.listdir(records):
            with urllib.request.urlopen(f"{server.http}/games/{record.split('.')[0]}.json") as r:
                plies = json.load(r)["plies"]
            for line in open(os.path.join(records, record)):
                ply, notation = line.rstrip("\n").split(" ", 1)
                assert plies[int(ply) - 1]["notation"] == notation, (record, line)
                checked += 1
        assert len(os.listdir(records)) == 4 and checked > 40, (os.listdir(records), checked)
    finally:
        server.stop()


run_in_scratch(main)
