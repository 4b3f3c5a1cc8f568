// GhReplay: a recorded game stepped through in the browser (docs/web.md):
// the board (GhScene), the moves, the scores, the scoring paths of what is
// selected, the notes, the review and the variations, by mouse, touch or
// the keyboard alone (←/→, Home/End, Escape). Its data is the JSON that
// `gamehost export --format html` writes into <script id="gh-game">
// (host/web/replay_page.cc); mount() takes it from anywhere else too.
(function (global) {
  'use strict';

  function h(tag, attrs, children) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) {
      if (attrs[k] === undefined || attrs[k] === null || attrs[k] === false) continue;
      if (k === 'text') e.textContent = attrs[k];
      else if (k === 'onclick') e.addEventListener('click', attrs[k]);
      else e.setAttribute(k, attrs[k] === true ? '' : attrs[k]);
    }
    for (const c of children || []) if (c) e.appendChild(c);
    return e;
  }
  function section(id, title, children) {
    return h('section', { id: id, class: 'gh-section', 'aria-labelledby': id + '-title' },
      [h('h2', { id: id + '-title', text: title })].concat(children || []));
  }

  function mount(root, data) {
    const frames = data.frames;
    const last = frames.length - 1;
    // Every ply's scene, expanded once (each is written as changes to the one before).
    const scenes = [];
    frames.forEach((f, k) => scenes.push(GhScene.expandScene(k ? scenes[k - 1] : null, f.scene)));
    const state = { ply: last, selected: '', variation: null, step: 0, shown: null };

    // ---------------------------------------------------------- the page
    const title = root.querySelector('h1') || h('h1');
    root.textContent = '';
    const result = h('p', { class: 'gh-result', text: data.game.result ? 'Result: ' + data.game.result : 'Unfinished game' });
    const asLine = data.game.as ? h('p', { class: 'gh-as', text: 'As ' + data.game.as + ' saw it: what that seat did not see is shown as ?.' }) : null;
    const board = h('div', { id: 'gh-board', class: 'gh-board' });
    const tooltip = h('div', { id: 'gh-tooltip', class: 'gh-tooltip', role: 'tooltip', hidden: true });
    const status = h('p', { id: 'gh-status', class: 'gh-status' });
    const plyText = h('p', { id: 'gh-ply', class: 'gh-ply' });
    const button = (id, text, label, go) => h('button', { id: id, type: 'button', 'aria-label': label, title: label, text: text, onclick: go });
    const controls = h('nav', { class: 'gh-controls', 'aria-label': 'Step through the game' }, [
      button('gh-first', '⇤', 'Start (Home)', () => go(0)),
      button('gh-back', '◀', 'Back one ply (←)', () => go(state.ply - 1)),
      button('gh-forward', '▶', 'Forward one ply (→)', () => go(state.ply + 1)),
      button('gh-last', '⇥', 'End (End)', () => go(last)),
    ]);
    const live = h('p', { id: 'gh-live', class: 'gh-visually-hidden', 'aria-live': 'polite' });
    const score = h('pre', { id: 'gh-score', class: 'gh-score' });
    const why = h('div', { id: 'gh-why-body' });
    const panel = h('div', { id: 'gh-panel', class: 'gh-panel' });
    const moves = h('ol', { id: 'gh-moves', class: 'gh-moves' });
    const notes = h('div', { id: 'gh-notes-body' });
    const review = h('div', { id: 'gh-review-body' });
    const variations = h('div', { id: 'gh-variations-body' });
    const boardText = h('pre', { id: 'gh-board-text', class: 'gh-board-text' });
    const hasNotes = Object.keys(data.notes || {}).length > 0;

    const side = h('div', { class: 'gh-side' }, [
      section('gh-why', 'Why it scores', [why]),
      section('gh-score-section', 'Score', [score]),
      section('gh-panel-section', 'Position', [panel]),
      section('gh-moves-section', 'Moves', [moves]),
      hasNotes ? section('gh-notes', 'Notes', [notes]) : null,
      data.review ? section('gh-review', 'Review', [review]) : null,
      (data.variations || []).length ? section('gh-variations', 'Variations', [variations]) : null,
      h('details', { class: 'gh-section gh-text-board', open: true }, [h('summary', { text: 'Board as text' }), boardText]),
    ]);
    root.append(title, result, asLine || '', h('div', { class: 'gh-layout' }, [
      h('div', { class: 'gh-main' }, [board, tooltip, status, plyText, controls, live]), side]));
    const seats = data.game.seats || [];

    // The move list, built once.
    const moveButtons = [h('button', { type: 'button', class: 'gh-move', 'data-ply': 0, text: 'Start', onclick: () => go(0) })];
    moves.appendChild(h('li', { class: 'gh-start' }, [moveButtons[0]]));
    for (const m of data.moves) {
      const b = h('button', { type: 'button', class: 'gh-move' + (m.taken_back ? ' gh-taken-back' : ''), 'data-ply': m.ply,
        text: m.ply + '. ' + m.who + ' ' + m.notation + (m.mark ? ' ' + m.mark : '') + (m.taken_back ? ' (taken back)' : ''),
        onclick: () => go(m.ply) });
      moveButtons.push(b);
      moves.appendChild(h('li', {}, [b]));
    }

    // ---------------------------------------------------------- the review graph
    let graph = null;
    if (data.review) graph = reviewGraph(data, (ply) => go(ply));
    if (graph) review.appendChild(graph.element);
    const verdict = h('p', { id: 'gh-verdict', class: 'gh-verdict' });
    review.appendChild(verdict);

    // ---------------------------------------------------------- drawing
    // The scene of `value` selected at `ply` (null when it cannot be
    // selected there), expanded once and kept.
    function selectedScene(ply, value) {
      const frame = frames[ply];
      const delta = (frame.selections || {})[value];
      if (!delta) return null;
      const cache = frame.expanded || (frame.expanded = {});
      if (!cache[value]) {
        cache[value] = delta.from_previous
          ? GhScene.expandScene(selectedScene(ply - 1, value), delta.from_previous)
          : GhScene.expandScene(scenes[ply], delta);
      }
      return cache[value];
    }
    function sceneShown() {
      if (state.variation) return state.variation.scenes[state.step];
      return (state.selected && selectedScene(state.ply, state.selected)) || scenes[state.ply];
    }

    let drawn = null;
    const boardView = new GhScene.Board();
    function draw(animate) {
      const scene = sceneShown();
      drawn = boardView.show(scene, { animate: animate, selected: state.selected,
        label: 'Board after ply ' + state.ply + (scene.status ? ': ' + scene.status : '') });
      if (drawn.svg.parentNode !== board) board.replaceChildren(drawn.svg);
      const bounds = scene.bounds || {};
      if (bounds.width > 0 && bounds.height > 0) board.style.aspectRatio = bounds.width + ' / ' + bounds.height;
      state.shown = scene;
      status.textContent = scene.status || '';
      const frame = frames[state.ply];
      if (state.variation) {
        const v = state.variation;
        plyText.textContent = 'Variation ' + v.data.path + ': move ' + state.step + ' of ' + v.data.moves.length;
      } else {
        const m = state.ply ? data.moves[state.ply - 1] : null;
        plyText.textContent = 'Ply ' + state.ply + ' of ' + last + (m ? ': ' + m.who + ' ' + m.notation : ': the start');
      }
      score.textContent = frame.score || (data.game.as ? 'Scores are not shown in one seat\'s view of a game with hidden information.' : 'The game gives no score.');
      boardText.textContent = frame.board || '';
      drawWhy(scene);
      drawPanel(scene);
      for (const b of moveButtons) {
        const current = Number(b.dataset.ply) === state.ply && !state.variation;
        b.classList.toggle('gh-current', current);
        if (current) b.setAttribute('aria-current', 'step'); else b.removeAttribute('aria-current');
      }
      drawNotes();
      drawReview();
      drawVariations();
      document.getElementById('gh-first').disabled = state.ply === 0 && !state.variation;
      document.getElementById('gh-back').disabled = state.ply === 0 && !state.variation;
      document.getElementById('gh-forward').disabled = state.variation ? state.step === state.variation.scenes.length - 1 : state.ply === last;
      document.getElementById('gh-last').disabled = state.ply === last && !state.variation;
    }

    function drawWhy(scene) {
      why.replaceChildren(...GhScene.whyParts(scene, state.selected, select, !state.variation));
    }

    function drawPanel(scene) {
      const parts = [];
      for (const s of scene.panel) {
        if (s.title) parts.push(h('h3', { text: s.title }));
        const ul = h('ul');
        for (const line of s.lines || []) {
          const li = h('li', { class: line.highlight ? 'gh-highlight' : '', 'data-key': line.key || null, 'data-value': line.value || null });
          li.style.paddingLeft = (line.indent || 0) + 'em';
          if (line.select) {
            const b = h('button', { type: 'button', class: 'gh-line-select', 'data-select': line.select, onclick: () => select(line.select) });
            GhScene.panelLine(line, b);
            li.appendChild(b);
          } else {
            GhScene.panelLine(line, li);
          }
          ul.appendChild(li);
        }
        parts.push(ul);
      }
      panel.replaceChildren(...parts);
    }

    function drawNotes() {
      if (!hasNotes) return;
      const here = (data.notes || {})[String(state.ply)] || [];
      const noted = Object.keys(data.notes).map(Number).sort((a, b) => a - b);
      notes.replaceChildren(
        here.length ? h('ul', { class: 'gh-note-list' }, here.map((t) => h('li', { text: t }))) : h('p', { class: 'gh-hint', text: 'No note on this ply.' }),
        h('p', { class: 'gh-noted' }, [document.createTextNode('Notes on plies: ')].concat(noted.map((p) =>
          h('button', { type: 'button', class: 'gh-link', text: String(p), onclick: () => go(p) })))));
    }

    function drawReview() {
      if (!data.review) return;
      if (graph) graph.mark(state.ply);
      const r = data.review.plies.find((x) => x.ply === state.ply);
      const m = state.ply ? data.moves[state.ply - 1] : null;
      if (!r || !m) { verdict.textContent = state.ply ? 'This ply was not reviewed.' : 'Step to a move to see its verdict.'; return; }
      const unit = data.review.value_unit === 'result' ? '' : ' points';
      const fmt = (x) => (x >= 0 ? '+' : '') + (Math.round(x * 10) / 10);
      verdict.textContent = r.points_lost > 0 && r.best !== r.played
        ? m.who + ' played ' + r.played + ' ' + r.symbol + ' (' + r['class'] + '): lost ' + (Math.round(r.points_lost * 10) / 10) + unit
          + '; best was ' + r.best + ' (' + fmt(r.before) + ' expected, drawn as a ghost)' + (r.best_line ? '; line: ' + r.best_line : '') + '.'
        : m.who + ' played ' + r.played + ', the engine\'s choice (' + fmt(r.after) + ' expected' + (r.exact ? ', proved' : '') + ').';
    }

    function drawVariations() {
      const all = data.variations || [];
      if (!all.length) return;
      const items = all.map((v, i) => {
        const steps = v.moves.map((mv, k) => h('button', { type: 'button', class: 'gh-var-move', 'data-variation': i, 'data-step': k + 1,
          'aria-current': state.variation && state.variation.index === i && state.step === k + 1 ? 'step' : null,
          text: mv, onclick: () => showVariation(i, k + 1) }));
        return h('li', {}, [h('button', { type: 'button', class: 'gh-link', text: 'after ply ' + v.ply + ':', onclick: () => showVariation(i, 0) })].concat(steps));
      });
      const parts = [h('ul', { class: 'gh-variation-list' }, items)];
      if (state.variation) parts.unshift(h('button', { type: 'button', id: 'gh-var-exit', text: 'Back to the game', onclick: () => go(state.ply) }));
      variations.replaceChildren(...parts);
    }

    // ---------------------------------------------------------- actions
    function go(ply) {
      ply = Math.max(0, Math.min(last, ply));
      const changed = ply !== state.ply || state.variation;
      state.ply = ply;
      state.variation = null;
      draw(changed);
      announce();
    }
    function step(delta) {
      if (!state.variation) return go(state.ply + delta);
      const v = state.variation;
      const next = state.step + delta;
      if (next < 0) return go(v.data.ply);
      state.step = Math.min(v.scenes.length - 1, next);
      draw(true);
      announce();
    }
    function showVariation(index, k) {
      const v = data.variations[index];
      const scenes_ = [scenes[v.ply]];
      v.frames.forEach((f, i) => scenes_.push(GhScene.expandScene(scenes_[i], f)));
      state.ply = v.ply;
      state.variation = { index: index, data: v, scenes: scenes_ };
      state.step = k;
      draw(true);
      announce();
    }
    function select(value) {
      state.selected = value === state.selected ? '' : value;
      draw(false);
      const s = sceneShown();
      live.textContent = state.selected ? (s.selection_name || state.selected) + ': ' + s.paths.filter((p) => p.label).map((p) => p.label).join('; ') : 'Selection cleared';
    }
    function announce() {
      const scene = sceneShown();
      live.textContent = plyText.textContent + '. ' + (scene.status || '');
    }

    board.addEventListener('click', (e) => {
      if (!drawn) return;
      const p = drawn.toBoard(e.clientX, e.clientY);
      const hit = p && drawn.hitAt(p.x, p.y);
      if (hit && hit.select) select(hit.select);
      else if (state.selected) select(state.selected);  // a click elsewhere clears, as in the viewer
    });
    board.addEventListener('pointermove', (e) => {
      if (!drawn) return;
      const p = drawn.toBoard(e.clientX, e.clientY);
      const text = p ? drawn.tooltipAt(p.x, p.y) : '';
      tooltip.hidden = !text;
      if (!text) return;
      tooltip.textContent = text;
      const r = board.getBoundingClientRect();
      tooltip.style.left = Math.min(e.clientX - r.left + 12, Math.max(0, r.width - 220)) + 'px';
      tooltip.style.top = (e.clientY - r.top + 16) + 'px';
    });
    board.addEventListener('pointerleave', () => { tooltip.hidden = true; });
    document.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || !root.isConnected) return;  // a page that mounted it and moved on
      const tag = (e.target && e.target.tagName) || '';
      if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
      if (e.key === 'ArrowRight') step(1);
      else if (e.key === 'ArrowLeft') step(-1);
      else if (e.key === 'Home') go(0);
      else if (e.key === 'End') go(last);
      else if (e.key === 'Escape' && state.selected) select(state.selected);
      else return;
      e.preventDefault();
    });

    draw(false);
    // The board's first paint, for the measurements of docs/web.md: the
    // frame after the one that drew it has begun.
    if (global.performance && performance.mark)
      requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('gh-board-painted')));
    return { go: go, select: select, state: state };
  }

  // The review's graph, as the viewer draws it: for each player, the
  // expected final margin in its own view after each of its moves.
  function reviewGraph(data, go) {
    const NS = 'http://www.w3.org/2000/svg';
    const plies = data.moves.length;
    const pts = data.review.plies;
    if (!pts.length || !plies) return null;
    const W = 320, H = 120, PAD = 6;
    let range = 1;
    for (const r of pts) range = Math.max(range, Math.abs(r.after));
    const x = (ply) => PAD + (W - 2 * PAD) * ply / plies;
    const y = (m) => H / 2 - (H / 2 - PAD) * m / range;
    const svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    svg.setAttribute('class', 'gh-graph');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'Evaluation graph: each player\'s expected final margin after its moves; click to go to a ply');
    const add = (name, attrs) => {
      const e = document.createElementNS(NS, name);
      for (const k in attrs) e.setAttribute(k, attrs[k]);
      svg.appendChild(e);
      return e;
    };
    add('rect', { x: 0, y: 0, width: W, height: H, class: 'gh-graph-bg' });
    add('line', { x1: PAD, x2: W - PAD, y1: y(0), y2: y(0), class: 'gh-graph-zero' });
    const colours = ['#56b4e9', '#cc79a7', '#e69f00', '#009e73'];
    const bySeat = {};
    for (const r of pts) (bySeat[r.seat] = bySeat[r.seat] || []).push(r);
    for (const seat in bySeat) {
      const line = bySeat[seat].map((r) => x(r.ply).toFixed(1) + ',' + y(r.after).toFixed(1)).join(' ');
      add('polyline', { points: line, fill: 'none', stroke: colours[seat % 4], 'stroke-width': 2,
        'stroke-dasharray': seat % 2 ? '5 3' : 'none', class: 'gh-graph-line', 'data-seat': seat });
      for (const r of bySeat[seat])
        if (r.points_lost > 0 && r.symbol) add('circle', { cx: x(r.ply), cy: y(r.after), r: 3, fill: colours[seat % 4] });
    }
    const marker = add('line', { y1: 0, y2: H, class: 'gh-graph-mark' });
    svg.addEventListener('click', (e) => {
      const m = svg.getScreenCTM();
      if (!m) return;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      go(Math.round((p.x - PAD) / (W - 2 * PAD) * plies));
    });
    const legend = document.createElement('p');
    legend.className = 'gh-graph-legend';
    (data.game.seats || []).forEach((name, seat) => {
      const s = document.createElement('span');
      s.textContent = (seat ? '  - - ' : '  —— ') + name;
      s.style.color = colours[seat % 4];
      legend.appendChild(s);
    });
    const wrap = document.createElement('div');
    wrap.append(svg, legend);
    return {
      element: wrap,
      mark: (ply) => { marker.setAttribute('x1', x(ply)); marker.setAttribute('x2', x(ply)); },
    };
  }

  global.GhReplay = { mount: mount };

  // The one-file replay: its data is in the page.
  function start() {
    const data = document.getElementById('gh-game');
    const root = document.getElementById('gh-replay');
    if (data && root) global.ghReplay = mount(root, JSON.parse(data.textContent));
  }
  if (typeof document !== 'undefined') {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
  }
})(typeof window !== 'undefined' ? window : this);
