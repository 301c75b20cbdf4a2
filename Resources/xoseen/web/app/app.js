// Xoseen in the browser: persona picker and onboarding, the ranked feed with explanations,
// matches and chat, drafts, blind dates. Screens are chosen by the URL hash; every screen is
// drawn from API answers only (the PII allow-list holds: nothing else is read or shown).
import { el, clear, announce } from '/shared/dom.js';
import { scoreRing } from '/shared/charts.js';
import { api, session, matchRoom, dedupeAppend, signInAgainCodes, slugLabel, ApiError } from './api.js';
import { ChatConnection } from './chat.js';
import { onboardingScreen } from './onboarding.js';

const root = document.getElementById('screen');
const status = document.getElementById('status');
const nav = document.getElementById('nav');
const badge = document.getElementById('model-badge');
let health = null;
let cleanup = () => {};

const rankerLabels = { rule_based: 'Rule-based ranker', learned: 'Learned ranker', rollout: 'Learned ranker (rollout)' };

function renderBadge() {
  if (!health) return clear(badge);
  const pct = health.servingRanker === 'rollout' ? ` ${Math.round(health.rolloutPct * 100)}%` : '';
  clear(badge, el('span.badge.info', { title: `model ${health.modelVersion}` },
    `${rankerLabels[health.servingRanker] ?? health.servingRanker}${pct}`));
}

function renderNav(route) {
  const s = session.load();
  if (!s) return clear(nav);
  const link = (hash, text) => el('a.button', { href: hash, 'aria-current': route === hash.slice(2) ? 'page' : null }, text);
  clear(nav, link('#/feed', 'Discover'), link('#/matches', 'Matches'), link('#/blind', 'Blind date'),
    el('a.button', { href: '#/' }, `Switch (${s.displayName})`));
}

/** Errors every screen treats alike; returns true when handled. */
export function handleCommon(error) {
  if (error instanceof ApiError && signInAgainCodes.has(error.code)) {
    signInAgain();
    return true;
  }
  if (error instanceof ApiError && (error.code === 'network_error' || error.code === 'timeout')) {
    unreachable();
    return true;
  }
  return false;
}

function signInAgain() {
  session.forgetToken();
  cleanup();
  clear(root, el('section.card', { 'aria-labelledby': 'reauth' },
    el('h2', { id: 'reauth' }, 'Please sign in again'),
    el('p', {}, 'Your session is no longer valid on this device (it was signed out or has expired).'),
    el('a.button.primary', { href: '#/' }, 'Choose who you are')));
  renderNav('');
}

function unreachable() {
  cleanup();
  clear(root, el('section.card', { 'aria-labelledby': 'offline', id: 'unreachable' },
    el('h2', { id: 'offline' }, "Can't reach the Xoseen server"),
    el('p', {}, `No answer from ${location.origin}. Check that the server is running and that this address is right.`),
    el('button.primary', { onclick: () => boot() }, 'Try again')));
}

// ---- picker -------------------------------------------------------------------------------
async function pickerScreen() {
  const list = el('ul.grid', { id: 'viewers', 'aria-label': 'Profiles' });
  const search = el('input', { id: 'viewer-search', type: 'search', placeholder: 'Name or area' });
  clear(root,
    el('section', { 'aria-labelledby': 'picker-title' },
      el('div.row.spread', {},
        el('h2', { id: 'picker-title' }, 'Who are you?'),
        el('a.button.primary', { href: '#/onboard', id: 'create-profile' }, 'Create a profile')),
      el('label', { for: 'viewer-search' }, 'Find a profile'), search, el('p.hint', {}, 'Demo personas and onboarded users.'),
      list));
  const { viewers } = await api.viewers();
  const draw = () => {
    const q = search.value.trim().toLowerCase();
    const shown = viewers.filter((v) => !q || v.displayName.toLowerCase().includes(q) || v.cityArea.toLowerCase().includes(q));
    clear(list, shown.slice(0, 60).map((v) => el('li', {},
      el('button.card.viewer', { style: 'width:100%;text-align:left', dataset: { id: v.id },
        onclick: () => { session.signIn(v.id, v.displayName); location.hash = '#/feed'; } },
        el('strong', {}, v.displayName), el('span.muted', {}, ` · ${v.cityArea}`)))),
      shown.length > 60 ? el('li.muted', {}, `${shown.length - 60} more — narrow the search.`) : null);
  };
  search.addEventListener('input', draw);
  draw();
}

