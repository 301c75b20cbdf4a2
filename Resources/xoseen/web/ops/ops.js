// Xoseen operators' console: the verification review queue (the evidence the policy used —
// never the date of birth or the images), the model registry with the shadow comparison and
// the live calibration, and safety flags by category over time. Read through the operator
// API (`X-Operator-Token`); serving changes stay with the `xoseen` commands shown beside them.
import { request } from '/shared/http.js';
import { el, clear, announce, formatAgo } from '/shared/dom.js';
import { bars, lines, stackedBars, palette } from '/shared/charts.js';

const root = document.getElementById('screen');
const status = document.getElementById('status');
const tokenInput = document.getElementById('operator-token');
tokenInput.value = sessionStorage.getItem('xoseen.operatorToken') ?? '';
document.getElementById('token-form').addEventListener('submit', (e) => {
  e.preventDefault();
  sessionStorage.setItem('xoseen.operatorToken', tokenInput.value.trim());
  route();
});
const op = (method, path, body) => request(method, path, { body, headers: { 'X-Operator-Token': tokenInput.value.trim() } });
const pct = (v) => `${(v * 100).toFixed(1)}%`;
const num = (v, d = 3) => (Number.isFinite(v) ? v.toFixed(d) : '—');

const reasonsNeedingAge = new Set(['dob_from_typed_fallback', 'dob_low_confidence', 'dob_unreadable']);

async function reviewScreen() {
  const list = el('div', { id: 'queue' });
  clear(root, el('section', { 'aria-labelledby': 'r-title' }, el('h2', { id: 'r-title' }, 'Verification review queue'),
    el('p.muted', {}, 'Oldest first. Evidence scores are what the policy weighed (0–1); distances are face-descriptor distances (≤ 0.5 same person).'),
    list));
  let cursor = null;
  async function page() {
    const q = new URLSearchParams({ limit: '25' });
    if (cursor) q.set('cursor', cursor);
    const answer = await op('GET', `/verify/verification/review?${q}`);
    cursor = answer.nextCursor;
    if (!answer.cases.length && !list.children.length) list.append(el('p.card', { id: 'queue-empty' }, 'No cases waiting.'));
    for (const c of answer.cases) list.append(caseCard(c));
    list.querySelector('#queue-more')?.remove();
    if (cursor) list.append(el('button', { id: 'queue-more', onclick: page }, 'More cases'));
  }
  function caseCard(c) {
    const note = el('input', { id: `note-${c.userId}`, maxlength: 1000 });
    const dob = el('input', { id: `dob-${c.userId}`, type: 'date' });
    const result = el('div', { 'aria-live': 'polite' });
    const e = c.evidence;
    const evidence = [['Face', e.face], ['Document', e.document], ['Consistency', e.consistency], ['Profile photos', e.profilePhotos]];
    const card = el('article.card.case', { dataset: { id: c.userId }, style: 'margin-bottom:12px' },
      el('div.row.spread', {}, el('h3', {}, c.userId), el('span.muted', {}, `decided ${formatAgo(c.decidedAt)} · trust ${c.trustScore.toFixed(0)}`)),
      el('p', {}, c.reasons.map((r) => el('span.badge.warn', { style: 'margin-right:6px' }, r))),
      el('div.grid', {},
        bars(evidence.map(([label, value]) => ({ label, value: value ?? 0 })), { yMax: 1, height: 150, label: `Evidence for ${c.userId}` }),
        el('table', {}, el('tbody', {}, evidence.map(([l, v]) => el('tr', {}, el('th', {}, l), el('td', {}, num(v, 2)))),
          el('tr', {}, el('th', {}, 'Face distance'), el('td', {}, e.faceDistance == null ? '—' : num(e.faceDistance, 3)))))),
      el('label', { for: `note-${c.userId}` }, 'Note (audited)'), note,
      c.reasons.some((r) => reasonsNeedingAge.has(r))
        ? [el('label', { for: `dob-${c.userId}` }, 'Date of birth you checked ', el('span.hint', {}, '(required to approve: no document established the age)')), dob]
        : null,
      el('div.row', { style: 'margin-top:8px' },
        el('button.primary', { onclick: () => decide('approve') }, 'Approve'),
        el('button.danger', { onclick: () => decide('reject') }, 'Reject')), result);
    async function decide(action) {
      try {
        const body = { action, note: note.value };
        if (dob.value) body.dateOfBirth = dob.value;
        const answer = await op('POST', `/verify/verification/review/${encodeURIComponent(c.userId)}`, body);
        clear(card, el('p.notice.ok', { role: 'status' }, `${c.userId}: ${answer.decision}.`));
      } catch (err) {
        announce(result, err.code === 'age_not_established' ? 'Enter the date of birth you checked to approve.' : err.message, 'error');
        if (err.field === 'dateOfBirth') dob.focus();
      }
    }
    return card;
  }
  await page();
}

