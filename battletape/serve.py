"""`battletape serve`: a read-only live page of the current encounter for the players.

One thread reads the store (its own open connection) a few times a second and keeps
the players' view of the encounter; the page receives each new view as a server-sent
event. The players see the order, whose turn it is, the escalation die (13th Age),
conditions and the PCs' hit points; a monster's hit points only as the group may know
them (healthy, staggered or bloodied, down) unless the GM reveals them.
"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

from battletape.domain import systems
from battletape.domain.errors import BattletapeError
from battletape.domain.state import EncounterState
from battletape.domain.words import N_, words

POLL_SECONDS = 0.2
PAGE = Path(__file__).with_name("serve_page.html")


def players_view(state: EncounterState, reveal: bool = False) -> dict:
    """What the players may see of ``state``: monsters' hit points as a word unless
    revealed."""
    system = systems.of(state)
    shown = []
    order = list(state.order) + [n for n in state.combatants if n not in state.order]
    for name in order:
        c = state.combatants[name]
        entry = {"name": name, "pc": c.pc, "initiative": c.initiative,
                 "status": c.status, "turn": name == state.turn,
                 "conditions": sorted(c.conditions),
                 "ongoing": [f"{o.amount}{' ' + o.type if o.type else ''}"
                             for o in c.ongoing]}
        if c.pc or reveal:
            entry.update(hp=c.hp, max_hp=c.max_hp, temp_hp=c.temp_hp)
        entry["health"] = _health(c, system)
        shown.append(entry)
    return {"encounter": state.name, "system": state.system, "title": system.title,
            "round": state.round, "turn": state.turn,
            # a system that shows the escalation die beside the round (13th Age)
            "escalation_die": (system.state_keys(state).get("escalation_die")
                               if "escalation_die" in system.header_keys else None),
            "ended": state.ended, "position": state.position, "combatants": shown}


def players_reader(reveal: bool = False, lang: str = "en"):
    """The replay page as the players may read it: a monster's hit points as a word
    (out of the charts, and its stat line out of the log) unless revealed."""
    from battletape.domain import events as ev
    from battletape.replay.html import Reader

    if reveal:
        return Reader()
    _ = words(lang)

    def told(e, line: str) -> str:
        if isinstance(e, ev.CombatantAdded) and not e.pc:
            return _("{name} joins the fight", name=e.name)
        return line

    def shown(view: dict, c, system) -> dict:
        if c.pc:
            return view
        out = {k: v for k, v in view.items() if k not in ("hp", "max_hp", "temp_hp")}
        out["health"] = _health(c, system)
        return out

    return Reader(shown=shown, hidden=lambda c: not c.pc, told=told)


class ReplayData:
    """The live replay page's data, made again when the encounter has moved on (one
    store opened per request's thread; the latest data kept)."""

    def __init__(self, store: str | None, user: str | None, encounter: str | None,
                 reveal: bool, lang: str):
        self.store, self.user, self.encounter = store, user, encounter
        self.reader, self.lang = players_reader(reveal, lang), lang
        self._lock = threading.Lock()
        self._kept: tuple[tuple, bytes] | None = None

    def events(self) -> tuple[list, list[list]]:
        """The encounter's events and its what-ifs'."""
        import battletape

        with battletape.open(self.store, self.user) as opened:
            encounter = opened.encounter(self.encounter)
            trunk = encounter.events()
            forks = [opened.encounter(i.name).events() for i in opened.encounters()
                     if i.branched_from == encounter.name]
        return trunk, forks

    def data(self) -> bytes:
        from battletape.replay.html import page_data

        trunk, forks = self.events()
        key = (trunk[0].name, len(trunk), tuple(len(f) for f in forks))
        with self._lock:
            if self._kept is None or self._kept[0] != key:
                self._kept = (key, page_data(trunk, self.lang, branches=forks,
                                             reader=self.reader, live=True))
            return self._kept[1]

    def page(self) -> str:
        from battletape.replay.html import page

        trunk, forks = self.events()
        return page(trunk, self.lang, branches=forks, reader=self.reader, live=True)


def _health(c, system) -> str:
    """The hit points as the group may know them."""
    if c.status == "fled":
        return "fled"
    if c.status != "up" or c.hp <= 0:
        return "down"
    return system.words_staggered if system.staggered(c) else "healthy"


