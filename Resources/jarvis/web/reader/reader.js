// Jarvis in the browser, as the iOS app shows it: the story feed (topic pills, signal score and
// its five parts, sources, consensus and conflict, cursor paging), live updates over /ws
// (patch on story.updated, refetch on story.created, remove on story.stale, pong to ping),
// story detail with its timeline, the article, and the feed manager (health, add, delete,
// OPML). Only what the API answers is shown.
import { request, ApiError, backoffMs } from '/shared/http.js';
import { el, clear, announce, formatAgo } from '/shared/dom.js';

const root = document.getElementById('screen');
const status = document.getElementById('status');
const live = document.getElementById('live');

const topics = [['', 'All'], ['finance', 'Finance'], ['tech', 'Tech'], ['politics', 'Politics'], ['africa', 'Africa']];
const parts = [['sourceAuthority', 'Source authority', '#0b5cd5'], ['freshness', 'Freshness', '#2b8a3e'],
  ['localRelevance', 'Local relevance', '#8c5bd1'], ['crossSourceConfirmation', 'Cross-source confirmation', '#d4380d'],
  ['topicImportance', 'Topic importance', '#b7791f']];

// Writes carry the admin token when the operator set one (JARVIS_ADMIN_TOKEN on the server).
const adminToken = () => localStorage.getItem('jarvis.adminToken') || '';
const writeHeaders = () => (adminToken() ? { Authorization: `Bearer ${adminToken()}` } : {});

const state = { topic: '', stories: [], cursor: null, hasMore: false, total: 0, screen: 'stories', feeds: [] };

// ---- live events ---------------------------------------------------------------------------
let socket = null, attempts = 0, refetchTimer = null;
function connectLive() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.onopen = () => { attempts = 0; live.textContent = 'live'; live.className = 'badge ok'; };
  socket.onclose = () => {
    live.textContent = 'offline'; live.className = 'badge warn';
    attempts += 1;
    setTimeout(connectLive, Math.max(1000, backoffMs(Math.min(attempts + 1, 6))));
  };
  socket.onmessage = (e) => {
    let event;
    try { event = JSON.parse(e.data); } catch { return; }
    onEvent(event);
  };
}

function onEvent(event) {
  switch (event.type) {
    case 'ping': socket.send(JSON.stringify({ type: 'pong' })); break;
    case 'story.updated': {
      // The app needs all three fields; without them the event is ignored.
      if (!event.storyId || !Number.isInteger(event.signalScore) || !Number.isInteger(event.sourceCount)) return;
      const story = state.stories.find((s) => s.id === event.storyId);
      if (!story) return;
      story.signalScore = event.signalScore;
      story.sourceCount = event.sourceCount;
      state.stories.sort((a, b) => b.signalScore - a.signalScore);
      if (state.screen === 'stories') drawStories(event.storyId);
      break;
    }
    case 'story.created':
      if (state.screen !== 'stories') return;
      clearTimeout(refetchTimer);
      refetchTimer = setTimeout(() => loadStories(true), 500);   // a burst of creations -> one refetch
      break;
    case 'story.stale':
      if (!event.storyId) return;
      state.stories = state.stories.filter((s) => s.id !== event.storyId);
      if (state.screen === 'stories') drawStories();
      break;
    case 'feed.health': {
      const feed = state.feeds.find((f) => f.id === event.feedId);
      if (!feed || !['active', 'failing', 'dead'].includes(event.health)) return;
      feed.health = event.health;
      if (Number.isInteger(event.failureCount)) feed.failureCount = event.failureCount;
      if (state.screen === 'feeds') drawFeeds();
      break;
    }
    default: break;
  }
}

// ---- stories -------------------------------------------------------------------------------
function breakdownBar(b, score) {
  return [el('div.breakdown', { role: 'img', 'aria-label': parts.map(([k, l]) => `${l} ${b[k]}`).join(', ') },
    parts.map(([k, l, c]) => el('span', { style: `width:${score ? (100 * b[k]) / score : 0}%;background:${c}`, title: `${l}: ${b[k]}` }))),
  el('div.legend', {}, parts.map(([k, l, c]) => el('span', {}, el('i', { style: `background:${c}` }), `${l} ${b[k]}`)))];
}

