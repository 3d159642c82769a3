// The API client: JSON over fetch, problems (application/problem+json) as
// errors, and a game's events followed through one NDJSON stream. Only the
// public REST API is used, as any integrator would.
import { sleep } from './dom.js';

/** An error answer of the API: its status and problem document. */
export class Problem extends Error {
  constructor(status, body) {
    const detail = body && typeof body === 'object' ? body.detail || body.title : body;
    super(detail || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
    this.code = this.body.code || '';
  }
}

/** Requests this page made, by status (the tests read it). */
export const counts = { requests: 0, byStatus: {} };

function tally(status) {
  counts.requests += 1;
  counts.byStatus[status] = (counts.byStatus[status] || 0) + 1;
}

/**
 * One request; resolves to the JSON body, or throws a Problem. A 429 is
 * waited out once (Retry-After) before it is shown: a person clicking fast
 * should not see the limit, only a client that ignores it.
 */
export async function call(method, path, { token, body, signal, retried } = {}) {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const resp = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  tally(resp.status);
  const text = await resp.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (resp.status === 429 && !retried) {
    const wait = Number(resp.headers.get('retry-after')) || 1;
    await sleep(Math.min(wait, 10) * 1000, signal);
    return call(method, path, { token, body, signal, retried: true });
  }
  if (!resp.ok) throw new Problem(resp.status, data);
  return data;
}

export const get = (path, opts) => call('GET', path, opts);
export const post = (path, body, opts = {}) => call('POST', path, { ...opts, body });

/** A fresh id for `action_id` (retries of one click are then safe). */
export function actionId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return `a-${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/** Reads NDJSON lines from a response body, calling `line` for each. */
async function readLines(resp, line) {
  const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    const lines = [];
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (text) lines.push(JSON.parse(text));
    }
    if (lines.length) line(lines);
  }
}

/**
 * Follows a game's events after `after` through one NDJSON stream (fetch,
 * since an EventSource cannot send the Authorization header); if the
 * stream keeps failing, long-polls of /events. Calls onEvents(list) with
 * each batch that arrived together, and onClosed() when the stream ends
 * (the game is over, or the server went away: the caller decides).
 */
export async function follow({ id, token, after, onEvents, onClosed, signal }) {
  let last = after;
  let failures = 0;
  const headers = { accept: 'application/x-ndjson' };
  if (token) headers.authorization = `Bearer ${token}`;
  const seen = (events) => {
    const fresh = events.filter((e) => typeof e.seq === 'number' && e.seq > last);
    if (!fresh.length) return;
    last = fresh[fresh.length - 1].seq;
    onEvents(fresh);
  };
  while (!signal.aborted) {
    try {
      if (failures < 3) {
        const resp = await fetch(`/v1/games/${id}/stream?format=ndjson&after=${last}`, { headers, signal });
        tally(resp.status);
        if (!resp.ok || !resp.body) throw new Problem(resp.status, null);
        await readLines(resp, (lines) => {
          failures = 0;
          seen(lines);
        });
        if (await onClosed(last)) return;
      } else {
        const page = await get(`/v1/games/${id}/events?after=${last}&wait=30`, { token, signal });
        seen(page.events || []);
        if (!(page.events || []).length && (await onClosed(last))) return;
      }
    } catch {
      if (signal.aborted) return;
      failures += 1;
      await sleep(Math.min(5000, 300 * failures), signal);
    }
  }
}
