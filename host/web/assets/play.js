// The page of `gamehost serve` (docs/web.md, "The served page"): the lobby
// at `/` and a game at `/#game=ID`, over the JSON WebSocket protocol at /ws
// (proto/net.proto, docs/protocol.md). The board is the plugin's scene
// (Position.scene, asked for with Hello.scenes), drawn by GhScene; the page
// knows no game. Seat tokens are kept in localStorage, so a reload takes
// the seat up again (Attach).
(function () {
  'use strict';
  const page = document.getElementById('gh-page');
  const connection = document.getElementById('gh-connection');
  let ws = null, nextId = 1;
  const answers = new Map();  // request id -> callback(message)
  const lobby = { types: [], games: new Map() };
  let game = null;  // the game shown: { view, scene, drawn, key, message, picker }

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
      send({ hello: { protocol_version: 1, client: 'gamehost-web', name: playerName(), scenes: true } });
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
      case 'game_types': lobby.types = body.types || []; return showLobby();
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
    if (lobby.types.length) page.appendChild(createForm());
  }

  // ------------------------------------------------------------ a game

  function showGame(view) {
    const id = view.game.game_id;
    if (!game || game.view.game.game_id !== id) {
      if (location.hash !== '#game=' + encodeURIComponent(id)) history.replaceState(null, '', '#game=' + encodeURIComponent(id));
      game = { view: view, scene: null, drawn: null, message: '', picker: null };
    }
    game.view = view;
    game.key = num(view.seat) >= 0 ? keptKey(id) : null;
    game.scene = view.position.scene || null;
    game.picker = null;
    drawGame();
  }

  function moveMade(made) {
    if (!game || game.view.game.game_id !== made.game_id) return;
    const plies = game.view.plies;
    if (plies.length + 1 !== num(made.ply.ply)) { route(); return; }  // a gap: ask again for the whole game
    plies.push(made.ply);
    game.previous = game.scene;
    game.view.position = made.position;
    game.view.clocks = made.clocks;
    game.view.game.plies = plies.length;
    game.scene = made.position.scene || null;
    game.picker = null;
    game.message = '';
    drawGame();
  }

  function gameEnded(ended) {
    if (!game || game.view.game.game_id !== ended.game_id) return;
    game.view.plies = ended.plies || game.view.plies;
    game.view.position = ended.position;
    game.view.game.status = 'FINISHED';
    game.view.game.result = ended.result;
    game.scene = ended.position.scene || game.scene;
    drawGame();
  }

  function legalName(id) {
    for (const l of game.view.position.info.legal || []) if (num(l.id) === id) return l.notation;
    return String(id);
  }

  function play(action) {
    const key = game.key;
    if (!key) return;
    game.picker = null;
    send({ move: { key: key, ply: game.view.plies.length + 1, action_id: action } });
  }

  function clicked(event) {
    if (!game || !game.drawn) return;
    const p = game.drawn.toBoard(event.clientX, event.clientY);
    const hit = p && game.drawn.hitAt(p.x, p.y);
    if (!hit) return;
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

  function drawGame() {
    const v = game.view, info = v.position.info || {};
    const scrolled = window.scrollY;  // a redraw keeps the page where the reader is
    page.textContent = '';
    const seat = num(v.seat);
    const who = seat >= 0 ? 'You play ' + v.game.seats[seat].seat_name : 'Watching';
    const status = v.game.status === 'WAITING' ? 'Waiting for players'
      : v.game.status === 'PLAYING' ? (myTurn() ? 'Your move' : (v.game.seats[num(info.to_move)] || {}).seat_name + ' to move')
      : 'Game over: ' + (v.game.result || info.result || '');
    const board = h('div', { class: 'gh-board', id: 'gh-board' });
    const clocks = h('div', { class: 'gh-clocks', id: 'gh-clocks' });
    const main = h('div', { class: 'gh-main' }, [
      h('h1', { class: 'gh-title', text: v.game.game_name + ' ' + v.game.game_id }),
      h('p', { class: 'gh-as', id: 'gh-who', text: who }), clocks, board,
      h('p', { class: 'gh-status', id: 'gh-status', 'aria-live': 'polite', text: status }),
      h('p', { class: 'gh-message', id: 'gh-message', role: 'alert', text: game.message || '' })]);
    if (game.picker) {
      const picker = h('div', { class: 'gh-picker', id: 'gh-picker' });
      for (const choice of game.picker) picker.appendChild(h('button', { 'data-action': choice.id, text: choice.label, onclick: () => play(choice.id) }));
      picker.appendChild(h('button', { text: 'Cancel', onclick: () => { game.picker = null; drawGame(); } }));
      main.appendChild(picker);
    }
    if (myTurn()) {
      // Moves no board click reaches (pass, decline, …): buttons.
      const onBoard = new Set();
      for (const hit of (game.scene && game.scene.hits) || []) for (const a of hit.actions || []) onBoard.add(num(a));
      const others = (info.legal || []).filter((l) => !onBoard.has(num(l.id)));
      if (others.length && others.length <= 12) {
        const row = h('div', { class: 'gh-picker', id: 'gh-other-moves' });
        for (const l of others) row.appendChild(h('button', { 'data-action': num(l.id), text: l.notation, onclick: () => play(num(l.id)) }));
        main.appendChild(row);
      }
    }
    if (game.key && v.game.status === 'PLAYING')
      main.appendChild(h('button', { id: 'gh-resign', text: 'Resign', onclick: () => { if (confirm('Resign?')) send({ resign: { key: game.key } }); } }));
    const moves = h('ol', { class: 'gh-moves', id: 'gh-moves' });
    for (const p of v.plies) {
      const name = num(p.player) >= 0 ? (v.game.seats[num(p.player)] || {}).seat_name : 'chance';
      moves.appendChild(h('li', { text: name + ': ' + p.notation }));
    }
    const side = h('div', { class: 'gh-side' }, [h('section', { class: 'gh-section' }, [h('h2', { text: 'Moves' }), moves])]);
    if (v.position.text) side.appendChild(h('section', { class: 'gh-section' }, [h('h2', { text: 'Board as text' }),
      h('pre', { class: 'gh-board-text', text: v.position.text })]));
    page.appendChild(h('div', { class: 'gh-layout' }, [main, side]));
    moves.scrollTop = moves.scrollHeight;
    drawClocks(clocks);
    if (game.scene && game.scene.bounds) {
      game.drawn = GhScene.render(game.scene, { previous: game.previous, label: status });
      game.previous = null;
      const hits = game.scene.hits || [];
      for (const rect of game.drawn.svg.querySelectorAll('.gh-hit')) {
        const hit = hits[num(rect.getAttribute('data-index'))];
        if (hit && (hit.actions || []).length) rect.classList.add('gh-target');
      }
      game.drawn.svg.addEventListener('click', clicked);
      board.appendChild(game.drawn.svg);
    } else {
      game.drawn = null;
      board.appendChild(h('pre', { class: 'gh-board-text', text: v.position.text || '' }));
    }
    window.scrollTo(0, scrolled);
  }

  setInterval(() => {
    const box = document.getElementById('gh-clocks');
    if (game && box && game.view.game.time && game.view.game.time.live) drawClocks(box);
  }, 250);

  connect();
})();