function storyRow(s) {
  return el('li.card.story', { dataset: { id: s.id } },
    el('div.row', { style: 'align-items:flex-start;flex-wrap:nowrap' },
      el('div.signal', { title: 'Signal score', 'aria-label': `Signal score ${s.signalScore}` },
        el('span.score', {}, String(s.signalScore)), el('small', {}, 'SIGNAL')),
      el('div', { style: 'flex:1;min-width:0' },
        el('p.muted', { style: 'margin:0;font-size:.85rem' }, el('span.pill', {}, s.topic), ' ',
          el('span.sources-count', {}, `${s.sourceCount} source${s.sourceCount === 1 ? '' : 's'}`), ` · ${formatAgo(s.updatedAt)}`),
        el('h3', {}, el('a', { href: `#/story/${encodeURIComponent(s.id)}` }, s.headline)),
        el('p', { style: 'margin:0' }, s.summary))),
    breakdownBar(s.scoreBreakdown, s.signalScore),
    s.consensus ? el('p.consensus', {}, el('strong', {}, 'Consensus: '), s.consensus) : null,
    s.conflict ? el('p.conflict', {}, el('strong', {}, 'Conflict: '), s.conflict) : null,
    s.sources.length ? el('ul.sources', { 'aria-label': 'Sources' }, s.sources.map((src) => el('li', {},
      el('a', { href: src.url, rel: 'noopener noreferrer', target: '_blank' }, src.name),
      src.isBreaking ? el('span.badge.bad', {}, ' BREAKING') : null))) : null);
}

function drawStories(flashId) {
  const list = root.querySelector('#stories');
  if (!list) return;
  clear(list, state.stories.length ? state.stories.map(storyRow) : el('li.card.muted', { id: 'no-stories' }, 'No stories yet.'));
  if (flashId) list.querySelector(`[data-id="${CSS.escape(flashId)}"]`)?.classList.add('flash');
  const more = root.querySelector('#more');
  more.hidden = !state.hasMore;
  root.querySelector('#total').textContent = `${state.total} stories`;
}

async function loadStories(reset) {
  const q = new URLSearchParams({ limit: '20' });
  if (state.topic) q.set('topic', state.topic);
  if (!reset && state.cursor) q.set('after', state.cursor);   // nextCursor, verbatim
  try {
    const page = await request('GET', `/stories?${q}`);
    const seen = new Set(reset ? [] : state.stories.map((s) => s.id));
    state.stories = (reset ? [] : state.stories).concat(page.data.filter((s) => !seen.has(s.id)));
    state.cursor = page.nextCursor;
    state.hasMore = page.hasMore;
    state.total = page.total;
    drawStories();
  } catch (e) {
    if (e instanceof ApiError && e.code === 'invalid_cursor') return loadStories(true);
    announce(status, e.code === 'network_error' || e.code === 'timeout' ? "Can't reach the Jarvis server." : `Stories unavailable (${e.code}).`, 'error');
  }
}

async function storiesScreen() {
  state.screen = 'stories';
  const pills = el('div.pills', { role: 'group', 'aria-label': 'Topic' }, topics.map(([slug, label]) =>
    el('button', { 'aria-pressed': String(state.topic === slug), dataset: { topic: slug }, onclick: () => {
      state.topic = slug;
      pills.querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.topic === slug)));
      loadStories(true);
    } }, label)));
  clear(root, el('section', { 'aria-labelledby': 's-title' },
    el('div.row.spread', {}, el('h2', { id: 's-title' }, 'Top stories'), el('span.muted', { id: 'total' })),
    pills, el('ol.stories', { id: 'stories' }),
    el('button', { id: 'more', hidden: true, onclick: () => loadStories(false) }, 'Load more')));
  await loadStories(true);
}

