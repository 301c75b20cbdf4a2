// Jarvis operators' console: every feed's health, failures and last poll error, the articles
// each feed brought per hour (the ingest timeline), the clustering figures, and the live
// feed.health changes heard on /ws since the page opened. Refreshes every 30 s.
import { request } from '/shared/http.js';
import { el, clear, formatAgo } from '/shared/dom.js';
import { bars, sparkline, stackedBars, palette } from '/shared/charts.js';

const root = document.getElementById('screen');
const live = document.getElementById('live');
const tokenInput = document.getElementById('admin-token');
tokenInput.value = localStorage.getItem('jarvis.adminToken') ?? '';
const healthChanges = [];

document.getElementById('token-form').addEventListener('submit', (e) => {
  e.preventDefault();
  localStorage.setItem('jarvis.adminToken', tokenInput.value.trim());
  load();
});

async function load() {
  const headers = tokenInput.value.trim() ? { Authorization: `Bearer ${tokenInput.value.trim()}` } : {};
  let d;
  try {
    d = await request('GET', '/ops/api/ingest?hours=24', { headers });
  } catch (e) {
    clear(root, el('p.notice.error', { role: 'alert', id: 'ops-error' },
      e.status === 401 ? 'This server requires the admin token (JARVIS_ADMIN_TOKEN).' : `Unavailable (${e.code}).`));
    return;
  }
  const c = d.clustering;
  const counts = { active: 0, failing: 0, dead: 0 };
  d.feeds.forEach((f) => { counts[f.health] += 1; });
  const firstHour = new Date(d.since).getTime();
  const hourLabel = (i) => new Date(firstHour + i * 3600000).toISOString().slice(11, 13);
  const hourly = Array.from({ length: d.hours }, (_, i) => ({ label: hourLabel(i),
    values: Object.fromEntries(['active', 'failing', 'dead'].map((h) => [h, d.feeds.filter((f) => f.health === h).reduce((s, f) => s + f.hourly[i], 0)])) }));
  clear(root,
    el('section', { 'aria-labelledby': 'o-title' },
      el('h2', { id: 'o-title' }, 'Ingest and clustering'),
      el('div.grid', { id: 'figures' },
        figure('Feeds', `${d.feeds.length}`, `${counts.active} active · ${counts.failing} failing · ${counts.dead} dead`),
        figure('Articles', `${c.articles}`, `${c.articlesLastPeriod} in the last ${d.hours} h`),
        figure('Live stories', `${c.liveStories}`, `${c.staleStories} stale · ${c.mergedStories} merged away`),
        figure('Multi-source stories', `${c.sourceCountHistogram.slice(1).reduce((a, b) => a + b, 0)}`,
          `${c.liveStories ? ((100 * c.sourceCountHistogram.slice(1).reduce((a, b) => a + b, 0)) / c.liveStories).toFixed(0) : 0}% of live stories`)),
      el('div.grid', { style: 'margin-top:14px' },
        el('div.card', {}, el('h3', {}, `Articles per hour (UTC), last ${d.hours} h, by the feed's health`),
          stackedBars(hourly, ['active', 'failing', 'dead'], { label: 'Articles ingested per hour by feed health', height: 200, colors: ['#1a7f37', '#bf8700', '#b42318'] }),
          el('p.hint', {}, 'Green: active feeds · amber: failing · red: dead.')),
        el('div.card', {}, el('h3', {}, 'Stories by number of sources'),
          bars(c.sourceCountHistogram.map((n, i) => ({ label: i === 9 ? '10+' : String(i + 1), value: n })),
            { label: 'Live stories by number of sources', height: 200 })),
        el('div.card', {}, el('h3', {}, 'Live stories by topic'),
          bars(Object.entries(c.liveStoriesByTopic).map(([t, n], i) => ({ label: t, value: n, color: palette[i % palette.length] })),
            { label: 'Live stories by topic', height: 200 }))),
      el('h3', {}, 'Feed health changes heard live'),
      el('ul', { id: 'health-log' }, healthChanges.length ? healthChanges.map((h) => el('li', {}, h)) : el('li.muted', {}, 'None since this page opened.')),
      el('h3', {}, 'Feeds'),
      el('div.table-wrap', {}, el('table', { id: 'feed-table' },
        el('thead', {}, el('tr', {}, ['Health', 'Feed', 'Failures', 'Last poll', 'Next poll', `Articles / h (${d.hours} h)`, 'Last error']
          .map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, d.feeds.sort((a, b) => ['dead', 'failing', 'active'].indexOf(a.health) - ['dead', 'failing', 'active'].indexOf(b.health))
          .map((f) => el('tr', { dataset: { id: f.id } },
            el('td', {}, el('span.dot.' + f.health, { 'aria-hidden': 'true' }), ` ${f.health}`),
            el('td', {}, el('strong', {}, f.name), el('div.muted', { style: 'font-size:.8rem;overflow-wrap:anywhere' }, f.url)),
            el('td', {}, String(f.failureCount)),
            el('td', {}, f.lastFetchedAt ? formatAgo(f.lastFetchedAt) : 'never'),
            el('td', {}, new Date(f.nextPollAt).toLocaleTimeString()),
            el('td', {}, sparkline(f.hourly, { label: `Articles per hour from ${f.name}`, width: 120 })),
            el('td', { style: 'color:var(--danger);font-size:.85rem' }, f.lastError ?? ''))))))));
}

function figure(label, value, detail) {
  return el('div.card', {}, el('p.muted', { style: 'margin:0' }, label), el('p', { style: 'font-size:1.8rem;font-weight:800;margin:0' }, value),
    el('p.hint', { style: 'margin:0' }, detail));
}

function connect() {
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  socket.onopen = () => { live.textContent = 'live'; live.className = 'badge ok'; };
  socket.onclose = () => { live.textContent = 'offline'; live.className = 'badge warn'; setTimeout(connect, 5000); };
  socket.onmessage = (e) => {
    let event;
    try { event = JSON.parse(e.data); } catch { return; }
    if (event.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    if (event.type === 'feed.health') {
      healthChanges.unshift(`${new Date().toLocaleTimeString()} — ${event.feedId} is ${event.health} (${event.failureCount ?? 0} failures)`);
      healthChanges.length = Math.min(healthChanges.length, 50);
      load();
    }
  };
}

load();
connect();
setInterval(load, 30000);
