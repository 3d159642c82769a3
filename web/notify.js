// "Your move" while any page of the client is open: with an account, the
// inbox (GET /v1/me/games) is read at most once every 30 seconds; a game
// newly waiting for you shows in the header and the tab's title, and as a
// system notification where the person allowed them. The game page adds
// its own "your move" to the title from its stream.
import { get } from './api.js';
import { h, put, within } from './dom.js';
import * as store from './store.js';

export const INBOX_EVERY_MS = 30000;

let base = 'BANG!';
let gameNote = null;
let waiting = [];
let known = null;
let lastRead = 0;
let timer = null;
let latest = null;
const listeners = new Set();

/** The inbox as last read (null before the first read). */
export const lastInbox = () => (store.account() ? latest : null);

function updateTitle() {
  const mark = gameNote ? `(${gameNote}) ` : waiting.length ? `(${waiting.length}) Your move · ` : '';
  document.title = `${mark}${base}`;
}

/** The screen's own title. */
export function setTitle(title) {
  base = title ? `${title} · BANG!` : 'BANG!';
  updateTitle();
}

/** The game page's note ("Your move · Ann"), or null. */
export function notifyTitle(note) {
  gameNote = note;
  updateTitle();
}

/** The last inbox read, and later ones: fn(inbox). */
export function onInbox(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function badge(games) {
  const el = document.getElementById('notice');
  if (!el) return;
  if (!games.length) return put(el);
  const first = games[0];
  const due = first.due_at ? ` (answer within ${within(first.due_at)})` : '';
  const text = games.length === 1 ? `Your move${due}` : `Your move in ${games.length} games`;
  return put(el, h('a', { href: games.length === 1 ? `#/g/${first.game.id}` : '#/', id: 'your-move', class: 'notice' }, text));
}

function systemNotice(fresh) {
  if (!fresh.length || !('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    const n = new Notification('BANG!: your move', { body: `${fresh.length === 1 ? 'A game waits' : `${fresh.length} games wait`} for your move.`, tag: 'bang-your-move' });
    n.onclick = () => {
      window.focus();
      location.hash = fresh.length === 1 ? `#/g/${fresh[0].game.id}` : '#/';
    };
  } catch {
    /* some browsers only notify from a service worker */
  }
}

/** Reads the inbox now (if 30 s have passed, or `force` after a change of account). */
export async function readInbox(force = false) {
  const account = store.account();
  if (!account) {
    waiting = [];
    badge([]);
    updateTitle();
    clearTimeout(timer);
    return null;
  }
  if (!force && Date.now() - lastRead < INBOX_EVERY_MS) return null;
  lastRead = Date.now();
  schedule();
  const inbox = await get('/v1/me/games', { token: account.key }).catch(() => null);
  if (!inbox) return null;
  latest = inbox;
  waiting = (inbox.games || []).filter((g) => g.your_move && g.game.status === 'active');
  const ids = new Set(waiting.map((g) => `${g.game.id}@${g.since}`));
  const fresh = known ? waiting.filter((g) => !known.has(`${g.game.id}@${g.since}`)) : [];
  known = ids;
  badge(waiting);
  updateTitle();
  systemNotice(fresh);
  listeners.forEach((fn) => fn(inbox));
  return inbox;
}

/** The next read: 30 s after the last one, whatever made it. */
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(() => readInbox(), Math.max(0, lastRead + INBOX_EVERY_MS - Date.now()) + 50);
}

/** Starts reading the inbox every 30 s, and when the page comes back into view. */
export function startNotifier() {
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) readInbox();
  });
  readInbox();
}

/** Asks for the permission to show system notifications (a click's answer). */
export async function askPermission() {
  if (!('Notification' in window)) return 'unsupported';
  return Notification.requestPermission();
}

/** Forgets what was seen (signing out or in). */
export function resetNotifier() {
  known = null;
  latest = null;
  lastRead = 0;
  readInbox(true);
}
