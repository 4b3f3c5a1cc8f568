// The page of `gamehost serve` (docs/web.md, "The served page"): the lobby
// at `/` and a game at `/#game=ID`, over the JSON WebSocket protocol at /ws
// (proto/net.proto, docs/protocol.md). The board is the plugin's scene
// (Position.scene, asked for with Hello.scenes), drawn by GhScene; the page
// knows no game. Seat tokens are kept in localStorage, so a reload takes
// the seat up again (Attach).
(function (global) {
  'use strict';
  const page = document.getElementById('gh-page');
  const connection = document.getElementById('gh-connection');
  let ws = null, nextId = 1;
  const answers = new Map();  // request id -> callback(message)
  const lobby = { types: [], games: new Map() };
  // The game shown: { view, scene, drawn, key, message, picker, selected,
  // parts (the page's elements, made once a game), board (GhScene.Board) }.
  let game = null;

  function h(tag, attrs, children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null) continue;
      if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const c of children || []) if (c) e.appendChild(c);
    return e;
  }
  function num(v) { return typeof v === 'number' ? v : Number(v || 0); }
  function bodyOf(m) {
    for (const k of Object.keys(m)) if (k !== 'reply_to' && k !== 'seq') return [k, m[k]];
    return ['', null];
  }
  function send(body, answer) {
    const id = nextId++;
    if (answer) answers.set(id, answer);
    ws.send(JSON.stringify(Object.assign({ id: id }, body)));
    return id;
  }
  function tokenKey(id) { return 'gh-seat-' + id; }
  function keep(key) { localStorage.setItem(tokenKey(key.game_id), JSON.stringify(key)); }
  function keptKey(id) {
    try { return JSON.parse(localStorage.getItem(tokenKey(id)) || 'null'); } catch (e) { return null; }
  }
  function playerName() {
    let name = localStorage.getItem('gh-name');
    if (!name) { name = 'guest-' + Math.floor(Math.random() * 9000 + 1000); localStorage.setItem('gh-name', name); }
    return name;
  }

  // ------------------------------------------------------------ connection

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    ws = new WebSocket(scheme + location.host + '/ws?format=json');
    ws.onopen = () => {
      connection.textContent = 'connected as ' + playerName();
      send({ hello: { protocol_version: 1, client: 'gamehost-web', name: playerName(), scenes: true,
        scene_changes: true } });
      route();
    };
    ws.onclose = () => { connection.textContent = 'disconnected: reload the page to connect again'; };
    ws.onmessage = (event) => received(JSON.parse(event.data));
  }

  function received(m) {
    const [kind, body] = bodyOf(m);
    const replyTo = num(m.reply_to);
    const answer = answers.get(replyTo);
    if (answer) { answers.delete(replyTo); if (answer(kind, body) === true) return; }
    switch (kind) {
      case 'game_types': lobby.types = body.types || []; lobby.form = null; return showLobby();
      case 'game_list': lobby.games.clear(); for (const g of body.games || []) lobby.games.set(g.game_id, g); return showLobby();
      case 'lobby_update': lobby.games.set(body.game.game_id, body.game); return game ? null : showLobby();
      case 'game_created': for (const t of body.tokens || []) keep(t.key); return;
      case 'joined': keep(body.key); return;
      case 'game': return showGame(body);
      case 'move_made': return moveMade(body);
      case 'game_ended': return gameEnded(body);
      case 'seat_changed': if (game && game.view.game.game_id === body.game_id) {
        game.view.game.seats[num(body.seat.seat)] = body.seat; drawGame();
      } return;
      case 'scene_shown': return sceneShown(body);
      case 'error': return showError(body);
    }
  }

  function showError(e) {
    if (game) { game.message = e.message; drawGame(); } else alert(e.message);
  }

  function route() {
    const match = /#game=([^&]+)/.exec(location.hash);
    if (!match) {
      game = null;
      send({ list_game_types: {} });
      send({ list_games: { subscribe: true } });
      return;
    }
    const id = decodeURIComponent(match[1]);
    const key = keptKey(id);
    if (key) send({ attach: { key: key } }, (kind) => {
      if (kind === 'error') { localStorage.removeItem(tokenKey(id)); send({ watch: { game_id: id } }); return true; }
    });
    else send({ watch: { game_id: id } });
  }
  window.addEventListener('hashchange', () => { if (ws && ws.readyState === 1) route(); });

  // ------------------------------------------------------------ the lobby

  function seatsText(g) {
    return (g.seats || []).map((s) => s.seat_name + ': ' + (s.open ? 'open' : s.player + (s.engine ? ' (engine)' : ''))).join(', ');
  }

  function gameRow(g) {
    const actions = h('td');
    for (const s of g.seats || []) {
      if (s.open && g.status === 'WAITING')
        actions.appendChild(h('button', { class: 'gh-join', 'data-seat': s.seat, text: 'Join as ' + s.seat_name,
          onclick: () => send({ join_game: { game_id: g.game_id, seat: num(s.seat), name: playerName() } }) }));
    }
    actions.appendChild(h('button', { class: 'gh-watch', text: g.status === 'FINISHED' || g.status === 'ABORTED' ? 'Look' : 'Watch',
      onclick: () => { location.hash = '#game=' + encodeURIComponent(g.game_id); } }));
    for (const d of g.downloads || [])  // a finished game's files
      actions.appendChild(h('a', { class: 'gh-download', href: d.path, download: '', text: '.' + d.format }));
    return h('tr', { class: 'gh-game-row', 'data-game': g.game_id }, [
      h('td', { text: g.game_name }), h('td', { text: g.game_id }), h('td', { text: seatsText(g) }),
      h('td', { text: num(g.plies) + ' plies' + (g.result ? ' — ' + g.result : '') }), actions]);
  }

  function gameTable(title, id, games) {
    const section = h('section', { id: id }, [h('h2', { text: title })]);
    if (!games.length) section.appendChild(h('p', { class: 'gh-empty', text: 'none' }));
    else section.appendChild(h('table', {}, [h('tbody', {}, games.map(gameRow))]));
    return section;
  }

  function createForm() {
    const form = h('form', { class: 'gh-form', id: 'gh-create' });
    const type = h('select', { name: 'game_type', id: 'gh-type' });
    for (const t of lobby.types) type.appendChild(h('option', { value: t.info.id, text: t.info.name }));
    const details = h('div');
    form.append(h('h2', { text: 'Create a game' }), h('label', { text: 'Game ' }, [type]), details);
    function fill() {
      details.textContent = '';
      const info = (lobby.types.find((t) => t.info.id === type.value) || {}).info;
      if (!info) return;
      for (const o of info.options || []) {
        let input;
        if (o.type === 'CHOICE') {
          input = h('select', { 'data-option': o.name });
          for (const c of o.choices || []) input.appendChild(h('option', { value: c, text: c }));
          input.value = o.default_value;
        } else if (o.type === 'BOOL') {
          input = h('input', { type: 'checkbox', 'data-option': o.name });
          input.checked = o.default_value === 'true';
        } else {
          input = h('input', { type: o.type === 'INT' ? 'number' : 'text', 'data-option': o.name, value: o.default_value });
        }
        details.appendChild(h('label', { title: o.help, text: o.name + ' ' }, [input]));
      }
      details.appendChild(h('br'));
      (info.player_names || []).forEach((name, i) => {
        const who = h('select', { 'data-seat': i }, [h('option', { value: 'me', text: 'me' }), h('option', { value: 'open', text: 'open' }),
          h('option', { value: 'invite', text: 'invite link' }), h('option', { value: 'engine', text: 'engine' })]);
        who.value = i === 0 ? 'me' : 'open';
        const spec = h('input', { type: 'text', 'data-engine': i, value: 'mcts:time=1', size: 12 });
        details.appendChild(h('label', { text: name + ' ' }, [who, spec]));
      });
      details.appendChild(h('br'));
      details.appendChild(h('label', { text: 'Minutes each (0: untimed) ' }, [h('input', { type: 'number', id: 'gh-minutes', value: '0', min: '0' })]));
      details.appendChild(h('label', { text: 'Increment (s) ' }, [h('input', { type: 'number', id: 'gh-increment', value: '0', min: '0' })]));
      details.appendChild(h('label', { text: 'Hints ' }, [h('input', { type: 'checkbox', id: 'gh-hints' })]));
      details.appendChild(h('button', { type: 'submit', id: 'gh-create-button', text: 'Create' }));
    }
    type.addEventListener('change', fill);
    fill();
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const options = [];
      for (const i of details.querySelectorAll('[data-option]'))
        options.push({ name: i.getAttribute('data-option'), value: i.type === 'checkbox' ? String(i.checked) : i.value });
      const seats = [];
      let take = -1;
      for (const s of details.querySelectorAll('select[data-seat]')) {
        const i = num(s.getAttribute('data-seat'));
        if (s.value === 'me' && take < 0) { take = i; seats.push({ open: true }); }
        else if (s.value === 'engine') seats.push({ engine: details.querySelector('[data-engine="' + i + '"]').value });
        else if (s.value === 'invite') seats.push({ invite: true });
        else seats.push({ open: true });
      }
      const minutes = num(form.querySelector('#gh-minutes').value), inc = num(form.querySelector('#gh-increment').value);
      const request = { game_type: type.value, options: options, seats: seats, take_seat: take, name: playerName(),
        hints_allowed: form.querySelector('#gh-hints').checked };
      if (minutes > 0) request.time = { live: { base_ms: Math.round(minutes * 60000), increment_ms: Math.round(inc * 1000) } };
      send({ create_game: request }, (kind, body) => {
        if (kind !== 'game_created') return false;
        for (const t of body.tokens || []) keep(t.key);
        if (take < 0) location.hash = '#game=' + encodeURIComponent(body.game.game_id);
        else history.replaceState(null, '', '#game=' + encodeURIComponent(body.game.game_id));
        return true;
      });
    });
    return form;
  }

  function showLobby() {
    if (game) return;
    const games = [...lobby.games.values()].sort((a, b) => num(b.created_ms) - num(a.created_ms));
    page.textContent = '';
    page.append(
      gameTable('Open seats', 'gh-open', games.filter((g) => g.status === 'WAITING')),
      gameTable('In play', 'gh-playing', games.filter((g) => g.status === 'PLAYING')),
      gameTable('Finished', 'gh-finished', games.filter((g) => g.status === 'FINISHED' || g.status === 'ABORTED')));
    // The form is made once: a list redrawn (a LobbyUpdate) keeps what
    // the reader has filled in.
    if (lobby.types.length) page.appendChild(lobby.form || (lobby.form = createForm()));
  }

  // ------------------------------------------------------------ a game

  function showGame(view) {
    const id = view.game.game_id;
    if (!game || game.view.game.game_id !== id) {
      if (location.hash !== '#game=' + encodeURIComponent(id)) history.replaceState(null, '', '#game=' + encodeURIComponent(id));
      game = { view: view, scene: null, drawn: null, message: '', picker: null, selected: '', parts: null,
        board: new GhScene.Board() };
    }
    game.view = view;
    game.key = num(view.seat) >= 0 ? keptKey(id) : null;
    game.scene = view.position.scene || null;
    game.picker = null;
    // A connection taken up again knows no selection: it is asked again.
    if (game.selected && !finished()) sendSelection();
    drawGame();
  }

  function moveMade(made) {
    if (!game || game.view.game.game_id !== made.game_id) return;
    const plies = game.view.plies;
    if (plies.length + 1 !== num(made.ply.ply)) { route(); return; }  // a gap: ask again for the whole game
    plies.push(made.ply);
    let playedAt = -1;
    if (timing.clickedAt >= 0 && num(made.ply.player) === num(game.view.seat)) {
      playedAt = timing.clickedAt;
      timing.clickedAt = -1;
      performance.measure('gh-click-to-answer', { start: playedAt, end: performance.now() });
      const start = playedAt;
      afterPaint(() => performance.measure('gh-click-to-board', { start: start, end: performance.now() }));
      requestAnimationFrame(() => setTimeout(() => performance.measure('gh-click-to-paint', { start: start, end: performance.now() })));
    }
    game.view.position = made.position;
    game.view.clocks = made.clocks;
    game.view.game.plies = plies.length;
    game.scene = sceneOf(made.position);
    game.picker = null;
    game.message = '';
    drawGame(true);
    if (playedAt >= 0) performance.measure('gh-click-to-drawn', { start: playedAt, end: performance.now() });
  }

  // "Why it scores" in play: the selection (a hit area's select, or the
  // scene's cycle) is sent to the server (Select), which answers the
  // latest scene drawn with it and draws every later one with it too.
  function select(value) {
    if (!game || finished()) return;
    game.selected = value === game.selected ? '' : value;
    sendSelection();
    drawGame();  // the buttons' state at once; the scene when it comes
  }
  function sendSelection() {
    const g = game;
    send({ select: { game_id: g.view.game.game_id, selected: g.selected } }, (kind, body) => {
      if (kind === 'error' && game === g) { g.selected = ''; g.message = body.message; drawGame(); return true; }
    });
  }

  function sceneShown(shown) {
    if (!game || game.view.game.game_id !== shown.game_id) return;
    // Drawn even when another selection was asked meanwhile (its answer
    // follows): the next scene's changes are written against this one.
    game.scene = sceneOf(shown) || game.scene;
    if (!finished()) drawGame();
  }

  // The scene a message brings: whole, or as its changes to the scene
  // this connection was sent before in the game (Hello.scene_changes).
  function sceneOf(carrier) {
    if (carrier.scene_changes) return GhScene.expandScene(game.scene, JSON.parse(carrier.scene_changes));
    return carrier.scene || null;
  }

  function gameEnded(ended) {
    if (!game || game.view.game.game_id !== ended.game_id) return;
    game.view.plies = ended.plies || game.view.plies;
    game.view.position = ended.position;
    game.view.game.status = 'FINISHED';
    game.view.game.result = ended.result;
    game.scene = sceneOf(ended.position) || game.scene;
    drawGame();
  }

  function legalName(id) {
    for (const l of game.view.position.info.legal || []) if (num(l.id) === id) return l.notation;
    return String(id);
  }

  // The page's own timings, for docs/performance.md (read from the
  // browser's performance entries, nothing sent anywhere): the frame after
  // the first board was drawn ("gh-board-painted"), and each move from the
  // click that played it to the frame after the board that shows it
  // ("gh-click-to-board"), and to the server's MoveMade that answers it
  // ("gh-click-to-answer": the round trip, before any drawing); for the
  // parts between: to the page's DOM updated ("gh-click-to-drawn") and to
  // the end of the frame that paints it ("gh-click-to-paint": a task
  // queued from that frame's requestAnimationFrame runs once the frame is
  // made; gh-click-to-board waits for the frame after it).
  const timing = { boardPainted: false, clickedAt: -1 };
  function afterPaint(then) {
    if (global.performance && performance.mark) requestAnimationFrame(() => requestAnimationFrame(then));
  }

  function play(action) {
    const key = game.key;
    if (!key) return;
    timing.clickedAt = performance.now();
    game.picker = null;
    send({ move: { key: key, ply: game.view.plies.length + 1, action_id: action } });
  }

  // A click on the board: a target plays; else a selectable piece (a hit
  // area with a select) is selected, or unselected when it is already;
  // anything else clears the selection and says why it is no move.
  function clicked(event) {
    if (!game || !game.drawn) return;
    const p = game.drawn.toBoard(event.clientX, event.clientY);
    const hit = p && game.drawn.hitAt(p.x, p.y);
    if (hit && (hit.actions || []).length) return chose(hit);
    if (hit && hit.select) return select(hit.select);
    if (game.selected) select(game.selected);
    if (hit) chose(hit);
  }

  // A hit area chosen by a click, or by Enter or Space on a marked target.
  function chose(hit) {
    const actions = (hit.actions || []).map(num);
    if (actions.length === 1) return play(actions[0]);
    if (actions.length > 1) {
      game.picker = actions.map((a, i) => ({ id: a, label: (hit.action_labels || [])[i] || legalName(a) }));
      game.message = '';
      return drawGame();
    }
    if (hit.refusal) { game.message = hit.refusal; return drawGame(); }
    if (game.key && !myTurn()) { game.message = 'Not your turn'; return drawGame(); }
  }

  function myTurn() {
    const v = game.view;
    return num(v.seat) >= 0 && v.game.status === 'PLAYING' && num(v.position.info.to_move) === num(v.seat);
  }

  function clockText(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }

  function drawClocks(box) {
    const v = game.view, c = v.clocks || {}, timed = !!(v.game.time && v.game.time.live);
    box.textContent = '';
    const measured = num(c.server_time_ms) || Date.now();
    (v.game.seats || []).forEach((s, i) => {
      let ms = num((c.remaining_ms || [])[i]);
      const running = num(c.running) === i && v.game.status === 'PLAYING';
      if (running) ms -= Date.now() - measured;
      const text = s.seat_name + ' ' + (s.open ? '(open)' : s.player) + (timed ? ' ' + clockText(ms) : '') + (running ? ' ◀' : '');
      box.appendChild(h('span', { class: 'gh-clock' + (running ? ' gh-running' : ''), 'data-seat': i, text: text }));
    });
  }

  function finished() {
    const s = game.view.game.status;
    return s === 'FINISHED' || s === 'ABORTED';
  }

  // A finished game's files (the server's /games/ID.*): those its summary
  // lists (GameSummary.downloads: the log, its JSON, the PPN where the game
  // has one), and the one-file replay.
  const FILE_NAMES = { ghlog: '.ghlog', json: 'JSON', ppn: 'PPN', html: 'one HTML file' };
  function listedFiles() {
    const listed = (game.view.game.downloads || []).map((d) => d.format);
    // A summary from before the end lists none: the two every game has, and
    // the PPN when the server answers for it.
    return listed.length ? listed : ['ghlog', 'json'].concat(game.ppn ? ['ppn'] : []);
  }
  function downloads() {
    const id = game.view.game.game_id, base = '/games/' + encodeURIComponent(id);
    const link = (format) => h('a', { href: base + '.' + format, download: id + '.' + format, 'data-format': format,
      text: FILE_NAMES[format] || format });
    return h('nav', { class: 'gh-downloads', id: 'gh-downloads', 'aria-label': 'Download the game' },
      [h('span', { text: 'Download: ' })].concat(listedFiles().concat(['html']).map(link)));
  }

  // The study view of a finished game: the replay of the one-file export
  // (GhReplay: stepping by keys and buttons, the scores, why it scores, the
  // review when the server keeps one beside the log), from the server's
  // /games/ID.replay.json. Fetched once per game; until it arrives (or if
  // it cannot be had) the final position stays.
  function study() {
    if (game.studying) return;
    game.studying = true;
    const g = game, base = '/games/' + encodeURIComponent(g.view.game.game_id);
    if (!(g.view.game.downloads || []).length)
      fetch(base + '.ppn').then((r) => { if (r.ok && game === g) { g.ppn = true; drawGame(); } }).catch(() => {});
    fetch(base + '.replay.json')
      .then((r) => r.ok ? r.json() : r.text().then((t) => { throw new Error(t.trim()); }))
      .then((data) => {
        if (game !== g) return;
        g.study = h('div', { id: 'gh-replay', class: 'gh-replay gh-study' }, [h('h1', { class: 'gh-study-title', text: 'Study the game' })]);
        g.replayData = data;
        drawGame();
      })
      .catch((e) => { if (game === g) { g.message = 'No replay: ' + e.message; drawGame(); } });
  }

  function drawFinished(status) {
    const v = game.view, seat = num(v.seat);
    page.replaceChildren(
      h('h1', { class: 'gh-title', text: v.game.game_name + ' ' + v.game.game_id }),
      h('p', { class: 'gh-as', id: 'gh-who', text: seat >= 0 ? 'You played ' + v.game.seats[seat].seat_name : 'Watching' }),
      h('p', { class: 'gh-status', id: 'gh-over', 'aria-live': 'polite', text: status }),
      downloads(), game.study);
    // Mounted once it is in the document (the replay finds its buttons by id).
    if (!game.replay) game.replay = GhReplay.mount(game.study, game.replayData);
  }

  // The game page's elements, made once a game: a move changes their
  // contents, and the board's <svg> only where the scene changed (so the
  // scene's motions run from the board as it was).
  function gameParts() {
    if (game.parts && game.parts.root.isConnected) return game.parts;
    const parts = {
      title: h('h1', { class: 'gh-title' }), who: h('p', { class: 'gh-as', id: 'gh-who' }),
      clocks: h('div', { class: 'gh-clocks', id: 'gh-clocks' }), board: h('div', { class: 'gh-board', id: 'gh-board' }),
      status: h('p', { class: 'gh-status', 'aria-live': 'polite' }),
      message: h('p', { class: 'gh-message', id: 'gh-message', role: 'alert' }), controls: h('div'),
      why: h('div', { id: 'gh-why-body' }), moves: h('ol', { class: 'gh-moves', id: 'gh-moves' }),
      text: h('section', { class: 'gh-section' }),
    };
    parts.board.addEventListener('click', clicked);
    const main = h('div', { class: 'gh-main' }, [parts.title, parts.who, parts.clocks, parts.board, parts.status,
      parts.message, parts.controls]);
    const side = h('div', { class: 'gh-side' }, [
      h('section', { class: 'gh-section', id: 'gh-why' }, [h('h2', { text: 'Why it scores' }), parts.why]),
      h('section', { class: 'gh-section' }, [h('h2', { text: 'Moves' }), parts.moves]), parts.text]);
    parts.root = h('div', { class: 'gh-layout' }, [main, side]);
    page.replaceChildren(parts.root);
    game.parts = parts;
    game.drawn = null;
    game.board = new GhScene.Board();
    return parts;
  }

  // Draws the game; `moved`: a ply was just played (the board moves to it).
  function drawGame(moved) {
    const v = game.view, info = v.position.info || {};
    if (finished()) study();
    const seat = num(v.seat);
    const who = seat >= 0 ? 'You play ' + v.game.seats[seat].seat_name : 'Watching';
    const status = v.game.status === 'WAITING' ? 'Waiting for players'
      : v.game.status === 'PLAYING' ? (myTurn() ? 'Your move' : (v.game.seats[num(info.to_move)] || {}).seat_name + ' to move')
      : 'Game over: ' + (v.game.result || info.result || '');
    if (game.study) { game.parts = null; return drawFinished(status); }
    const scrolled = window.scrollY;  // a redraw keeps the page where the reader is
    const parts = gameParts();
    parts.title.textContent = v.game.game_name + ' ' + v.game.game_id;
    parts.who.textContent = who;
    parts.status.id = finished() ? 'gh-over' : 'gh-status';
    parts.status.textContent = status;
    parts.message.textContent = game.message || '';
    const controls = [];
    if (finished()) controls.push(downloads());
    if (game.picker) {
      const picker = h('div', { class: 'gh-picker', id: 'gh-picker' });
      for (const choice of game.picker) picker.appendChild(h('button', { 'data-action': choice.id, text: choice.label, onclick: () => play(choice.id) }));
      picker.appendChild(h('button', { text: 'Cancel', onclick: () => { game.picker = null; drawGame(); } }));
      controls.push(picker);
    }
    if (myTurn()) {
      // Moves no board click reaches (pass, decline, …): buttons.
      const onBoard = new Set();
      for (const hit of (game.scene && game.scene.hits) || []) for (const a of hit.actions || []) onBoard.add(num(a));
      const others = (info.legal || []).filter((l) => !onBoard.has(num(l.id)));
      if (others.length && others.length <= 12) {
        const row = h('div', { class: 'gh-picker', id: 'gh-other-moves' });
        for (const l of others) row.appendChild(h('button', { 'data-action': num(l.id), text: l.notation, onclick: () => play(num(l.id)) }));
        controls.push(row);
      }
    }
    if (game.key && v.game.status === 'PLAYING')
      controls.push(h('button', { id: 'gh-resign', text: 'Resign', onclick: () => { if (confirm('Resign?')) send({ resign: { key: game.key } }); } }));
    parts.controls.replaceChildren(...controls);
    // The move list: only the lines that changed are written.
    const moves = parts.moves;
    while (moves.children.length > v.plies.length) moves.lastChild.remove();
    v.plies.forEach((p, i) => {
      const name = num(p.player) >= 0 ? (v.game.seats[num(p.player)] || {}).seat_name : 'chance';
      const text = name + ': ' + p.notation;
      const li = moves.children[i] || moves.appendChild(h('li'));
      if (li.textContent !== text) li.textContent = text;
    });
    moves.scrollTop = moves.scrollHeight;
    parts.text.replaceChildren(...(v.position.text ? [h('h2', { text: 'Board as text' }),
      h('pre', { class: 'gh-board-text', text: v.position.text })] : []));
    drawClocks(parts.clocks);
    if (game.scene && game.scene.bounds) {
      game.drawn = game.board.show(game.scene, { animate: !!moved, selected: game.selected, label: status,
        targets: true, onChoose: chose });
      if (game.drawn.svg.parentNode !== parts.board) parts.board.replaceChildren(game.drawn.svg);
      parts.why.replaceChildren(...GhScene.whyParts(game.scene, game.selected, select));
      if (!timing.boardPainted) {
        timing.boardPainted = true;
        afterPaint(() => performance.mark('gh-board-painted'));
      }
    } else {
      game.drawn = null;
      parts.board.replaceChildren(h('pre', { class: 'gh-board-text', text: v.position.text || '' }));
      parts.why.replaceChildren();
    }
    window.scrollTo(0, scrolled);
  }

  // Escape clears the selection (the study view's replay has its own keys).
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !game || !game.selected || game.study || finished()) return;
    e.preventDefault();
    select(game.selected);
  });

  setInterval(() => {
    const box = document.getElementById('gh-clocks');
    if (game && box && game.view.game.time && game.view.game.time.live) drawClocks(box);
  }, 250);

  connect();
})(window);
