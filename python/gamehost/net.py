"""A client of `gamehost serve` for asyncio (docs/python.md, "Playing on a server").

It speaks the server's protocol (proto/net.proto, docs/protocol.md) in
protobuf's JSON mapping over WebSocket text frames, with Debian's
`python3-websockets` and nothing else: messages are plain dicts with the
.proto field names (snake_case), as `gamehost export --format json` prints.

    import asyncio
    from gamehost import net

    async def main():
        async with await net.connect("ws://localhost:8080/ws", name="ann") as client:
            game = await client.create("alien_city", seats=["me", "mcts:time=1"])
            async for event in client.events():
                if game.my_turn():
                    await client.move(game, action_id=game.legal_ids()[0])
                if game.ended:
                    break

    asyncio.run(main())

Every request that the server answers raises `ServerError` (with `.code`,
e.g. "ILLEGAL_MOVE") when the answer is an Error. The games followed (created,
joined, watched, attached) are kept up to date by `Game` from every event,
whether or not the caller reads `events()`; a gap in a game's plies asks the
server for the game again.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
from typing import Any, AsyncIterator, Dict, List, Optional

import websockets

PROTOCOL_VERSION = 1

__all__ = ["Client", "Game", "ServerError", "connect", "PROTOCOL_VERSION"]


class ServerError(Exception):
    """The server answered with an Error: `.code` ("BAD_TOKEN", "ILLEGAL_MOVE", ...), `.message`."""

    def __init__(self, error: Dict[str, Any]):
        self.code = error.get("code", "CODE_UNSPECIFIED")
        self.message = error.get("message", "")
        self.game_id = error.get("game_id", "")
        super().__init__(f"{self.code}: {self.message}")


def _int(value: Any) -> int:
    """64-bit integers come as strings in protobuf's JSON mapping."""
    return int(value) if value not in (None, "") else 0


class Game:
    """One game as the client knows it: its summary, plies, position and clocks.

    `seat` is the seat held (-1 when watching), `key` its SeatKey dict
    (`{"game_id", "seat", "token"}`), `ended` the GameEnded dict once over.
    """

    def __init__(self, game_id: str, key: Optional[Dict[str, Any]] = None):
        self.game_id = game_id
        self.key = key
        self.seat = key["seat"] if key else -1
        self.summary: Dict[str, Any] = {}
        self.plies: List[Dict[str, Any]] = []
        self.position: Dict[str, Any] = {}
        self.clocks: Dict[str, Any] = {}
        self.ended: Optional[Dict[str, Any]] = None
        self.seen = False
        self.sent_ply = 0  # the ply a move was sent for and not yet answered

    @property
    def ply(self) -> int:
        """Plies played so far; the next move is number ply + 1."""
        return _int(self.position.get("ply", 0))

    @property
    def takeback_offer(self) -> Optional[Dict[str, Any]]:
        """The pending takeback offer (TakebackOffer: seat, first_ply, plies), or None."""
        offer = self.summary.get("takeback_offer")
        return offer if offer else None

    @property
    def info(self) -> Dict[str, Any]:
        """The position's StateInfo: to_move, phase, terminal, legal_ids (for the seat to move), scores."""
        return self.position.get("info", {})

    def legal_ids(self) -> List[int]:
        return [int(i) for i in self.info.get("legal_ids", [])]

    def legal_moves(self) -> List[str]:
        return [a.get("notation", "") for a in self.info.get("legal", [])]

    def state_bytes(self) -> bytes:
        """The state bytes (games without hidden information, or once over): `gamehost` can read them
        (`gamehost.load_game(...).deserialize_state(...)`)."""
        return base64.b64decode(self.position.get("state", ""))

    def seat_sample_bytes(self) -> bytes:
        """A game with hidden information, the held seat to move, and the client connected with
        `seat_samples=True`: a state the seat cannot tell from the true one, what it does not see
        drawn afresh by the server (Position.seat_sample), for an engine to search on; else b""."""
        return base64.b64decode(self.position.get("seat_sample", ""))

    def my_turn(self) -> bool:
        """Whether the held seat is to move and no move for this ply is on its way."""
        info = self.info
        return (self.seen and self.ended is None and self.seat >= 0 and not info.get("terminal", False)
                and info.get("to_move", -2) == self.seat and bool(info.get("legal_ids"))
                and self.sent_ply != self.ply + 1)

    def remaining_ms(self) -> List[int]:
        return [_int(ms) for ms in self.clocks.get("remaining_ms", [])]

    def apply(self, message: Dict[str, Any]) -> str:
        """Applies one ServerMessage; returns "updated", "duplicate", "gap", "ended" or "" (not this game)."""
        if "game" in message and message["game"].get("game", {}).get("game_id") == self.game_id:
            view = message["game"]
            self.seen = True
            self.summary = view.get("game", {})
            self.seat = view.get("seat", self.seat)
            self.plies = list(view.get("plies", []))
            self.position = view.get("position", {})
            self.clocks = view.get("clocks", {})
            if self.summary.get("status") not in ("FINISHED", "ABORTED"):
                self.ended = None
            return "updated"
        if "move_made" in message and message["move_made"].get("game_id") == self.game_id:
            move = message["move_made"]
            ply = _int(move.get("ply", {}).get("ply"))
            if not self.seen or ply > self.ply + 1:
                return "gap"
            if ply <= self.ply:
                return "duplicate"
            self.plies.append(move["ply"])
            self.position = move.get("position", {})
            self.clocks = move.get("clocks", {})
            return "updated"
        if "takeback_offered" in message and message["takeback_offered"].get("game_id") == self.game_id:
            self.summary["takeback_offer"] = message["takeback_offered"].get("offer", {})
            return "updated"
        if "takeback_declined" in message and message["takeback_declined"].get("game_id") == self.game_id:
            self.summary.pop("takeback_offer", None)
            return "updated"
        if "taken_back" in message and message["taken_back"].get("game_id") == self.game_id:
            if not self.seen:
                return "gap"
            taken = message["taken_back"]  # the whole ply list again, the taken-back plies marked
            self.plies = list(taken.get("plies", []))
            self.position = taken.get("position", {})
            self.clocks = taken.get("clocks", {})
            self.summary.pop("takeback_offer", None)
            self.sent_ply = 0
            return "updated"
        if "game_ended" in message and message["game_ended"].get("game_id") == self.game_id:
            self.ended = message["game_ended"]
            if self.ended.get("position"):
                self.position = self.ended["position"]
            if self.ended.get("plies"):
                self.plies = list(self.ended["plies"])
            return "ended"
        if "error" in message and message["error"].get("game_id") == self.game_id:
            self.sent_ply = 0  # a refused move: the turn is still ours
        return ""


