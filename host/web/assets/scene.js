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

  function drawShape(parent, s, info) {
    const g = el('g', { 'data-id': s.id, class: s.solid ? 'gh-shape gh-solid' : 'gh-shape' }, parent);
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
      info.texts.push(bounds);
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
    if (s.solid) info.solids.push(bounds);
    if (s.tooltip) info.tooltips.push({ box: bounds, text: s.tooltip });
    // A shape new since the scene before arrives by its Motion.
    if (info.previousIds && !info.previousIds.has(s.id)) {
      const motion = MOTION[enumIndex(s.motion, MOTION)];
      if (motion !== 'NONE') {
        g.classList.add('gh-enter-' + motion.toLowerCase());
        const [px, py] = s.pivot ? pt(s.pivot) : [bounds.x + bounds.w / 2, bounds.y + bounds.h / 2];
        g.style.transformOrigin = px.toFixed(1) + 'px ' + py.toFixed(1) + 'px';
      }
    }
    return g;
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

  function drawPaths(parent, scene, info, area) {
    const paths = list(scene.paths);
    const layer = el('g', { class: 'gh-paths' }, parent);
    const groups = paths.map((p) => el('g', { class: 'gh-path', 'data-path': p.id || '' }, layer));
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
          delay: p.progressive ? i * stepMs : 0 });
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
      if (p.progressive) {
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
        if (p.progressive) caption.style.animationDelay = ((list(p.points).length - 1) * (num(p.step_ms) || 120)) + 'ms';
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

  // Draws `scene` (a whole scene: every field printed as gamehost sends
  // them, or defaults left out) into a new <svg>. options:
  //   previous: the scene shown before (new shapes then arrive by their Motion)
  //   selected: the selection drawn (its hit area is marked)
  //   label: the accessible name of the board
  // Returns { svg, tooltipAt(x, y), hitAt(x, y), toBoard(clientX, clientY) }
  // with board coordinates.
  function render(scene, options) {
    options = options || {};
    const b = scene.bounds || {};
    const bw = num(b.width) > 0 ? num(b.width) : 1, bh = num(b.height) > 0 ? num(b.height) : 1;
    const area = box(num(b.x) * UNIT, num(b.y) * UNIT, bw * UNIT, bh * UNIT);
    const svg = el('svg', {
      xmlns: SVG_NS, viewBox: [area.x, area.y, area.w, area.h].map((v) => +v.toFixed(2)).join(' '),
      preserveAspectRatio: 'xMidYMid meet', class: 'gh-scene', role: 'img',
      'aria-label': options.label || scene.status || 'the board',
    });
    const background = num(scene.background) || VIEWER_BACKGROUND;
    el('rect', Object.assign({ x: area.x, y: area.y, width: area.w, height: area.h, class: 'gh-background' },
      fillAttrs(background)), svg);
    let previousIds = null;
    if (options.previous) {
      previousIds = new Set();
      for (const l of list(options.previous.layers)) for (const s of list(l.shapes)) previousIds.add(s.id);
    }
    const info = { texts: [], solids: [], tooltips: [], previousIds: previousIds };
    for (const layer of list(scene.layers)) {
      const g = el('g', { class: 'gh-layer', 'data-layer': layer.id }, svg);
      for (const s of list(layer.shapes)) drawShape(g, s, info);
    }
    drawPaths(svg, scene, info, area);
    const hits = el('g', { class: 'gh-hits' }, svg);
    const hitAreas = list(scene.hits);
    hitAreas.forEach((h, i) => {
      const r = h.rect || {};
      const rect = el('rect', { x: num(r.x) * UNIT, y: num(r.y) * UNIT, width: num(r.width) * UNIT,
        height: num(r.height) * UNIT, class: 'gh-hit', 'data-index': i }, hits);
      if (h.select) {
        rect.setAttribute('data-select', h.select);
        rect.classList.add('gh-selectable');
        if (h.select === options.selected) rect.classList.add('gh-selected');
      }
      if (h.hover) rect.setAttribute('data-hover', h.hover);
    });
    function toBoard(clientX, clientY) {
      const m = svg.getScreenCTM();
      if (!m) return null;
      const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
      return { x: p.x / UNIT, y: p.y / UNIT };
    }
    function tooltipAt(x, y) {
      for (let i = info.tooltips.length - 1; i >= 0; --i)
        if (contains(info.tooltips[i].box, x * UNIT, y * UNIT)) return info.tooltips[i].text;
      return '';
    }
    function hitAt(x, y) {
      for (let i = hitAreas.length - 1; i >= 0; --i) {
        const r = hitAreas[i].rect || {};
        if (x >= num(r.x) && x < num(r.x) + num(r.width) && y >= num(r.y) && y < num(r.y) + num(r.height)) return hitAreas[i];
      }
      return null;
    }
    return { svg: svg, tooltipAt: tooltipAt, hitAt: hitAt, toBoard: toBoard };
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

  global.GhScene = { expandScene: expandScene, render: render, panelLine: panelLine, cssColour: cssColour, UNIT: UNIT };
})(typeof window !== 'undefined' ? window : this);