async function storyScreen(id) {
  state.screen = 'story';
  const s = await request('GET', `/stories/${encodeURIComponent(id)}`);
  clear(root, el('article.card', { 'aria-labelledby': 'd-title', id: 'story-detail' },
    el('a', { href: '#/' }, '← Stories'),
    el('p.muted', {}, el('span.pill', {}, s.topic), ` ${s.sourceCount} sources · updated ${formatAgo(s.updatedAt)}`),
    el('div.row', { style: 'flex-wrap:nowrap;align-items:flex-start' },
      el('div.signal', { 'aria-label': `Signal score ${s.signalScore}` }, String(s.signalScore), el('small', {}, 'SIGNAL')),
      el('h2', { id: 'd-title' }, s.headline)),
    el('p', {}, s.summary), breakdownBar(s.scoreBreakdown, s.signalScore),
    s.consensus ? el('p.consensus', {}, el('strong', {}, 'Consensus: '), s.consensus) : null,
    s.conflict ? el('p.conflict', {}, el('strong', {}, 'Conflict: '), s.conflict) : null,
    el('h3', {}, 'Timeline'),
    el('ol.timeline', { id: 'timeline' }, s.timeline.map((t, i) => el(`li${i === 0 ? '.first' : ''}`, {},
      el('p.muted', { style: 'margin:0;font-size:.85rem' }, `${t.source} · `,
        el('time', { datetime: t.publishedAt }, new Date(t.publishedAt).toLocaleString()),
        t.isBreaking ? el('span.badge.bad', { style: 'margin-left:6px' }, 'BREAKING') : null),
      el('a', { href: `#/article/${encodeURIComponent(t.articleId)}` }, t.headline))))));
}

async function articleScreen(id) {
  state.screen = 'article';
  const a = await request('GET', `/articles/${encodeURIComponent(id)}`);
  clear(root, el('article.card', { 'aria-labelledby': 'a-title', id: 'article' },
    el('a', { href: `#/story/${encodeURIComponent(a.storyId)}` }, '← Story'),
    el('h2', { id: 'a-title' }, a.headline),
    el('p.muted', {}, a.source, a.author ? ` · ${a.author}` : '', ' · ',
      el('time', { datetime: a.publishedAt }, new Date(a.publishedAt).toLocaleString())),
    a.imageUrl ? el('img.article-image', { src: a.imageUrl, alt: '', loading: 'lazy' }) : null,
    el('div.article-body', {}, a.body.split(/\n{2,}/).map((p) => el('p', {}, p))),
    el('a.button', { href: a.sourceUrl, rel: 'noopener noreferrer', target: '_blank' }, `Read at ${a.source}`)));
}

// ---- feeds ---------------------------------------------------------------------------------
function drawFeeds() {
  const list = root.querySelector('#feeds');
  if (!list) return;
  clear(list, state.feeds.map((f) => el('li.card.feed-row', { dataset: { id: f.id } },
    el('span', {}, el('span.dot.' + f.health, { role: 'img', 'aria-label': `health ${f.health}` }), el('span.sr-only', {}, f.health)),
    el('div', {}, el('strong', {}, f.name), ' ', el('span.badge.' + ({ active: 'ok', failing: 'warn', dead: 'bad' })[f.health], {}, f.health),
      el('div.url.muted', {}, f.url),
      el('div.muted', { style: 'font-size:.85rem' }, `${f.failureCount} failure${f.failureCount === 1 ? '' : 's'} · `,
        `${f.articleCountToday} today · every ${Math.round(f.pollIntervalSeconds / 60)} min · `,
        f.lastFetchedAt ? `fetched ${formatAgo(f.lastFetchedAt)}` : 'not fetched yet')),
    el('button.danger', { 'aria-label': `Delete ${f.name}`, onclick: () => removeFeed(f) }, 'Delete'))));
}

async function removeFeed(feed) {
  // Removed at once; put back unless the server answers 204 (what the app checks).
  const index = state.feeds.indexOf(feed);
  state.feeds.splice(index, 1);
  drawFeeds();
  try {
    await request('DELETE', `/feeds/${encodeURIComponent(feed.id)}`, { headers: writeHeaders() });
    announce(status, `Deleted ${feed.name}.`, 'ok');
  } catch (e) {
    state.feeds.splice(index, 0, feed);
    drawFeeds();
    announce(status, `${feed.name} was not deleted: ${e.message}`, 'error');
  }
}