class Client:
    """One connection to a server. Make it with `await connect(url)`."""

    def __init__(self, socket, welcome: Dict[str, Any], url: str):
        self._socket = socket
        self.welcome = welcome
        self.url = url
        self.games: Dict[str, Game] = {}
        self._ids = itertools.count(1)
        self._waiting: Dict[int, asyncio.Future] = {}
        self._events: asyncio.Queue = asyncio.Queue()
        self._closed: Optional[BaseException] = None
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def __aenter__(self) -> "Client":
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    async def close(self) -> None:
        await self._socket.close()
        try:
            await self._reader
        except Exception:  # noqa: BLE001 (the reason is kept for events())
            pass

    # ------------------------------------------------------------ sending

    async def send(self, body_name: str, body: Optional[Dict[str, Any]] = None) -> int:
        """Sends one ClientMessage with the next id; returns the id."""
        request_id = next(self._ids)
        await self._send_raw({"id": str(request_id), body_name: body or {}})
        return request_id

    async def request(self, body_name: str, body: Optional[Dict[str, Any]] = None,
                      timeout: float = 30.0) -> Dict[str, Any]:
        """Sends and waits for the answer (the ServerMessage whose reply_to is the request's id).
        Raises ServerError for an Error, asyncio.TimeoutError when none comes in time."""
        request_id = next(self._ids)
        answer = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = answer
        try:
            await self._send_raw({"id": str(request_id), body_name: body or {}})
            message = await asyncio.wait_for(answer, timeout)
        finally:
            self._waiting.pop(request_id, None)
        if "error" in message:
            raise ServerError(message["error"])
        return message

    async def _send_raw(self, message: Dict[str, Any]) -> None:
        if self._closed is not None:
            raise ConnectionError(f"the connection to {self.url} ended: {self._closed}")
        await self._socket.send(json.dumps(message))

    # ------------------------------------------------------------ the lobby

    async def game_types(self) -> List[Dict[str, Any]]:
        """The games the server hosts: GameInfo dicts (id, name, player_names, options, ...)."""
        return [t["info"] for t in (await self.request("list_game_types"))["game_types"].get("types", [])]

    async def list_games(self, open: bool = False, playing: bool = False, finished: bool = False,
                         subscribe: bool = False) -> List[Dict[str, Any]]:
        """GameSummary dicts; with subscribe, every later change comes as a lobby_update event."""
        answer = await self.request("list_games", {"open": open, "playing": playing, "finished": finished,
                                                   "subscribe": subscribe})
        return answer["game_list"].get("games", [])

    async def create(self, game_type: str, seats: List[str], options: Optional[Dict[str, str]] = None,
                     seed: Optional[int] = None, chance_seed: Optional[int] = None,
                     time: Optional[Dict[str, Any]] = None, hints_allowed: bool = False,
                     name: str = "", takebacks_allowed: bool = False) -> Game:
        """Creates a game. `seats`, one per seat: "me" (this client takes it), "open", "invite", or a
        server engine's spec ("mcts:time=1"). `time`: {"live": {"base_ms": ..., "increment_ms": ...}} or
        {"correspondence": {"days_per_move": ...}}. Returns the Game (watched when no seat is "me");
        the invite tokens are in `game.invites` (SeatToken dicts)."""
        specs, take_seat = [], -1
        for seat, spec in enumerate(seats):
            if spec == "me":
                if take_seat >= 0:
                    raise ValueError("only one seat can be 'me'")
                take_seat = seat
                specs.append({"open": True})
            elif spec in ("open", "invite"):
                specs.append({spec: True})
            else:
                specs.append({"engine": spec})
        body: Dict[str, Any] = {"game_type": game_type, "seats": specs, "take_seat": take_seat,
                                "options": [{"name": k, "value": str(v)} for k, v in (options or {}).items()],
                                "hints_allowed": hints_allowed, "takebacks_allowed": takebacks_allowed,
                                "name": name}
        if seed is not None:
            body["seed"] = str(seed)
        if chance_seed is not None:
            body["chance_seed"] = str(chance_seed)
        if time is not None:
            body["time"] = time
        created = (await self.request("create_game", body))["game_created"]
        game_id = created["game"]["game_id"]
        mine = [t["key"] for t in created.get("tokens", []) if t["key"].get("seat", 0) == take_seat]
        game = await (self.attach(mine[0]) if mine else self.watch(game_id))
        game.invites = [t for t in created.get("tokens", []) if t["key"].get("seat", 0) != take_seat]
        return game

    async def join(self, game_id: str, seat: int = -1, name: str = "") -> Game:
        """Takes an open seat (-1: the first); the Game's `key` holds the token (shown once)."""
        # Followed before the request: the server's GameView may come right
        # behind Joined, before this coroutine runs again.
        game = self.games.setdefault(game_id, Game(game_id))
        try:
            joined = (await self.request("join_game", {"game_id": game_id, "seat": seat, "name": name}))["joined"]
        except Exception:
            if game.key is None:
                self.games.pop(game_id, None)
            raise
        game.key, game.seat = joined["key"], joined["key"].get("seat", 0)
        return game

    async def attach(self, key: Dict[str, Any]) -> Game:
        """Takes a seat up again with its key (after a reconnect, or an invite's token)."""
        game = self.games.setdefault(key["game_id"], Game(key["game_id"], key))
        game.key, game.seat = key, key.get("seat", 0)
        await self.request("attach", {"key": key})
        return game

    async def watch(self, game_id: str) -> Game:
        game = self.games.setdefault(game_id, Game(game_id))
        await self.request("watch", {"game_id": game_id})
        return game

    # ------------------------------------------------------------ playing

    async def move(self, game: Game, action_id: Optional[int] = None, notation: Optional[str] = None) -> int:
        """Sends the move for the next ply (no wait: the move_made event answers it, an error event refuses
        it). Returns the request id, which that answer's reply_to carries."""
        body: Dict[str, Any] = {"key": game.key, "ply": game.ply + 1}
        game.sent_ply = game.ply + 1
        if action_id is not None:
            body["action_id"] = action_id
        elif notation is not None:
            body["notation"] = notation
        else:
            raise ValueError("move: give action_id or notation")
        return await self.send("move", body)

    async def resign(self, game: Game) -> int:
        return await self.send("resign", {"key": game.key})

    async def analyze(self, game: Game, topic: str = "") -> str:
        """The plugin's analysis of the current position (e.g. topic "why E3")."""
        answer = await self.request("analyze", {"game_id": game.game_id, "topic": topic, "latest": True})
        return answer["analysis"].get("text", "")

    async def hint(self, game: Game) -> Dict[str, Any]:
        """An engine's suggestion for the seat to move (when the game allows hints): AnalysisResult."""
        return (await self.request("hint", {"key": game.key}))["analysis"]

    async def offer_takeback(self, game: Game) -> None:
        """Offers to take back the held seat's last move and the plies since (a game created with
        takebacks_allowed). Returns once the server acknowledged the offer (raises ServerError when it
        refuses); the other seat's answer comes as a takeback_declined or taken_back event."""
        await self.request("takeback", {"key": game.key, "ply": game.ply})

    async def answer_takeback(self, game: Game, accept: bool) -> Dict[str, Any]:
        """Accepts or declines the pending offer. Returns the server's answer: the taken_back message
        (already applied to `game`) once every other seat accepted, else an ack."""
        return await self.request("takeback_answer", {"key": game.key, "accept": accept})

    # ------------------------------------------------------------ events

    async def events(self) -> AsyncIterator[Dict[str, Any]]:
        """Every ServerMessage that answers no waiting request, in order, already applied to the games
        followed. Ends when the connection closes."""
        while True:
            message = await self._events.get()
            if message is None:
                if isinstance(self._closed, Exception) and not isinstance(
                        self._closed, websockets.exceptions.ConnectionClosedOK):
                    raise ConnectionError(f"the connection to {self.url} ended: {self._closed}")
                return
            yield message

    async def _read(self) -> None:
        try:
            async for frame in self._socket:
                message = json.loads(frame)
                for game in list(self.games.values()):
                    if game.apply(message) == "gap":
                        await self._resync(game)
                answer = self._waiting.get(_int(message.get("reply_to")))
                if answer is not None and not answer.done():
                    answer.set_result(message)
                else:
                    await self._events.put(message)
            self._closed = ConnectionError("closed by the server")
        except Exception as e:  # noqa: BLE001 (kept, then raised by events() and the next send)
            self._closed = e
        finally:
            if self._closed is None:
                self._closed = ConnectionError("closed")
            for answer in self._waiting.values():
                if not answer.done():
                    answer.set_exception(ConnectionError(f"the connection to {self.url} ended: {self._closed}"))
            await self._events.put(None)

    async def _resync(self, game: Game) -> None:
        if game.key:
            await self.send("attach", {"key": game.key})
        else:
            await self.send("watch", {"game_id": game.game_id})


