// HTTP for both products' pages: JSON in and out, errors as {status, code, message, field}
// (clients branch on `code`, never on message text), and the one retry rule the Xoseen seed
// sets for its clients: only idempotent GETs retry — 3 attempts, exponential backoff with
// jitter capped at 4 s — and only on a network error, a timeout or a status >= 500.

export class ApiError extends Error {
  constructor(status, code, message, field) {
    super(message);
    this.status = status;   // 0 = no answer (network error or timeout)
    this.code = code;       // the server's error code, or network_error / timeout
    this.field = field ?? null;
  }
}

export const retryPolicy = { attempts: 3, baseMs: 250, capMs: 4000, timeoutMs: 10000 };

/** Backoff before attempt `n` (1-based, n >= 2): full jitter over base * 2^(n-2), capped. */
export function backoffMs(n, random = Math.random) {
  const ceiling = Math.min(retryPolicy.capMs, retryPolicy.baseMs * 2 ** (n - 2));
  return Math.round(ceiling / 2 + random() * ceiling / 2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function retryable(error) {
  return error.code === 'network_error' || error.code === 'timeout' || error.status >= 500;
}

async function once(url, options) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), retryPolicy.timeoutMs);
  let response;
  try {
    response = await fetch(url, { ...options, signal: controller.signal });
  } catch (e) {
    throw controller.signal.aborted
      ? new ApiError(0, 'timeout', 'The server did not answer in time.')
      : new ApiError(0, 'network_error', 'The server could not be reached.');
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 204) return null;
  const text = await response.text();
  let body = null;
  if (text) {
    try { body = JSON.parse(text); } catch { body = text; }
  }
  if (!response.ok) {
    const e = body && typeof body === 'object' && body.error ? body.error : {};
    throw new ApiError(response.status, e.code ?? `http_${response.status}`, e.message ?? `HTTP ${response.status}`, e.field);
  }
  return body;
}

/**
 * One request. `method` GET may retry (see above); anything else is sent exactly once.
 * `body` objects are sent as JSON; FormData and strings as they are.
 */
export async function request(method, url, { body, headers = {} } = {}) {
  const options = { method, headers: { Accept: 'application/json', ...headers } };
  if (body instanceof FormData || typeof body === 'string') {
    options.body = body;
  } else if (body !== undefined) {
    options.body = JSON.stringify(body);
    options.headers['Content-Type'] = 'application/json';
  }
  const attempts = method === 'GET' ? retryPolicy.attempts : 1;
  for (let n = 1; ; n++) {
    try {
      return await once(url, options);
    } catch (error) {
      if (n >= attempts || !(error instanceof ApiError) || !retryable(error)) throw error;
      await sleep(backoffMs(n + 1));
    }
  }
}