class Follower:
    """Reads the store in its own thread; ``version`` grows with each new view."""

    def __init__(self, store: str | None, user: str | None, encounter: str | None,
                 reveal: bool):
        self.store, self.user, self.encounter, self.reveal = store, user, encounter, reveal
        self.view: dict = {"encounter": None, "message": "waiting for an encounter"}
        self.version = 0
        self._key: tuple | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="battletape-follow",
                                        daemon=True)
        self._lock = threading.Lock()
        self._ready = threading.Event()

    def start(self) -> None:
        """Start following; returns once the first view is read (or 10 s passed)."""
        self._thread.start()
        self._ready.wait(10)

    def stop(self) -> None:
        self._stop.set()

    def _loop(self) -> None:
        import battletape

        opened = None
        while not self._stop.is_set():
            try:
                opened = opened or battletape.open(self.store, self.user)
                self.refresh(opened)
            except Exception as err:  # the store is away: say so, try again
                self._show(("unavailable",), {"encounter": None, "message":
                                              f"cannot read the store: {err}"})
                if opened is not None:
                    opened.close()
                opened = None
            self._ready.set()
            self._stop.wait(POLL_SECONDS)
        if opened is not None:
            opened.close()

    def _show(self, key: tuple, view: dict) -> None:
        with self._lock:
            if key != self._key:
                self._key, self.view = key, view
                self.version += 1

    def refresh(self, opened) -> None:
        """Read the encounter followed (the current one: the last started, which
        the library reads afresh each time) through the library."""
        try:
            state = opened.encounter(self.encounter).state(raw=True)
        except BattletapeError as err:
            self._show(("error", str(err)), {"encounter": None, "message": str(err)})
            return
        key = (state.name, state.position)
        if key != self._key:
            self._show(key, players_view(state, self.reveal))

    def current(self) -> tuple[int, dict]:
        with self._lock:
            return self.version, self.view


#: the page's words (``__LABELS__``: its script translates with them) and the words
#: of its view the players read (statuses, conditions: the systems' terms)
LABELS = (N_("waiting for an encounter"), N_("The battle has ended: {outcome}"),
          N_("Round {n}"), N_("turn"), N_("escalation die"), N_("ongoing"),
          N_("reconnecting…"), N_("healthy"), N_("down"), N_("fled"))


def page_in(lang: str) -> str:
    """The players' page with its words in ``lang``."""
    from html import escape

    _ = words(lang)
    said = {k: _(k) for k in LABELS}
    for system in systems.all_systems().values():  # the systems' terms
        for word in (*system.conditions, *system.term_ids, *system.statuses):
            if system.term(word, lang) != word:
                said.setdefault(word, system.term(word, lang))
    labels = json.dumps(said, ensure_ascii=False).replace("</", "<\\/")
    return (PAGE.read_text(encoding="utf-8").replace("__LANG__", lang)
            .replace("__LIVE__", escape(_("live"))).replace("__PC__", escape(_("PC")))
            .replace("__CONNECTING__", escape(_("connecting…")))
            .replace("__REPLAY__", escape(_("the replay, every position a link")))
            .replace("__LABELS__", labels))


def application(follower: Follower, stopping=lambda: False, lang: str = "en"):
    """The starlette app: the page, the view as JSON, the stream of views (each
    stream ends when ``stopping()`` turns true, so Ctrl-C stops the server at once),
    and the replay page following the battle (``/replay``, its links as an exported
    page's: ``/replay#p=12``) with its data (``/replay.json``)."""
    from starlette.applications import Starlette
    from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
    from starlette.routing import Route

    page = page_in(lang)
    replays = ReplayData(follower.store, follower.user, follower.encounter,
                         follower.reveal, lang)

    def replay(request):  # sync: starlette runs it in a worker thread
        try:
            return HTMLResponse(replays.page())
        except BattletapeError as err:
            return HTMLResponse(escape_text(str(err)), status_code=404)

    def replay_data(request):
        try:
            return Response(replays.data(), media_type="application/json")
        except BattletapeError as err:
            return JSONResponse({"error": str(err)}, status_code=404)

    async def index(request):
        return HTMLResponse(page)

    async def view(request):
        return JSONResponse(follower.current()[1])

    async def stream(request):
        async def events():
            seen = -1
            while not stopping() and not await request.is_disconnected():
                version, current = follower.current()
                if version != seen:
                    seen = version
                    yield f"data: {json.dumps(current)}\n\n"
                await asyncio.sleep(POLL_SECONDS / 2)

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache"})

    return Starlette(routes=[Route("/", index), Route("/view.json", view),
                             Route("/events", stream), Route("/replay", replay),
                             Route("/replay.json", replay_data)])


def escape_text(text: str) -> str:
    from html import escape

    return escape(text)


def listening(host: str, port: int):
    """A socket bound to ``host:port``, or a one-line error."""
    import socket

    from battletape.domain.errors import BadInput

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _, address = infos[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as err:
        raise BadInput("--host/--port", f"{host}:{port}",
                       N_("an address free to listen on ({n})"),
                       n=err.strerror or err) from None
    return sock


def run(c, host: str, port: int, reveal: bool) -> None:
    """Serve until Ctrl-C."""
    sock = listening(host, port)
    import uvicorn

    follower = Follower(c.store, c.user, c.encounter, reveal)
    follower.start()
    shown = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    what = c.encounter or "the current encounter"
    print(f"Serving {what} at {shown} (read-only; Ctrl-C to stop)", flush=True)
    server: uvicorn.Server | None = None
    app = application(follower, stopping=lambda: server is not None and server.should_exit,
                      lang=c.lang)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning",
                                           timeout_graceful_shutdown=2))
    try:
        server.run(sockets=[sock])
    finally:
        follower.stop()
        sock.close()