// ---- feed ---------------------------------------------------------------------------------
const subScores = [['trust', 'Trust'], ['intent', 'Intent'], ['interests', 'Interests'], ['texting_style', 'Texting style'],
  ['location', 'Location'], ['p_like_back', 'Likely to like back']];

function scoreBars(breakdown) {
  return el('dl.bars', {}, subScores.map(([key, label]) => {
    const v = Math.max(0, Math.min(1, breakdown[key] ?? 0));
    return [el('dt', {}, label), el('dd', {},
      el('span.meter', { role: 'meter', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': Math.round(v * 100),
        'aria-label': `${label} ${Math.round(v * 100)} of 100` }, el('span', { style: `width:${(v * 100).toFixed(0)}%` })))];
  }));
}

function celebrate(viewer, candidate) {
  const dialog = el('dialog.card.celebration', { 'aria-labelledby': 'match-title', id: 'match-dialog' },
    el('h2', { id: 'match-title' }, "It's a match! 🎉"),
    el('img.avatar', { src: candidate.photoUrl, alt: `Photo of ${candidate.displayName}`, width: 120, height: 120 }),
    el('p', {}, `You and ${candidate.displayName} like each other.`),
    el('div.row', {},
      el('a.button.primary', { href: `#/chat/${encodeURIComponent(candidate.candidateId)}`, onclick: () => dialog.close() },
        'Send a message'),
      el('button', { onclick: () => dialog.close() }, 'Keep browsing')));
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

async function feedScreen() {
  const viewer = session.load();
  let cards = [], cursor = null, done = false;
  const grid = el('div.grid', { id: 'feed', 'aria-live': 'polite' });
  const more = el('button', { id: 'more', onclick: () => load() }, 'Show more');
  clear(root, el('section', { 'aria-labelledby': 'feed-title' },
    el('h2', { id: 'feed-title' }, `Discover, ${viewer.displayName}`), grid, el('div.row', {}, more)));

  function card(c) {
    const ring = el('div.ring-slot', {}, scoreRing(c.score, { label: 'Match score' }));
    const barSlot = el('div.bar-slot', {}, el('p.hint', {}, 'Loading the breakdown…'));
    const node = el('article.card.candidate', { dataset: { id: c.candidateId }, 'aria-labelledby': `n-${c.candidateId}` },
      el('img.photo', { src: c.photoUrl, alt: `Photo of ${c.displayName}`, loading: 'lazy', width: 400, height: 400 }),
      el('div.row.spread', {},
        el('div', {},
          el('h3', { id: `n-${c.candidateId}` }, `${c.displayName}, ${c.ageDisplayed}`,
            c.verifiedBadge ? el('span.badge.ok', { title: 'Identity verified' }, ' ✓ Verified') : null),
          el('p.muted', {}, c.cityArea)),
        ring),
      c.sharedInterests.length ? el('p', {}, el('span.sr-only', {}, 'Shared interests: '),
        c.sharedInterests.map((i) => el('span.pill', {}, slugLabel(i))), ' ') : null,
      el('p.explanation', {}, c.explanation),
      c.bio ? el('p.bio', {}, c.bio) : null,
      el('details', {}, el('summary', {}, 'Why this match'), barSlot),
      el('div.row.actions', {},
        el('button.pass', { onclick: () => act(c, 'pass', node), 'aria-label': `Pass on ${c.displayName}` }, 'Pass'),
        el('button.primary.like', { onclick: () => act(c, 'like', node), 'aria-label': `Like ${c.displayName}` }, '♥ Like')));
    api.explain(viewer.viewerId, c.candidateId).then(({ breakdown }) => {
      clear(ring, scoreRing(breakdown.final, { label: 'Match score' }));
      clear(barSlot, scoreBars(breakdown));
    }).catch((e) => { if (!handleCommon(e)) clear(barSlot, el('p.hint', {}, 'No breakdown available.')); });
    return node;
  }

  async function act(c, action, node) {
    node.querySelectorAll('button').forEach((b) => { b.disabled = true; });
    try {
      const answer = await api.feedback(viewer.viewerId, c.candidateId, action);
      node.remove();
      cards = cards.filter((x) => x.candidateId !== c.candidateId);
      if (answer.matched) celebrate(viewer, c);
      if (!grid.children.length && !done) load();
    } catch (e) {
      if (handleCommon(e)) return;
      node.querySelectorAll('button').forEach((b) => { b.disabled = false; });
      announce(status, `Could not record that (${e.code}).`, 'error');
    }
  }

  async function load() {
    more.disabled = true;
    try {
      const page = await api.rank(viewer.viewerId, cursor);
      const before = new Set(cards.map((c) => c.candidateId));
      cards = dedupeAppend(cards, page.candidates);
      cards.filter((c) => !before.has(c.candidateId)).forEach((c) => grid.append(card(c)));
      cursor = page.nextCursor;     // opaque: passed back verbatim
      done = cursor === null;
      if (!cards.length) clear(grid, el('p.card', { id: 'feed-empty' }, 'No one new right now. Come back later.'));
    } catch (e) {
      if (handleCommon(e)) return;
      if (e.code === 'invalid_cursor') { cursor = null; return load(); }   // expired chain: start again
      if (e.code === 'viewer_not_found') { session.clear(); location.hash = '#/'; return; }
      announce(status, `The feed could not be loaded (${e.code}).`, 'error');
    } finally {
      more.disabled = done;
      more.hidden = done;
    }
  }
  await load();
}

// ---- matches ------------------------------------------------------------------------------
async function matchesScreen() {
  const viewer = session.load();
  const list = el('ul.grid', { id: 'matches' });
  clear(root, el('section', { 'aria-labelledby': 'm-title' }, el('h2', { id: 'm-title' }, 'Your matches'), list));
  const { matches } = await api.matches(viewer.viewerId);
  clear(list, matches.length ? matches.map((m) => el('li.card.match', { dataset: { id: m.candidateId } },
    el('div.row', {},
      el('img.avatar', { src: m.photoUrl, alt: '', width: 56, height: 56 }),
      el('div', {}, el('strong', {}, `${m.displayName}, ${m.ageDisplayed}`), el('p.muted', {}, m.cityArea))),
    el('a.button.primary', { href: `#/chat/${encodeURIComponent(m.candidateId)}` }, `Chat with ${m.displayName}`)))
    : el('li.muted', {}, 'No matches yet — like someone in Discover.'));
}

// ---- chat ---------------------------------------------------------------------------------
const blockedReasons = {
  off_platform: 'it asks to move off the app or shares contact details',
  money_scam: 'it looks like a request for money',
  harassment: 'it reads as harassment',
  sexual_coercion: 'it reads as sexual pressure',
  personal_data: 'it shares personal data',
};
// Reasons whose category alone would say the wrong thing.
const blockedReasonDetails = {
  hate_speech: 'it reads as hate against a group of people',
  underage: 'this app is for adults, and it says someone is under 18',
  spam: 'it reads as spam',
  prize_scam: 'it reads as a prize or premium-text scam',
};

async function chatScreen({ partnerId, room, partnerName, photoUrl, blind }) {
  const viewer = session.load();
  const log = el('ol.messages', { id: 'messages', 'aria-live': 'polite', 'aria-label': 'Messages' });
  // Shown by CSS while the log is empty, once the history said it is (not while it loads).
  const emptyHint = blind ? 'No messages yet. Names and photos stay hidden until you both choose to reveal.'
    : 'No messages yet. Say hello — or try a conversation starter.';
  const notices = el('div', { id: 'chat-notices' });
  const pendingNote = el('p.hint', { id: 'pending', 'aria-live': 'polite' });
  const input = el('textarea', { id: 'composer', rows: 2, maxlength: 2000, required: true });
  const drafts = el('div.drafts', { id: 'drafts', 'aria-label': 'Drafts' });
  const history = [];
  const isMine = (m) => (blind ? m.from !== partnerId : m.from === viewer.viewerId);

  const bubble = (m) => {
    history.push({ from: isMine(m) ? viewer.viewerId : 'them', text: m.text });
    if (history.length > 50) history.shift();
    return el(`li.bubble.${isMine(m) ? 'mine' : 'theirs'}`, {},
      el('span.sr-only', {}, isMine(m) ? 'You: ' : `${m.name}: `), m.text,
      el('time', { datetime: new Date(m.ts * 1000).toISOString() }, new Date(m.ts * 1000).toLocaleTimeString([], { timeStyle: 'short' })));
  };
  const showDrafts = (list, label) => clear(drafts, list.length ? el('p.hint', {}, `${label} — drafts only, edit before sending:`) : null,
    list.map((text) => el('button.draft', { type: 'button', onclick: () => { input.value = text; input.focus(); } }, text)));

  const connection = new ChatConnection({
    room, user: viewer.viewerId, token: viewer.token, onEvent(e) {
      switch (e.type) {
        case 'history':
          clear(log, e.messages.map(bubble));
          log.dataset.empty = emptyHint;
          log.lastElementChild?.scrollIntoView({ block: 'end' });
          break;
        case 'message':
          log.append(bubble(e.message));
          log.lastElementChild.scrollIntoView({ block: 'end' });
          pendingNote.textContent = connection.pending.size ? 'Sending…' : '';
          break;
        case 'blocked':
          pendingNote.textContent = connection.pending.size ? 'Sending…' : '';
          notices.append(el('p.notice.error.blocked', { role: 'alert' },
            `Not sent: ${blockedReasonDetails[e.reason] ?? blockedReasons[e.category] ?? 'it breaks the safety rules'} (${e.category}). Only you can see this.`));
          break;
        case 'capture_alert':
          notices.append(el('p.notice.info.capture', { role: 'status' }, `${e.name} may have taken a screenshot of this chat.`));
          break;
        case 'error': notices.append(el('p.notice.error', { role: 'alert' }, `Not sent (${e.code}).`)); break;
        case 'refused':
          if (signInAgainCodes.has(e.code)) return signInAgain();
          notices.append(el('p.notice.error', { role: 'alert', id: 'refused' }, `This chat is not open to you (${e.code}).`));
          break;
        case 'reconnecting': notices.append(el('p.notice.info', {}, 'Connection lost — reconnecting…')); break;
        case 'offline': notices.append(el('p.notice.error', { role: 'alert' }, "Can't reach the chat server.")); break;
        default: break;
      }
    },
  });
  const form = el('form.composer', {
    onsubmit: (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (connection.send(text)) { input.value = ''; pendingNote.textContent = 'Sending…'; clear(drafts); }
      else notices.append(el('p.notice.error', { role: 'alert' }, 'Not connected yet.'));
    },
  }, el('label', { for: 'composer' }, 'Message'), input, el('div.row', {}, el('button.primary', { type: 'submit', id: 'send' }, 'Send'),
    !blind ? el('button', { type: 'button', id: 'starters', onclick: async () => {
      try { showDrafts((await api.starters(viewer.viewerId, partnerId)).starters, 'Conversation starters'); }
      catch (e) { if (!handleCommon(e)) announce(status, `No starters (${e.code}).`, 'error'); }
    } }, 'Conversation starters') : null,
    el('button', { type: 'button', id: 'reply-drafts', onclick: async () => {
      try { showDrafts((await api.replyDrafts(viewer.viewerId, history.slice(-20))).suggestions, 'Reply ideas'); }
      catch (e) { if (!handleCommon(e)) announce(status, `No drafts (${e.code}).`, 'error'); }
    } }, 'Reply ideas')), pendingNote, drafts);
  input.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' && !ev.shiftKey) { ev.preventDefault(); form.requestSubmit(); } });

  clear(root, el('section.chat', { 'aria-labelledby': 'chat-title' },
    el('div.row.spread', {},
      el('div.row', {}, photoUrl ? el('img.avatar', { src: photoUrl, alt: '', width: 48, height: 48 }) : el('span.avatar.blind', { 'aria-hidden': 'true' }, '?'),
        el('h2', { id: 'chat-title' }, partnerName)),
      !blind ? el('button.danger', { onclick: async () => {
        if (!confirm(`Block ${partnerName}? You will no longer see each other.`)) return;
        try { await api.block(viewer.viewerId, partnerId); location.hash = '#/matches'; } catch (e) { handleCommon(e); }
      } }, 'Block') : null),
    notices, log, form));
  connection.open();
  cleanup = () => connection.close();
}

async function matchChat(candidateId) {
  const viewer = session.load();
  const { matches } = await api.matches(viewer.viewerId);
  const m = matches.find((x) => x.candidateId === candidateId);
  if (!m) {
    clear(root, el('p.card', {}, 'This match is not available any more.'));
    return;
  }
  await chatScreen({ partnerId: m.candidateId, room: matchRoom(viewer.viewerId, m.candidateId), partnerName: m.displayName,
    photoUrl: m.photoUrl, blind: false });
}

// ---- blind date ---------------------------------------------------------------------------
async function blindScreen() {
  const viewer = session.load();
  const list = el('div.grid', { id: 'pairings' });
  const find = el('button.primary', { id: 'blind-next', onclick: async () => {
    try {
      const next = await api.blindNext(viewer.viewerId);
      if (!next.available) announce(status, 'No blind date available right now.', 'info');
      await draw();
    } catch (e) { if (!handleCommon(e)) announce(status, `No blind date (${e.code}).`, 'error'); }
  } }, 'Find a blind date');
  clear(root, el('section', { 'aria-labelledby': 'b-title' }, el('h2', { id: 'b-title' }, 'Blind date'),
    el('p.muted', {}, 'Talk first: no name or photo on either side until you both choose to reveal.'), find, list));
  // Answers can arrive out of order (the first draw's, fetched before a click, after the click's):
  // only the newest draw may paint, or a stale empty list hides the pairing just made.
  let draws = 0;
  async function draw() {
    const ticket = ++draws;
    const { pairings } = await api.blindPairings(viewer.viewerId);
    if (ticket !== draws) return;
    clear(list, pairings.map((p) => {
      const revealed = p.status === 'revealed';
      return el('article.card.pairing', { dataset: { id: p.candidateId } },
        revealed ? el('img.avatar', { src: p.photoUrl, alt: `Photo of ${p.displayName}`, width: 72, height: 72 })
          : el('span.avatar.blind', { 'aria-hidden': 'true' }, '?'),
        el('h3', {}, revealed ? p.displayName : 'Blind date', `, ${p.ageDisplayed}`),
        el('p.muted', {}, p.cityArea),
        el('p', {}, p.sharedInterests.map((i) => el('span.pill', {}, slugLabel(i))), ' '),
        el('p', {}, el('span.badge.info', {}, revealed ? 'Revealed' : p.revealedByYou ? 'Waiting for them to reveal' : 'Hidden')),
        el('div.row', {},
          el('a.button.primary', { href: `#/blind-chat/${encodeURIComponent(p.candidateId)}` }, 'Chat'),
          !p.revealedByYou ? el('button.reveal', { onclick: async () => {
            try { await api.blindReveal(viewer.viewerId, p.candidateId); await draw(); } catch (e) { handleCommon(e); }
          } }, 'Reveal me') : null));
    }));
  }
  await draw();
}

async function blindChat(alias) {
  const viewer = session.load();
  const { pairings } = await api.blindPairings(viewer.viewerId);
  const p = pairings.find((x) => x.candidateId === alias);
  if (!p) {
    clear(root, el('p.card', {}, 'This blind date is not available any more.'));
    return;
  }
  const revealed = p.status === 'revealed';
  await chatScreen({ partnerId: p.candidateId, room: p.room, partnerName: revealed ? p.displayName : 'Blind date',
    photoUrl: revealed ? p.photoUrl : null, blind: true });
}

// ---- routing ------------------------------------------------------------------------------
async function route() {
  cleanup();
  cleanup = () => {};
  announce(status, '');
  const [name, arg] = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  renderNav(name || '');
  const needsViewer = ['feed', 'matches', 'chat', 'blind', 'blind-chat'].includes(name);
  if (needsViewer && !session.load()) { location.hash = '#/'; return; }
  try {
    switch (name) {
      case 'onboard': await onboardingScreen(root, status, { onDone: () => { location.hash = '#/feed'; }, handleCommon }); break;
      case 'feed': await feedScreen(); break;
      case 'matches': await matchesScreen(); break;
      case 'chat': await matchChat(arg); break;
      case 'blind': await blindScreen(); break;
      case 'blind-chat': await blindChat(arg); break;
      default: await pickerScreen();
    }
    root.querySelector('h2')?.setAttribute('tabindex', '-1');
  } catch (e) {
    if (!handleCommon(e)) announce(status, `Something went wrong (${e.code ?? e.message}).`, 'error');
  }
}

async function boot() {
  clear(root, el('p.muted', {}, 'Connecting…'));
  try {
    health = await api.health();   // the capability check comes first
  } catch (e) {
    health = null;
    renderBadge();
    unreachable();
    return;
  }
  renderBadge();
  route();
}

window.addEventListener('hashchange', () => { if (health) route(); });
boot();
