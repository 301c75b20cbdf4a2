// Charts as inline SVG drawn here (no library): bars, stacked bars over time, lines, a score
// ring and a calibration curve. Each returns an <svg> with a <title> and an aria-label, and
// the numbers are also in the page's text or tables for screen readers.

const NS = 'http://www.w3.org/2000/svg';
export const palette = ['#1f6feb', '#d4380d', '#2b8a3e', '#8c5bd1', '#b7791f', '#0b7285', '#c2255c', '#5c677d'];

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  for (const c of children.flat()) if (c) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function frame(width, height, label) {
  return svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label, class: 'chart',
    preserveAspectRatio: 'xMidYMid meet' }, svg('title', {}, label));
}

const fmt = (v) => (Math.abs(v) >= 100 || Number.isInteger(v) ? String(Math.round(v)) : v.toFixed(2));

/** The top of a value axis: for counts an even whole number, so the ticks at 0, half and top are whole too
 *  (one stopped message is not drawn against a "0.50" tick). */
function axisMax(values) {
  const top = Math.max(1, ...values);
  return values.every(Number.isInteger) ? Math.max(2, 2 * Math.ceil(top / 2)) : top;
}

/** A ring from 0 to 1 with the value in the middle. */
export function scoreRing(value, { size = 64, label = 'Score' } = {}) {
  const r = size / 2 - 5, c = 2 * Math.PI * r, v = Math.max(0, Math.min(1, value ?? 0));
  const root = frame(size, size, `${label} ${Math.round(v * 100)} of 100`);
  root.classList.add('ring');
  root.append(
    svg('circle', { cx: size / 2, cy: size / 2, r, fill: 'none', stroke: '#d0d7de', 'stroke-width': 6 }),
    svg('circle', { cx: size / 2, cy: size / 2, r, fill: 'none', stroke: '#1f6feb', 'stroke-width': 6,
      'stroke-dasharray': `${c * v} ${c}`, transform: `rotate(-90 ${size / 2} ${size / 2})`, 'stroke-linecap': 'round' }),
    svg('text', { x: '50%', y: '50%', 'dominant-baseline': 'central', 'text-anchor': 'middle', 'font-size': size / 3.6,
      'font-weight': 700, fill: '#1c2128' }, String(Math.round(v * 100))));
  return root;
}

/** Vertical bars: [{label, value}]. */
export function bars(items, { width = 480, height = 200, label = 'Bar chart', color = palette[0], yMax } = {}) {
  const root = frame(width, height, label);
  const pad = { l: 36, r: 8, t: 10, b: 28 };
  const max = yMax ?? axisMax(items.map((d) => d.value));
  const w = (width - pad.l - pad.r) / Math.max(1, items.length);
  axis(root, { width, height, pad, max });
  items.forEach((d, i) => {
    const h = (height - pad.t - pad.b) * (d.value / max);
    root.append(svg('rect', { x: pad.l + i * w + 2, y: height - pad.b - h, width: Math.max(1, w - 4), height: h, fill: d.color ?? color },
      svg('title', {}, `${d.label}: ${fmt(d.value)}`)));
    if (items.length <= 24 || i % Math.ceil(items.length / 12) === 0) {
      root.append(svg('text', { x: pad.l + i * w + w / 2, y: height - pad.b + 14, 'text-anchor': 'middle', 'font-size': 10,
        fill: '#4d5561' }, d.label));
    }
  });
  return root;
}