async function feedsScreen() {
  state.screen = 'feeds';
  const errorFor = el('div', { id: 'add-error' });
  const form = el('form.card', { id: 'add-feed', novalidate: true, onsubmit: async (ev) => {
    ev.preventDefault();
    form.querySelectorAll('[aria-invalid]').forEach((n) => n.removeAttribute('aria-invalid'));
    const body = { url: form.url.value.trim(), name: form.name.value.trim(), pollIntervalSeconds: 900 };
    try {
      const feed = await request('POST', '/feeds', { body, headers: writeHeaders() });
      state.feeds.push(feed);
      drawFeeds();
      form.reset();
      clear(errorFor);
      announce(status, `Added ${feed.name}.`, 'ok');
    } catch (e) {
      // The server's own validation message, at the field it names.
      const input = e.field ? form.querySelector(`[name="${e.field}"]`) : null;
      if (input) { input.setAttribute('aria-invalid', 'true'); input.setAttribute('aria-describedby', 'add-error'); input.focus(); }
      clear(errorFor, el('p.field-error', { role: 'alert', dataset: { code: e.code } }, e.message));
    }
  } },
  el('h3', {}, 'Add a feed'),
  el('label', { for: 'feed-url' }, 'Feed URL (RSS or Atom)'), el('input', { id: 'feed-url', name: 'url', type: 'url', required: true }),
  el('label', { for: 'feed-name' }, 'Name'), el('input', { id: 'feed-name', name: 'name', required: true }),
  errorFor, el('div.row', { style: 'margin-top:10px' }, el('button.primary', { type: 'submit', id: 'add' }, 'Add feed')));
  const opmlInput = el('input', { type: 'file', id: 'opml-file', accept: '.opml,.xml,text/xml,text/x-opml' });
  const importResult = el('div', { id: 'import-result', 'aria-live': 'polite' });
  opmlInput.addEventListener('change', async () => {
    const file = opmlInput.files[0];
    if (!file) return;
    try {
      const answer = await request('POST', '/feeds/import',
        { body: await file.text(), headers: { 'Content-Type': 'text/x-opml', ...writeHeaders() } });
      clear(importResult, el('p.notice.ok', {}, `${answer.added} added, ${answer.duplicates} already there, ${answer.invalid} refused.`),
        el('ul', {}, answer.data.filter((r) => r.error).map((r) => el('li', {}, `${r.url ?? r.name}: ${r.error.message}`))));
      await loadFeeds();
    } catch (e) { clear(importResult, el('p.notice.error', { role: 'alert' }, e.message)); }
  });
  const tokenInput = el('input', { id: 'admin-token', type: 'password', value: adminToken(), autocomplete: 'off' });
  tokenInput.addEventListener('change', () => localStorage.setItem('jarvis.adminToken', tokenInput.value));
  clear(root, el('section', { 'aria-labelledby': 'f-title' },
    el('h2', { id: 'f-title' }, 'Feeds'),
    el('div.grid', {}, form,
      el('div.card', {}, el('h3', {}, 'OPML'),
        el('p', {}, el('a.button', { href: '/feeds.opml', download: 'jarvis-feeds.opml', id: 'opml-export' }, 'Export OPML')),
        el('label', { for: 'opml-file' }, 'Import an OPML file'), opmlInput, importResult,
        el('label', { for: 'admin-token' }, 'Admin token ', el('span.hint', {}, '(only if the server requires one)')), tokenInput)),
    el('ul.feeds', { id: 'feeds', style: 'margin-top:14px;display:grid;gap:10px' })));
  await loadFeeds();
}

async function loadFeeds() {
  state.feeds = (await request('GET', '/feeds')).data;
  drawFeeds();
}

// ---- routing -------------------------------------------------------------------------------
async function route() {
  announce(status, '');
  const [name, arg] = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  document.querySelectorAll('header nav a').forEach((a) => a.removeAttribute('aria-current'));
  document.getElementById(name === 'feeds' ? 'nav-feeds' : 'nav-stories').setAttribute('aria-current', 'page');
  try {
    if (name === 'story') await storyScreen(arg);
    else if (name === 'article') await articleScreen(arg);
    else if (name === 'feeds') await feedsScreen();
    else await storiesScreen();
  } catch (e) {
    const text = e.code === 'network_error' || e.code === 'timeout' ? "Can't reach the Jarvis server." : e.message;
    clear(root, el('p.notice.error', { role: 'alert', id: 'error' }, text));
  }
}

window.addEventListener('hashchange', route);
route();
connectLive();
