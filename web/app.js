// The web client's entry: hash routes, one screen each, each loaded when
// first shown. #/ home (quick starts, account and inbox, open tables, the
// form), #/g/{id} play or watch, #/join/{id}/{invite} join a table,
// #/replay/{id} replay with the audit, #/p/{id} a profile (a player's, a
// bot's, a solo level's), #/leaderboard/{ruleset} the best ratings.
// Everything goes through the public API.
import { setTitle, startNotifier } from './notify.js';

const main = document.getElementById('main');
const errors = document.getElementById('errors');
const announce = document.getElementById('announce');
let leaving = new AbortController(); // aborted when the screen changes

/** Shows a problem (or clears it) in the alert region. */
function showError(e) {
  errors.textContent = e ? `${e.status ? `${e.status}: ` : ''}${e.message || e}` : '';
}

/** Tells a screen reader something happened. */
function say(text) {
  announce.textContent = text;
}

const SCREENS = {
  g: ['Game', () => import('./game.js'), (m, p, q, o) => m.gameScreen(main, p[1], q, o)],
  join: ['Join a table', () => import('./join.js'), (m, p, q, o) => m.joinScreen(main, p[1], p[2] || '', o)],
  replay: ['Replay', () => import('./replay.js'), (m, p, q, o) => m.replayScreen(main, p[1], q, o)],
  p: ['Profile', () => import('./profile.js'), (m, p, q, o) => m.profileScreen(main, decodeURIComponent(p[1]), q, o)],
  leaderboard: ['Leaderboards', () => import('./leaderboard.js'), (m, p, q, o) => m.leaderboardScreen(main, p[1], q, o)],
  home: ['At the table', () => import('./home.js'), (m, p, q, o) => m.homeScreen(main, o)],
};

async function route() {
  leaving.abort();
  leaving = new AbortController();
  const { signal } = leaving;
  showError(null);
  const [path, query = ''] = location.hash.replace(/^#/, '').split('?');
  const parts = path.split('/').filter((p) => p);
  const [title, load, show] = (parts[1] && SCREENS[parts[0]]) || SCREENS.home;
  setTitle(title);
  document.body.dataset.screen = (parts[1] && SCREENS[parts[0]] ? parts[0] : 'home');
  try {
    const module = await load();
    if (signal.aborted) return;
    await show(module, parts, query, { signal, showError, say });
  } catch (e) {
    if (!signal.aborted) showError(e);
  }
  if (!signal.aborted && document.activeElement === document.body) document.getElementById('title')?.focus({ preventScroll: true });
}

window.addEventListener('hashchange', route);
startNotifier();
route();
