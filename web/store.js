// What the browser keeps between visits, in localStorage: seat tokens and
// share links per game, the player account (id, name, key), the games seen
// lately, and preferences (playback speed). Private mode: kept in memory.

const memory = new Map();

function read(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v === null ? fallback : JSON.parse(v);
  } catch {
    return memory.has(key) ? memory.get(key) : fallback;
  }
}

function write(key, value) {
  memory.set(key, value);
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: the value lives as long as the page */
  }
}

export const tokenOf = (id) => read(`bang.token.${id}`, null);
export const setToken = (id, token) => write(`bang.token.${id}`, token);
export const linksOf = (id) => read(`bang.links.${id}`, []);
export const setLinks = (id, links) => write(`bang.links.${id}`, links);

/** The player account of this browser: { id, name, key } or null. */
export const account = () => read('bang.account', null);
export const setAccount = (a) => write('bang.account', a);

/** Playback speed: 'slow', 'normal', 'fast' or 'instant'. */
export const speed = () => read('bang.speed', 'normal');
export const setSpeed = (s) => write('bang.speed', s);

/** Games this browser created, joined or watched, newest first. */
export const recent = () => read('bang.recent', []);
export function remember(game) {
  const list = recent().filter((g) => g.id !== game.id);
  list.unshift({ id: game.id, ruleset: game.ruleset, players: game.players, status: game.status, rated: game.rated || undefined });
  write('bang.recent', list.slice(0, 12));
}

/** The credential for a game: its seat token here, else the account's key. */
export function credentialOf(id) {
  return tokenOf(id) || account()?.key || null;
}
