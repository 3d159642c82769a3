// The API client: JSON over fetch, problems (application/problem+json) as
// errors, seat tokens kept per game, and a game's events followed live.
// Only the public REST API is used, as any integrator would.

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

/** One request; resolves to the JSON body, or throws a Problem. */
export async function call(method, path, { token, body, signal } = {}) {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const resp = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await resp.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
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

// Seat tokens live in localStorage under the game id; links to share for the
// other seats of a game this browser created, and the games seen lately, too.
const store = {
  read(key, fallback) {
    try {
      const v = localStorage.getItem(key);
      return v === null ? fallback : JSON.parse(v);
    } catch {
      return fallback;
    }
  },
  write(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* private mode: the token lives as long as the page */
    }
  },
};

export const tokenOf = (id) => store.read(`bang.token.${id}`, null);
export const setToken = (id, token) => store.write(`bang.token.${id}`, token);
export const linksOf = (id) => store.read(`bang.links.${id}`, []);
export const setLinks = (id, links) => store.write(`bang.links.${id}`, links);

/** Games this browser created, joined or watched, newest first. */
export const recent = () => store.read('bang.recent', []);
export function remember(game) {
  const list = recent().filter((g) => g.id !== game.id);
  list.unshift({ id: game.id, ruleset: game.ruleset, players: game.players });
  store.write('bang.recent', list.slice(0, 12));
}

const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

/**
 * Follows a game's events after `after`: the NDJSON stream read line by line
 * with fetch (an EventSource cannot send the Authorization header), or, if
 * the stream fails, long-polls of /events. Calls onEvent(event) for each
 * event and onEnd() once the game is over; stops when `signal` aborts.
 */
export async function follow({ id, token, after, onEvent, onEnd, isOver, signal }) {
  let last = after;
  let failures = 0;
  const headers = { accept: 'application/x-ndjson' };
  if (token) headers.authorization = `Bearer ${token}`;
  const seen = (event) => {
    if (typeof event.seq === 'number' && event.seq > last) {
      last = event.seq;
      onEvent(event);
    }
  };
  while (!signal.aborted) {
    try {
      if (failures < 3) {
        const resp = await fetch(`/v1/games/${id}/stream?format=ndjson&after=${last}`, { headers, signal });
        if (!resp.ok || !resp.body) throw new Problem(resp.status, null);
        const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let nl;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, nl).trim();
            buffer = buffer.slice(nl + 1);
            if (line) seen(JSON.parse(line));
          }
          failures = 0;
        }
      } else {
        // The stream failed: long-poll instead.
        const page = await get(`/v1/games/${id}/events?after=${last}&wait=30`, { token, signal });
        (page.events || []).forEach(seen);
      }
      // A stream closes when the game is over (or the server goes away).
      if (await isOver()) {
        onEnd();
        return;
      }
    } catch (e) {
      if (signal.aborted) return;
      failures += 1;
      await sleep(Math.min(5000, 300 * failures), signal);
    }
  }
}