/** Stacked bars over time: rows [{label, values: {series: n}}], series names in order. */
export function stackedBars(rows, series, { width = 640, height = 220, label = 'Stacked bars', colors = palette } = {}) {
  const root = frame(width, height, label);
  const pad = { l: 36, r: 8, t: 10, b: 28 };
  const max = axisMax(rows.map((r) => series.reduce((s, k) => s + (r.values[k] ?? 0), 0)));
  const w = (width - pad.l - pad.r) / Math.max(1, rows.length);
  axis(root, { width, height, pad, max });
  rows.forEach((row, i) => {
    let y = height - pad.b;
    series.forEach((name, j) => {
      const v = row.values[name] ?? 0;
      if (!v) return;
      const h = (height - pad.t - pad.b) * (v / max);
      y -= h;
      root.append(svg('rect', { x: pad.l + i * w + 1, y, width: Math.max(1, w - 2), height: h, fill: colors[j % colors.length] },
        svg('title', {}, `${row.label} ${name}: ${v}`)));
    });
    if (rows.length <= 14 || i % Math.ceil(rows.length / 10) === 0) {
      root.append(svg('text', { x: pad.l + i * w + w / 2, y: height - pad.b + 14, 'text-anchor': 'middle', 'font-size': 10,
        fill: '#4d5561' }, row.label));
    }
  });
  return root;
}

/** Lines: series [{name, points: [[x, y]]}] with x and y in data units. */
export function lines(series, { width = 480, height = 220, label = 'Line chart', xMax, yMax, xLabel, yLabel, diagonal } = {}) {
  const root = frame(width, height, label);
  // A y label sits above the plot, clear of the top tick's number.
  const pad = { l: 40, r: 10, t: yLabel ? 24 : 10, b: 32 };
  const allX = series.flatMap((s) => s.points.map((p) => p[0])), allY = series.flatMap((s) => s.points.map((p) => p[1]));
  const mx = xMax ?? Math.max(1, ...allX), my = yMax ?? Math.max(1, ...allY);
  const X = (x) => pad.l + (width - pad.l - pad.r) * (x / mx), Y = (y) => height - pad.b - (height - pad.t - pad.b) * (y / my);
  axis(root, { width, height, pad, max: my });
  if (diagonal) root.append(svg('line', { x1: X(0), y1: Y(0), x2: X(mx), y2: Y(my), stroke: '#8c959f', 'stroke-dasharray': '4 4' }));
  series.forEach((s, i) => {
    const color = s.color ?? palette[i % palette.length];
    if (s.points.length) {
      root.append(svg('polyline', { fill: 'none', stroke: color, 'stroke-width': 2,
        points: s.points.map(([x, y]) => `${X(x).toFixed(1)},${Y(y).toFixed(1)}`).join(' ') }));
    }
    for (const [x, y] of s.points) {
      root.append(svg('circle', { cx: X(x), cy: Y(y), r: 3, fill: color }, svg('title', {}, `${s.name}: ${fmt(x)}, ${fmt(y)}`)));
    }
  });
  if (xLabel) root.append(svg('text', { x: width / 2, y: height - 4, 'text-anchor': 'middle', 'font-size': 11, fill: '#4d5561' }, xLabel));
  if (yLabel) root.append(svg('text', { x: 4, y: 12, 'font-size': 11, fill: '#4d5561' }, yLabel));
  return root;
}

/** A one-line sparkline of numbers. */
export function sparkline(values, { width = 160, height = 28, label = 'Trend', color = palette[0] } = {}) {
  const root = frame(width, height, label);
  const max = Math.max(1, ...values), w = width / Math.max(1, values.length);
  values.forEach((v, i) => {
    const h = (height - 2) * (v / max);
    root.append(svg('rect', { x: i * w, y: height - h, width: Math.max(1, w - 1), height: h, fill: color }, svg('title', {}, String(v))));
  });
  return root;
}

function axis(root, { width, height, pad, max }) {
  root.append(svg('line', { x1: pad.l, y1: height - pad.b, x2: width - pad.r, y2: height - pad.b, stroke: '#8c959f' }));
  for (const f of [0, 0.5, 1]) {
    const y = height - pad.b - (height - pad.t - pad.b) * f;
    root.append(svg('line', { x1: pad.l, y1: y, x2: width - pad.r, y2: y, stroke: '#eaeef2' }),
      svg('text', { x: pad.l - 4, y: y + 3, 'text-anchor': 'end', 'font-size': 10, fill: '#4d5561' }, fmt(max * f)));
  }
}