async function modelsScreen() {
  const m = await op('GET', '/ops/api/models');
  const s = m.serving;
  const calibration = Object.entries(m.calibration).map(([ranker, bins], i) => ({
    name: ranker, color: palette[i], points: bins.filter((b) => b.decisions > 0).map((b) => [b.meanScore, b.likeRate]) }));
  const command = (text) => el('code', {}, text);
  clear(root, el('section', { 'aria-labelledby': 'm-title' },
    el('h2', { id: 'm-title' }, 'Model registry'),
    el('div.grid', {},
      el('div.card', { id: 'serving' }, el('h3', {}, 'Serving now'),
        el('p', {}, el('span.badge.info', {}, s.servingRanker), ` version ${s.modelVersion ?? '—'} · rollout ${pct(s.rolloutPct)} · shadow ${s.shadow ? 'on' : 'off'}`),
        el('p.hint', {}, 'Change it from a shell on the server (takes effect within 5 s):'),
        el('ul', {}, el('li', {}, command('xoseen promote VERSION [SHARE]')), el('li', {}, command('xoseen rollback VERSION')),
          el('li', {}, command('xoseen rollout SHARE')), el('li', {}, command(`xoseen shadow ${s.shadow ? 'off' : 'on'}`)),
          el('li', {}, command('xoseen rules')))),
      el('div.card', {}, el('h3', {}, 'Live calibration'),
        calibration.some((c) => c.points.length)
          ? lines(calibration, { xMax: 1, yMax: 1, diagonal: true, xLabel: 'served score', yLabel: 'like rate', label: 'Served score against observed like rate' })
          : el('p.muted', {}, 'No scored decisions yet.'),
        el('p.hint', {}, 'Served score (mean per tenth) against the share of likes; the dashed line is perfect calibration.'))),
    el('h3', {}, 'Versions'),
    el('div.table-wrap', {}, el('table', { id: 'models' },
      el('thead', {}, el('tr', {}, ['Version', 'Trained', 'Examples', 'AUC learned', 'AUC rules', 'Log loss', 'Calibration error',
        'Score spread', 'Matches@10 learned / rules', 'Promoted'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, m.models.length ? m.models.map((v) => el('tr', { dataset: { version: v.version } },
        el('td', {}, v.version, v.version === s.modelVersion ? el('span.badge.ok', { style: 'margin-left:6px' }, 'serving') : null),
        el('td', {}, formatAgo(v.createdAt)), el('td', {}, `${v.trainExamples} / ${v.holdoutExamples}`),
        el('td', {}, num(v.learned.auc)), el('td', {}, num(v.ruleBased.auc)), el('td', {}, num(v.learned.logLoss)),
        el('td', {}, num(v.learned.calibrationError)), el('td', {}, `${num(v.learned.meanScore, 2)} ± ${num(v.learned.scoreStdDev, 2)}`),
        el('td', {}, `${pct(v.learnedMatchRateAt10)} / ${pct(v.ruleMatchRateAt10)}`),
        el('td', {}, v.promotedAt ? formatAgo(v.promotedAt) : '—')))
        : el('tr', {}, el('td', { colspan: 10 }, 'No trained models (run xoseen train).'))))),
    m.models.length ? el('div.card', { style: 'margin-top:12px' }, el('h3', {}, 'AUC by version (learned vs rules)'),
      lines([{ name: 'learned', points: m.models.map((v, i) => [i + 1, v.learned.auc]) },
        { name: 'rules', points: m.models.map((v, i) => [i + 1, v.ruleBased.auc]) }],
      { yMax: 1, xMax: Math.max(2, m.models.length), label: 'AUC by version', xLabel: 'version', height: 180 })) : null,
    el('h3', {}, 'Shadow comparison'),
    m.shadow.length ? el('div.grid', { id: 'shadow' }, m.shadow.map((c) => el('div.card', {},
      el('p', {}, el('strong', {}, c.modelVersion), ` · ${c.pairs} pairs · served ${num(c.meanServed)} · shadow ${num(c.meanShadow)} · mean |Δ| ${num(c.meanAbsoluteDifference)}`),
      el('p.hint', {}, 'Score distribution (tenths): served in blue, shadow in red.'),
      bars(c.servedHistogram.flatMap((n, i) => [{ label: `${i / 10}`, value: n }, { label: '', value: c.shadowHistogram[i], color: palette[1] }]),
        { label: `Served and shadow score distributions for ${c.modelVersion}`, height: 160 }))))
      : el('p.muted', { id: 'shadow' }, 'No shadow scores recorded (turn shadow on with a model registered).'),
    el('h3', {}, 'Audit trail'),
    el('ul', { id: 'audit' }, m.audit.map((a) => el('li', {}, `${formatAgo(a.at)} — ${a.action}: ${a.detail}`)))));
}

async function safetyScreen() {
  const days = 30;
  const answer = await op('GET', `/ops/api/safety-flags?days=${days}`);
  const rows = [];
  const byDay = new Map(answer.series.map((d) => [d.day, d.counts]));
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(Date.now() - i * 86400000).toISOString().slice(0, 10);
    rows.push({ label: day.slice(5), values: byDay.get(day) ?? {} });
  }
  const totals = Object.fromEntries(answer.categories.map((c) => [c, answer.series.reduce((s, d) => s + (d.counts[c] ?? 0), 0)]));
  clear(root, el('section', { 'aria-labelledby': 'sf-title' },
    el('h2', { id: 'sf-title' }, `Messages stopped by the safety scanner, last ${days} days`),
    el('div.card', { id: 'safety-chart' }, stackedBars(rows, answer.categories, { label: 'Stopped messages per day by category' }),
      el('div.row', {}, answer.categories.map((c, i) => el('span', {}, el('span.dot', { style: `background:${palette[i % palette.length]}` }), ` ${c} (${totals[c]})`)))),
    answer.categories.length ? null : el('p.muted', {}, 'No message was stopped in this period.')));
}

async function route() {
  announce(status, '');
  const name = location.hash.replace(/^#\/?/, '') || 'review';
  document.querySelectorAll('header nav a').forEach((a) => a.toggleAttribute('aria-current', a.id === `nav-${name}`));
  document.querySelector(`#nav-${name}`)?.setAttribute('aria-current', 'page');
  if (!tokenInput.value.trim()) {
    clear(root, el('p.notice.info', {}, 'Enter the operator token (XOSEEN_OPERATOR_TOKEN) above.'));
    return;
  }
  try {
    if (name === 'models') await modelsScreen();
    else if (name === 'safety') await safetyScreen();
    else await reviewScreen();
  } catch (e) {
    const text = { operator_disabled: 'The operator API is off on this server (XOSEEN_OPERATOR_TOKEN is unset).',
      invalid_operator_token: 'That operator token is not valid.', operator_token_required: 'Enter the operator token.' }[e.code];
    clear(root, el('p.notice.error', { role: 'alert', id: 'ops-error' }, text ?? `Unavailable (${e.code}).`));
  }
}
window.addEventListener('hashchange', route);
route();