def _ws_url(url: str) -> str:
    """ws://HOST:PORT/ws as given; http://HOST:PORT (the server's page) means its /ws."""
    if url.startswith("http://"):
        rest = url[len("http://"):].split("?")[0].split("#")[0]
        return "ws://" + rest.split("/")[0] + "/ws"
    if url.startswith("ws://"):
        return url
    raise ValueError(f"server URL {url!r}: expected ws://HOST:PORT/ws or http://HOST:PORT")


async def connect(url: str, name: str = "", join_password: str = "", client: str = "gamehost-python",
                  timeout: float = 10.0, seat_samples: bool = False) -> Client:
    """Connects, reads the server's Welcome and says Hello. Raises ConnectionError naming the URL when
    nothing answers there, ServerError when the server refuses the Hello. `seat_samples`: ask for the
    seat's sample of a game with hidden information (Game.seat_sample_bytes)."""
    ws_url = _ws_url(url)
    try:
        socket = await asyncio.wait_for(websockets.connect(ws_url, max_size=None), timeout)
    except (OSError, asyncio.TimeoutError, websockets.exceptions.InvalidHandshake) as e:
        raise ConnectionError(f"cannot connect to {ws_url}: {e}") from e
    # The first message is text: the server answers this connection in JSON.
    await socket.send(json.dumps({"id": "0", "hello": {"protocol_version": PROTOCOL_VERSION, "client": client,
                                                        "name": name, "join_password": join_password,
                                                        "seat_samples": seat_samples}}))
    welcome: Dict[str, Any] = {}
    while "welcome" not in welcome:
        frame = await asyncio.wait_for(socket.recv(), timeout)
        if isinstance(frame, bytes):
            # A Welcome sent on connect, before the server knew that this
            # client speaks JSON: its fields are then unknown here.
            welcome = {"welcome": {}}
            break
        welcome = json.loads(frame)
        if "error" in welcome:
            await socket.close()
            raise ServerError(welcome["error"])
    return Client(socket, welcome["welcome"], ws_url)

