// GhScene: a game's scene (proto/scene.proto, in protobuf's JSON mapping
// with the .proto field names, as gamehost writes it: docs/gamehost.md,
// "JSON") drawn as SVG, with the conventions of the replay viewer and of
// `gamehost diagram` (host/diagram/painter.cc): board y grows downward, the
// bounds fitted keeping their proportions, colours 0xRRGGBBAA, layers in
// order, rectangles outlined inside their edge, texts anchored by the
// middle of a capital, paths with their markers, numbers and captions
// placed off every text and piece, hit areas on top. Knows no game.
// Plain standard JavaScript: no library, nothing fetched.
(function (global) {
  'use strict';

  const SVG_NS = 'http://www.w3.org/2000/svg';
  const UNIT = 100;  // SVG user units per board unit
  const FONT = '"DejaVu Sans", Verdana, "Segoe UI", sans-serif';
  const VIEWER_BACKGROUND = 0x23262dff;  // the viewer's default
  const CAPTION_BOX = 0x1c1e24e8;
  const STEP_LABEL = 0x1a1a1aff;

  // ------------------------------------------------------------ scene data

  // Fields left out of the JSON are their defaults (0, "", [], false).
  function num(v) { return typeof v === 'number' ? v : Number(v || 0); }
  function list(v) { return Array.isArray(v) ? v : []; }
  function enumIndex(v, names) {
    if (typeof v === 'number') return v;
    const i = names.indexOf(v);
    return i < 0 ? 0 : i;
  }
  const ALIGN = ['CENTER', 'LEFT', 'RIGHT'];
  const MOTION = ['FADE', 'SCALE', 'DROP', 'NONE'];

  // A list written as changes (host/web/gamehost/web/scene_delta.h): each
  // entry the item itself or [start, count] of the list before.
  function expandRuns(before, runs) {
    const out = [];
    for (const r of list(runs)) {
      if (Array.isArray(r)) for (let i = r[0]; i < r[0] + r[1]; ++i) out.push(before[i]);
      else out.push(r);
    }
    return out;
  }

  // The scene a delta describes, from the scene before it ({} for none).
  function expandScene(before, delta) {
    before = before || {};
    const layersBefore = {}, sectionsBefore = {};
    for (const l of list(before.layers)) layersBefore[l.id] = l;
    for (const s of list(before.panel)) sectionsBefore[s.title || ''] = s;
    return {
      bounds: delta.bounds || {},
      background: num(delta.background),
      status: delta.status || '',
      selection_name: delta.selection_name || '',
      cycle: list(delta.cycle),
      hits: expandRuns(list(before.hits), delta.hits),
      paths: expandRuns(list(before.paths), delta.paths),
      panel: list(delta.panel).map((s) => ({
        title: s.title || '',
        lines: expandRuns(list((sectionsBefore[s.title || ''] || {}).lines), s.lines),
      })),
      overlays: expandRuns(list(before.overlays), delta.overlays),
      layers: list(delta.layers).map((l) => ({
        id: l.id,
        shapes: expandRuns(list((layersBefore[l.id] || {}).shapes), l.shapes),
      })),
    };
  }

  // ------------------------------------------------------------ drawing helpers

  // 0xRRGGBBAA as a CSS colour and its opacity.
  function rgba(c) {
    c = num(c) >>> 0;
    return { css: 'rgb(' + (c >>> 24) + ',' + ((c >>> 16) & 255) + ',' + ((c >>> 8) & 255) + ')', alpha: (c & 255) / 255 };
  }
  function cssColour(c) {
    const k = rgba(c);
    return k.css.replace('rgb(', 'rgba(').replace(')', ',' + k.alpha.toFixed(3) + ')');
  }

  function el(name, attrs, parent) {
    const e = document.createElementNS(SVG_NS, name);
    for (const k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function fillAttrs(c) {
    const k = rgba(c);
    return { fill: k.css, 'fill-opacity': k.alpha < 1 ? k.alpha.toFixed(3) : undefined };
  }
  function strokeAttrs(c, width) {
    const k = rgba(c);
    return { stroke: k.css, 'stroke-opacity': k.alpha < 1 ? k.alpha.toFixed(3) : undefined, 'stroke-width': width };
  }
  function pt(p) { return [num((p || {}).x) * UNIT, num((p || {}).y) * UNIT]; }
  function pointsAttr(points) { return list(points).map((p) => pt(p).map((v) => +v.toFixed(2)).join(',')).join(' '); }

  let measureContext = null;
  // The width of `text` at `size` user units (the canvas measures it, as
  // the fonts of the page would draw it).
  function textWidth(text, size, bold) {
    if (!measureContext) measureContext = document.createElement('canvas').getContext('2d');
    measureContext.font = (bold ? 'bold ' : '') + '100px ' + FONT;
    return measureContext.measureText(text).width * size / 100;
  }

  function box(x, y, w, h) { return { x: x, y: y, w: w, h: h }; }
  function overlaps(a, b) {
    const slack = 0.5;
    return a.x + a.w - slack > b.x && b.x + b.w - slack > a.x && a.y + a.h - slack > b.y && b.y + b.h - slack > a.y;
  }
  function contains(b, x, y) { return x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h; }
  function boundsOf(points) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const p of list(points)) {
      const [x, y] = pt(p);
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    return x0 === Infinity ? box(0, 0, 0, 0) : box(x0, y0, x1 - x0, y1 - y0);
  }

  // One line of text anchored as the viewer anchors it: by the middle of a
  // capital letter vertically. Returns the element and its box.
  function label(parent, content, x, y, size, bold, align, fill, halo, extra) {
    const width = textWidth(content, size, bold);
    const attrs = Object.assign({
      x: +x.toFixed(2), y: +(y + 0.37 * size).toFixed(2), 'font-size': +size.toFixed(2), 'font-family': FONT,
      'text-anchor': align < 0 ? 'start' : align > 0 ? 'end' : 'middle',
      'font-weight': bold ? 'bold' : undefined,
    }, fillAttrs(fill), extra || {});
    if (rgba(halo).alpha > 0) {
      Object.assign(attrs, strokeAttrs(halo, +(2 * Math.max(1, size * 0.12)).toFixed(2)));
      attrs['paint-order'] = 'stroke';
      attrs['stroke-linejoin'] = 'round';
    }
    const t = el('text', attrs, parent);
    t.textContent = content;
    const left = align < 0 ? x : align > 0 ? x - width : x - width / 2;
    return { element: t, box: box(left, y - 0.36 * size, width, 0.73 * size) };
  }

  // ------------------------------------------------------------ shapes

  // A shape's <g> (not yet in the document) and its box in SVG units.
  function drawShape(s) {
    const g = el('g', { 'data-id': s.id, class: s.solid ? 'gh-shape gh-solid' : 'gh-shape' });
    const width = num(s.outline_width) * UNIT;
    const hasOutline = rgba(s.outline).alpha > 0 && width > 0;
    const hasFill = rgba(s.fill).alpha > 0;
    let bounds = box(0, 0, 0, 0);
    if (s.text) {
      const t = s.text;
      const [x, y] = pt(t.position);
      const align = enumIndex(t.align, ALIGN);
      const drawn = label(g, t.content || '', x, y, num(t.size) * UNIT, !!t.bold, align === 1 ? -1 : align === 2 ? 1 : 0,
        s.fill, s.outline);
      bounds = drawn.box;
    } else if (s.rect) {
      const r = s.rect.rect || {};
      const x = num(r.x) * UNIT, y = num(r.y) * UNIT, w = num(r.width) * UNIT, h = num(r.height) * UNIT;
      const radius = num(s.rect.corner_radius) * UNIT;
      bounds = box(x, y, w, h);
      const clampR = (rr, ww, hh) => +Math.max(0, Math.min(rr, ww / 2, hh / 2)).toFixed(2);
      if (hasFill) el('rect', Object.assign({ x: x, y: y, width: w, height: h, rx: clampR(radius, w, h) || undefined }, fillAttrs(s.fill)), g);
      if (hasOutline && w > width && h > width) {
        // Outlined inside the edge, as the viewer draws rectangles.
        el('rect', Object.assign({ x: x + width / 2, y: y + width / 2, width: w - width, height: h - width,
          rx: clampR(radius - width / 2, w - width, h - width) || undefined, fill: 'none' }, strokeAttrs(s.outline, width)), g);
      }
    } else if (s.circle) {
      const [cx, cy] = pt(s.circle.center);
      const r = num(s.circle.radius) * UNIT;
      bounds = box(cx - r, cy - r, 2 * r, 2 * r);
      el('circle', Object.assign({ cx: cx, cy: cy, r: r }, hasFill ? fillAttrs(s.fill) : { fill: 'none' },
        hasOutline ? strokeAttrs(s.outline, width) : {}), g);
    } else if (s.polygon) {
      bounds = boundsOf(s.polygon.points);
      el('polygon', Object.assign({ points: pointsAttr(s.polygon.points), 'stroke-linejoin': 'round' },
        hasFill ? fillAttrs(s.fill) : { fill: 'none' }, hasOutline ? strokeAttrs(s.outline, width) : {}), g);
    } else if (s.polyline) {
      bounds = boundsOf(s.polyline.points);
      if (hasOutline) el('polyline', Object.assign({ points: pointsAttr(s.polyline.points), fill: 'none',
        'stroke-linejoin': 'miter', 'stroke-linecap': 'square' }, strokeAttrs(s.outline, width)), g);
    }
    return { g: g, box: bounds };
  }

  // ------------------------------------------------------------ motion
  // Between two scenes shapes are matched by id, as the viewer does
  // (viewer/render/scene_drawable.h): a new id arrives by its Motion (the
  // CSS classes gh-enter-*), a vanished id leaves by it reversed, an id in
  // both whose drawing changed moves from its old place and cross-fades
  // from its old look (the viewer blends the colours). 250 ms, easing out.
  const MOTION_MS = 250;
  const EASE_OUT = 'cubic-bezier(0.33, 1, 0.68, 1)';
  function pivotOf(s, b) { return s.pivot ? pt(s.pivot) : [b.x + b.w / 2, b.y + b.h / 2]; }
  function motionOf(s) { return MOTION[enumIndex(s.motion, MOTION)]; }
  function pinOrigin(g, s, b) {
    const [px, py] = pivotOf(s, b);
    g.style.transformBox = 'view-box';
    g.style.transformOrigin = px.toFixed(1) + 'px ' + py.toFixed(1) + 'px';
  }
  function enter(entry) {
    const motion = motionOf(entry.shape);
    if (motion === 'NONE') return;
    entry.g.classList.add('gh-enter-' + motion.toLowerCase());
    pinOrigin(entry.g, entry.shape, entry.box);
  }
  // The element stays, out of the scene's shapes, until its motion ends.
  function leave(entry, frames) {
    const g = entry.g;
    g.classList.remove('gh-shape', 'gh-solid');
    g.classList.add('gh-leaving');
    g.setAttribute('data-left', entry.shape.id);
    g.removeAttribute('data-id');
    g.style.pointerEvents = 'none';
    if (!frames || typeof g.animate !== 'function' || !g.isConnected) { g.remove(); return; }
    pinOrigin(g, entry.shape, entry.box);
    const run = g.animate(frames, { duration: MOTION_MS, easing: EASE_OUT, fill: 'forwards' });
    run.onfinish = run.oncancel = () => g.remove();
  }
  function leaveByMotion(entry) {
    const motion = motionOf(entry.shape);
    leave(entry, motion === 'NONE' ? null
      : motion === 'SCALE' ? [{ transform: 'scale(1)', opacity: 1 }, { transform: 'scale(0)', opacity: 0 }]
      : motion === 'DROP' ? [{ transform: 'none', opacity: 1 }, { transform: 'translateY(-90px)', opacity: 0 }]
      : [{ opacity: 1 }, { opacity: 0 }]);
  }
  // `before` and `after` are the same id: `after` slides from where
  // `before` was while `before`, above it, fades out.
  function morph(before, after) {
    const [x0, y0] = pivotOf(before.shape, before.box), [x1, y1] = pivotOf(after.shape, after.box);
    const dx = x0 - x1, dy = y0 - y1;
    const moved = Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5;
    const shift = 'translate(' + (-dx).toFixed(1) + 'px,' + (-dy).toFixed(1) + 'px)';
    leave(before, moved ? [{ transform: 'none', opacity: 1 }, { transform: shift, opacity: 0 }] : [{ opacity: 1 }, { opacity: 0 }]);
    if (!moved || typeof after.g.animate !== 'function') return;
    after.g.classList.add('gh-moving');
    const run = after.g.animate([{ transform: 'translate(' + dx.toFixed(1) + 'px,' + dy.toFixed(1) + 'px)' }, { transform: 'none' }],
      { duration: MOTION_MS, easing: EASE_OUT });
    run.onfinish = run.oncancel = () => after.g.classList.remove('gh-moving');
  }

  // ------------------------------------------------------------ paths

  let placeOffsets = null;
  // Grid offsets nearest first, vertical moves costing more (as
  // host/diagram/painter.cc and the viewer's label layout).
  function offsets() {
    if (placeOffsets) return placeOffsets;
    const radius = 80;
    placeOffsets = [];
    for (let dy = -radius; dy <= radius; ++dy)
      for (let dx = -radius; dx <= radius; ++dx)
        if (dx * dx + dy * dy <= radius * radius) placeOffsets.push([dx, dy]);
    placeOffsets.sort((a, b) => (a[0] * a[0] + 2 * a[1] * a[1]) - (b[0] * b[0] + 2 * b[1] * b[1]));
    return placeOffsets;
  }

  // The free box of w x h nearest (cx, cy) inside `area`.
  function freePlace(cx, cy, w, h, avoid, area, step) {
    let best = box(cx - w / 2, cy - h / 2, w, h), bestCost = Infinity;
    for (const [dx, dy] of offsets()) {
      const r = box(cx + dx * step - w / 2, cy + dy * step - h / 2, w, h);
      if (r.x < area.x || r.y < area.y || r.x + r.w > area.x + area.w || r.y + r.h > area.y + area.h) continue;
      let cost = 0;
      for (const a of avoid) if (overlaps(r, a)) cost += 1;
      if (cost === 0) return { box: r, free: true };
      if (cost < bestCost) { bestCost = cost; best = r; }
    }
    return { box: best, free: false };
  }

  // The scene's paths into `layer`; those `fresh` says are shown for the
  // first time (or changed) are drawn as they arrive (progressive routes
  // step by step, numbers and captions fading in), the others at rest.
  function drawPaths(layer, scene, info, area, fresh) {
    const paths = list(scene.paths);
    const arriving = paths.map(fresh);
    const groups = paths.map((p, k) => el('g', { class: 'gh-path' + (arriving[k] ? ' gh-path-new' : ''), 'data-path': p.id || '' }, layer));
    const labels = [];
    // As the viewer: every marker, then every line, then the numbers, then
    // the captions.
    paths.forEach((p, k) => {
      const steps = list(p.step_labels), points = list(p.points);
      const marker = num(p.marker_size);
      const size = UNIT * (marker > 0 ? Math.min(0.36, marker * 0.5) : 0.3);
      const stepMs = num(p.step_ms) || 120;
      points.forEach((q, i) => {
        if (i >= steps.length || !steps[i]) return;
        const [x, y] = pt(q);
        labels.push({ path: p, group: groups[k], text: steps[i], x: x, y: y, size: size,
          delay: p.progressive && arriving[k] ? i * stepMs : 0 });
        if (marker <= 0) return;
        const half = marker * UNIT / 2;
        el('rect', Object.assign({ x: x - half, y: y - half, width: 2 * half, height: 2 * half, rx: half * 0.25,
          class: 'gh-marker' }, fillAttrs(p.marker_fill)), groups[k]);
      });
    });
    paths.forEach((p, k) => {
      const points = list(p.points);
      if (points.length < 2) return;
      const width = Math.max(2, num(p.width) * UNIT);
      const line = el('polyline', Object.assign({ points: pointsAttr(points), fill: 'none', 'stroke-linejoin': 'round',
        'stroke-linecap': 'square', class: 'gh-route' }, strokeAttrs(p.colour, width)), groups[k]);
      if (p.progressive && arriving[k]) {
        line.setAttribute('pathLength', '1');
        line.classList.add('gh-progressive');
        line.style.setProperty('--gh-duration', ((points.length - 1) * (num(p.step_ms) || 120)) + 'ms');
      }
      for (const end of [points[0], points[points.length - 1]]) {
        const [x, y] = pt(end);
        el('circle', Object.assign({ cx: x, cy: y, r: width * 1.3 }, fillAttrs(p.colour)), groups[k]);
      }
    });
    // Two routes through one lot number it twice: the numbers move apart.
    for (let i = 0; i < labels.length; ++i)
      for (let j = 0; j < i; ++j) {
        if (Math.abs(labels[i].x - labels[j].x) > labels[i].size || Math.abs(labels[i].y - labels[j].y) > labels[i].size) continue;
        const shift = 0.2 * UNIT;
        labels[j].x -= shift; labels[j].y -= shift;
        labels[i].x += shift; labels[i].y += shift;
      }
    const avoid = info.texts.concat(info.solids);
    for (const l of labels) {
      const drawn = label(l.group, l.text, l.x, l.y, l.size, true, 0, STEP_LABEL, 0, { class: 'gh-step' });
      if (l.delay) drawn.element.style.animationDelay = l.delay + 'ms';
      avoid.push(drawn.box);
    }
    paths.forEach((p, k) => {
      if (!p.label) return;
      const base = UNIT * (num(p.label_size) > 0 ? num(p.label_size) : 0.34);
      const [cx, cy] = pt(p.label_position);
      for (const shrink of [1, 0.85, 0.7]) {
        const size = base * shrink;
        const w = textWidth(p.label, size, true), h = 0.73 * size;
        const pad = h * 0.45 + 3;
        const place = freePlace(cx, cy, w + 2 * pad, h + 2 * pad, avoid, area, UNIT * 0.06);
        if (!place.free && shrink > 0.71) continue;
        const b = place.box;
        const caption = el('g', { class: 'gh-caption' }, groups[k]);
        if (p.progressive && arriving[k]) caption.style.animationDelay = ((list(p.points).length - 1) * (num(p.step_ms) || 120)) + 'ms';
        el('rect', Object.assign({ x: b.x, y: b.y, width: b.w, height: b.h, rx: pad }, fillAttrs(CAPTION_BOX)), caption);
        el('rect', Object.assign({ x: b.x + 1.5, y: b.y + 1.5, width: b.w - 3, height: b.h - 3, rx: pad - 1.5, fill: 'none' },
          strokeAttrs(p.colour, 3)), caption);
        label(caption, p.label, b.x + b.w / 2, b.y + b.h / 2, size, true, 0, 0xffffffff, 0);
        avoid.push(b);
        break;
      }
    });
  }

  // ------------------------------------------------------------ the scene

  // A board that shows one scene after another in one <svg>, changing only
  // what changed: a shape whose JSON is the same keeps its element, the
  // paths and hit areas are drawn again only when they or the shapes
  // changed. So a move redraws a few shapes, not the board, and a shape
  // can move from where it was (the motions above).
  function Board() {
    this.svg = null;
    this.frame = null;        // the bounds and background the <svg> was made for
    this.layers = new Map();  // layer id -> <g>
    this.shapes = new Map();  // shape id -> { key, shape, g, box, layer }
    this.pathKeys = new Map();  // path id -> its JSON, as drawn
    this.pathsKey = null;
    this.hitsKey = null;
    this.hitAreas = [];
    this.tooltips = [];
    this.onChoose = null;
  }

  Board.prototype.reset = function (area, background) {
    const old = this.svg;
    this.svg = el('svg', {
      xmlns: SVG_NS, viewBox: [area.x, area.y, area.w, area.h].map((v) => +v.toFixed(2)).join(' '),
      preserveAspectRatio: 'xMidYMid meet', class: 'gh-scene', role: 'img',
    });
    el('rect', Object.assign({ x: area.x, y: area.y, width: area.w, height: area.h, class: 'gh-background' },
      fillAttrs(background)), this.svg);
    this.pathsGroup = el('g', { class: 'gh-paths' }, this.svg);
    this.hitsGroup = el('g', { class: 'gh-hits' }, this.svg);
    this.layers.clear();
    this.shapes.clear();
    this.pathKeys.clear();
    this.pathsKey = this.hitsKey = null;
    if (old && old.parentNode) old.parentNode.replaceChild(this.svg, old);
  };

  // Shows `scene` (a whole scene: every field printed as gamehost sends
  // them, or defaults left out). options:
  //   animate: shapes arrive, leave and move by their Motion (else the
  //     scene is simply shown; routes first shown are drawn step by step)
  //   previous: for a board showing its first scene, the scene before it
  //     (its ids are not new)
  //   selected: the selection drawn (its hit area is marked)
  //   targets: mark the hit areas with actions as targets, in the Tab order
  //     (Enter or Space calls onChoose(hit))
  //   onChoose, label (the accessible name of the board)
  // Returns { svg, tooltipAt(x, y), hitAt(x, y), toBoard(clientX, clientY),
  // changes } with board coordinates; changes counts the shapes that
  // entered, left, changed and stayed.
  Board.prototype.show = function (scene, options) {
    options = options || {};
    const b = scene.bounds || {};
    const bw = num(b.width) > 0 ? num(b.width) : 1, bh = num(b.height) > 0 ? num(b.height) : 1;
    const area = box(num(b.x) * UNIT, num(b.y) * UNIT, bw * UNIT, bh * UNIT);
    const background = num(scene.background) || VIEWER_BACKGROUND;
    const frame = [area.x, area.y, area.w, area.h, background].join(' ');
    const first = !this.svg || frame !== this.frame;
    if (first) this.reset(area, background);
    this.frame = frame;
    const svg = this.svg;
    svg.setAttribute('aria-label', options.label || scene.status || 'the board');
    let previousIds = null;
    if (first && options.previous) {
      previousIds = new Set();
      for (const l of list(options.previous.layers)) for (const s of list(l.shapes)) previousIds.add(s.id);
    }
    const animate = !!options.animate || !!previousIds;
    const changes = { entered: 0, left: 0, changed: 0, kept: 0 };
    const info = { texts: [], solids: [], tooltips: [] };
    // The shapes gone first: they leave from where they are, and the
    // others are placed around them.
    const seen = new Set();
    for (const layer of list(scene.layers)) for (const s of list(layer.shapes)) seen.add(s.id);
    for (const [id, entry] of this.shapes) {
      if (seen.has(id)) continue;
      this.shapes.delete(id);
      ++changes.left;
      if (animate) leaveByMotion(entry); else entry.g.remove();
    }
    const live = (node) => {  // the next node that is not leaving
      while (node && node.classList.contains('gh-leaving')) node = node.nextSibling;
      return node;
    };
    let after = svg.firstChild;  // the background
    for (const layer of list(scene.layers)) {
      let g = this.layers.get(layer.id);
      if (!g) {
        g = el('g', { class: 'gh-layer', 'data-layer': layer.id });
        this.layers.set(layer.id, g);
      }
      if (after.nextSibling !== g) svg.insertBefore(g, after.nextSibling);
      after = g;
      let previous = null;
      for (const s of list(layer.shapes)) {
        const kept = this.shapes.get(s.id);
        const key = kept && kept.shape === s ? kept.key : JSON.stringify(s);
        let entry = kept;
        if (kept && kept.key === key && kept.layer === layer.id) {
          kept.shape = s;
          ++changes.kept;
        } else {
          const drawn = drawShape(s);
          entry = { key: key, shape: s, g: drawn.g, box: drawn.box, layer: layer.id };
          this.shapes.set(s.id, entry);
          if (kept) {
            ++changes.changed;
            if (animate) morph(kept, entry); else kept.g.remove();
          } else {
            ++changes.entered;
            if (animate && !(previousIds && previousIds.has(s.id))) enter(entry);
          }
        }
        const want = live(previous ? previous.nextSibling : g.firstChild);
        if (want !== entry.g) g.insertBefore(entry.g, want);
        previous = entry.g;
        if (s.text) info.texts.push(entry.box);
        if (s.solid) info.solids.push(entry.box);
        if (s.tooltip) info.tooltips.push({ box: entry.box, text: s.tooltip });
      }
    }
    if (after.nextSibling !== this.pathsGroup) svg.insertBefore(this.pathsGroup, after.nextSibling);
    this.tooltips = info.tooltips;

    // The paths: drawn again when they or the shapes they keep clear of changed.
    const paths = list(scene.paths);
    const pathKeys = new Map(paths.map((p) => [p.id || '', JSON.stringify(p)]));
    const pathsKey = [...pathKeys.values()].join('\n');
    if (changes.entered || changes.left || changes.changed || pathsKey !== this.pathsKey || first) {
      const before = this.pathKeys;
      const group = el('g', { class: 'gh-paths' });
      drawPaths(group, scene, info, area, (p) => before.get(p.id || '') !== pathKeys.get(p.id || ''));
      svg.replaceChild(group, this.pathsGroup);
      this.pathsGroup = group;
      this.pathKeys = pathKeys;
      this.pathsKey = pathsKey;
    }

    // The hit areas, on top.
    const hitAreas = list(scene.hits);
    this.hitAreas = hitAreas;
    this.onChoose = options.onChoose || null;
    const hitsKey = JSON.stringify(hitAreas) + (options.targets ? ' targets' : '');
    if (hitsKey !== this.hitsKey) {
      this.hitsKey = hitsKey;
      const hits = el('g', { class: 'gh-hits' });
      hitAreas.forEach((h, i) => {
        const r = h.rect || {};
        const rect = el('rect', { x: num(r.x) * UNIT, y: num(r.y) * UNIT, width: num(r.width) * UNIT,
          height: num(r.height) * UNIT, class: 'gh-hit', 'data-index': i }, hits);
        if (h.select) {
          rect.setAttribute('data-select', h.select);
          rect.classList.add('gh-selectable');
        }
        if (h.hover) rect.setAttribute('data-hover', h.hover);
        if (!options.targets || !list(h.actions).length) return;
        rect.classList.add('gh-target');
        // The keyboard alone reaches every target: Tab, then Enter or Space.
        rect.setAttribute('tabindex', '0');
        rect.setAttribute('role', 'button');
        rect.setAttribute('aria-label', list(h.action_labels).join(', ') || h.hover || 'move');
        rect.addEventListener('keydown', (e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          if (this.onChoose) this.onChoose(h);
        });
      });
      svg.replaceChild(hits, this.hitsGroup);
      this.hitsGroup = hits;
    }
    for (const rect of this.hitsGroup.querySelectorAll('.gh-selectable'))
      rect.classList.toggle('gh-selected', !!options.selected && rect.getAttribute('data-select') === options.selected);
    return this.drawn(changes);
  };

  Board.prototype.drawn = function (changes) {
    const svg = this.svg, board = this;
    function toBoard(clientX, clientY) {
      const m = svg.getScreenCTM();
      if (!m) return null;
      const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
      return { x: p.x / UNIT, y: p.y / UNIT };
    }
    function tooltipAt(x, y) {
      for (let i = board.tooltips.length - 1; i >= 0; --i)
        if (contains(board.tooltips[i].box, x * UNIT, y * UNIT)) return board.tooltips[i].text;
      return '';
    }
    function hitAt(x, y) {
      const hitAreas = board.hitAreas;
      for (let i = hitAreas.length - 1; i >= 0; --i) {
        const r = hitAreas[i].rect || {};
        if (x >= num(r.x) && x < num(r.x) + num(r.width) && y >= num(r.y) && y < num(r.y) + num(r.height)) return hitAreas[i];
      }
      return null;
    }
    return { svg: svg, tooltipAt: tooltipAt, hitAt: hitAt, toBoard: toBoard, changes: changes };
  };

  // `scene` drawn into a new <svg> (a board of its own; options as show's).
  function render(scene, options) {
    return new Board().show(scene, options);
  }

  // "Why it scores": what the plugin says of a selection, as HTML parts
  // (the replay and the served page show them beside the board). The
  // scene's cycle as buttons (so the keyboard alone reaches every
  // selection; onSelect(value)), the selection's name, each path's caption
  // in its colour, or a hint of what to click.
  function whyParts(scene, selected, onSelect, hint) {
    const parts = [];
    const cycle = list(scene.cycle);
    if (cycle.length) {
      const row = document.createElement('div');
      row.className = 'gh-cycle';
      row.setAttribute('role', 'group');
      row.setAttribute('aria-label', 'Selections');
      for (const value of cycle) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'gh-select';
        b.setAttribute('data-select', value);
        b.setAttribute('aria-pressed', value === selected ? 'true' : 'false');
        b.textContent = value;
        b.addEventListener('click', () => onSelect(value));
        row.appendChild(b);
      }
      parts.push(row);
    }
    const line = (tag, className, text) => {
      const e = document.createElement(tag);
      e.className = className;
      e.textContent = text;
      return e;
    };
    if (scene.selection_name) parts.push(line('p', 'gh-selection', 'Selected: ' + scene.selection_name));
    const captions = list(scene.paths).filter((p) => p.label);
    if (captions.length) {
      const ul = document.createElement('ul');
      ul.className = 'gh-captions';
      for (const p of captions) {
        const li = line('li', '', p.label);
        li.style.borderColor = cssColour(p.colour);
        ul.appendChild(li);
      }
      parts.push(ul);
    }
    if (!selected && hint !== false)
      parts.push(line('p', 'gh-hint', cycle.length
        ? 'Click a piece on the board, or pick it here, to see why it scores (Escape clears).'
        : 'Nothing to select in this position.'));
    return parts;
  }

  // A panel line's spans as HTML (text and glyphs in their colours).
  function panelLine(line, parent) {
    for (const span of list(line.spans)) {
      const glyph = enumIndex(span.glyph, ['NO_GLYPH', 'DISC', 'SQUARE', 'TRIANGLE']);
      const colour = num(span.colour) ? cssColour(span.colour) : '';
      if (glyph) {
        const g = document.createElement('span');
        g.className = 'gh-glyph gh-glyph-' + ['', 'disc', 'square', 'triangle'][glyph];
        g.setAttribute('aria-hidden', 'true');
        if (colour) g.style.color = colour;
        parent.appendChild(g);
      }
      const t = document.createElement(span.bold ? 'strong' : 'span');
      t.textContent = span.text || '';
      if (colour) t.style.color = colour;
      parent.appendChild(t);
    }
  }

  global.GhScene = { expandScene: expandScene, Board: Board, render: render, whyParts: whyParts, panelLine: panelLine,
    cssColour: cssColour, UNIT: UNIT };
})(typeof window !== 'undefined' ? window : this);
