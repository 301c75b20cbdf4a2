// The Xoseen API as the web app uses it. The session (viewer id, display name, token) lives
// in localStorage; every user-scoped call goes through `scoped`, which attaches
// `Authorization: Bearer <token>` whenever the session holds one. Only GETs retry (http.js).
import { request, ApiError } from '/shared/http.js';

const KEY = 'xoseen.session', TOKENS = 'xoseen.tokens', CLAIMS = 'xoseen.claims';

/** An enum value of the API as a person reads it: "beach_days" → "beach days", "long_term" → "long term". */
export const slugLabel = (slug) => String(slug).replaceAll('_', ' ');

function readJSON(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}

/** The signed-in viewer: {viewerId, displayName, token}. Tokens are kept per user id, so
 *  switching persona and back keeps an onboarded user's token. */
export const session = {
  load() { return readJSON(KEY, null); },
  signIn(viewerId, displayName, token) {
    const tokens = readJSON(TOKENS, {});
    if (token) tokens[viewerId] = token;
    localStorage.setItem(TOKENS, JSON.stringify(tokens));
    localStorage.setItem(KEY, JSON.stringify({ viewerId, displayName, token: tokens[viewerId] ?? null }));
  },
  /** The token stopped working: forget it (the user signs in again). */
  forgetToken() {
    const s = session.load();
    if (!s) return;
    const tokens = readJSON(TOKENS, {});
    delete tokens[s.viewerId];
    localStorage.setItem(TOKENS, JSON.stringify(tokens));
    localStorage.removeItem(KEY);
  },
  clear() { localStorage.removeItem(KEY); },
};

/** Verification claim secrets, kept until the profile is created (then the token rules). */
export const claims = {
  get: (userId) => readJSON(CLAIMS, {})[userId] ?? null,
  set(userId, secret) {
    const all = readJSON(CLAIMS, {});
    all[userId] = secret;
    localStorage.setItem(CLAIMS, JSON.stringify(all));
  },
  drop(userId) {
    const all = readJSON(CLAIMS, {});
    delete all[userId];
    localStorage.setItem(CLAIMS, JSON.stringify(all));
  },
};

function scoped(method, path, body) {
  const s = session.load();
  const headers = s?.token ? { Authorization: `Bearer ${s.token}` } : {};
  return request(method, path, { body, headers });
}

/** `match:<a>:<b>` with the two ids sorted: both sides must derive the same room. */
export const matchRoom = (a, b) => `match:${[a, b].sort().join(':')}`;

/** Appends candidates not already present (the cursor can repeat one under churn). */
export function dedupeAppend(list, more) {
  const seen = new Set(list.map((c) => c.candidateId));
  return list.concat(more.filter((c) => !seen.has(c.candidateId) && seen.add(c.candidateId)));
}

export const api = {
  health: () => request('GET', '/ml/health'),
  viewers: () => request('GET', '/ml/viewers'),
  options: () => request('GET', '/web/options'),
  weights: () => request('GET', '/ml/weights'),

  verify(form, claimToken) {
    const headers = claimToken ? { 'X-Verification-Claim': claimToken } : {};
    const s = session.load();
    if (s?.token) headers.Authorization = `Bearer ${s.token}`;
    return request('POST', '/verify/verification/verify-live', { body: form, headers });
  },
  verificationStatus(userId, claimToken) {
    const headers = claimToken ? { 'X-Verification-Claim': claimToken } : {};
    const s = session.load();
    if (s?.token && s.viewerId === userId) headers.Authorization = `Bearer ${s.token}`;
    return request('GET', `/verify/verification/status/${encodeURIComponent(userId)}`, { headers });
  },
  saveProfile(profile, claimToken) {
    const s = session.load();
    const headers = {};
    if (claimToken) headers['X-Verification-Claim'] = claimToken;
    if (s?.token && s.viewerId === profile.userId) headers.Authorization = `Bearer ${s.token}`;
    return request('POST', '/web/profile', { body: profile, headers });
  },

  rank: (viewerId, cursor, limit = 10) => scoped('POST', '/ml/rank', { viewerId, limit, cursor: cursor ?? null }),
  explain: (viewerId, candidateId) => scoped('POST', '/ml/explain', { viewerId, candidateId }),
  feedback: (viewerId, candidateId, action) => scoped('POST', '/ml/feedback', { viewerId, candidateId, action }),
  matches: (viewerId) => scoped('POST', '/web/matches', { viewerId }),
  block: (viewerId, candidateId) => scoped('POST', '/web/block', { viewerId, candidateId }),
  starters: (viewerId, candidateId) =>
    scoped('GET', `/web/suggestions?viewerId=${encodeURIComponent(viewerId)}&candidateId=${encodeURIComponent(candidateId)}`),
  replyDrafts: (user, history) => scoped('POST', '/web/reply-suggest', { user, history }),
  blindNext: (viewerId) => scoped('POST', '/web/blind/next', { viewerId }),
  blindPairings: (viewerId) => scoped('POST', '/web/blind/pairings', { viewerId }),
  blindReveal: (viewerId, candidateId) => scoped('POST', '/web/blind/reveal', { viewerId, candidateId }),
};

/** Codes that mean "this session's credential is no good": sign in again. */
export const signInAgainCodes = new Set(['invalid_token', 'auth_required']);

export { ApiError };
