// The player account for play by post: sign up with a name (the key is
// shown once, to copy for another device), sign in with a key, sign out.
// The key lives in this browser; with it the API acts for every seat of
// the account, in every game.
import * as api from './api.js';
import * as store from './store.js';
import { h, put } from './dom.js';
import { resetNotifier, askPermission } from './notify.js';

/** The key, shown once after signing up, with a copy button. */
function keyBox(key) {
  const input = h('input', { id: 'player-key', readonly: true, value: key, 'aria-label': 'Your player key', class: 'key' });
  const copy = h('button', { type: 'button', id: 'copy-key' }, 'Copy');
  copy.addEventListener('click', async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(key);
      copy.textContent = 'Copied';
    } catch {
      copy.textContent = 'Select and copy it';
    }
  });
  return h('div', { class: 'key-box', role: 'status' },
    h('p', {}, h('strong', {}, 'Your player key. '), 'Use this key to sign in on another device. It is shown only now: keep it somewhere safe.'),
    h('div', { class: 'row' }, input, copy));
}

function signedIn(a, redraw) {
  const notify = 'Notification' in window && Notification.permission === 'default'
    ? h('button', { type: 'button', id: 'allow-notices', onclick: async () => { await askPermission(); redraw(); } }, 'Notify me of my moves')
    : null;
  return [
    h('p', { id: 'signed-in' }, 'Signed in as ', h('strong', {}, a.name), '.'),
    h('div', { class: 'row' },
      h('a', { href: `#/p/${a.id}`, id: 'my-profile', class: 'button' }, 'My profile and ratings'),
      notify,
      h('button', { type: 'button', id: 'sign-out', onclick: () => { store.setAccount(null); resetNotifier(); redraw(); } }, 'Sign out')),
  ];
}

function signForms(showError, redraw, shown) {
  const signup = h('form', { id: 'sign-up', class: 'row' },
    h('label', { for: 'signup-name' }, 'Your name'),
    h('input', { id: 'signup-name', required: true, maxlength: 64, size: 12, autocomplete: 'nickname' }),
    h('button', { type: 'submit', class: 'primary' }, 'Sign up'));
  const signin = h('form', { id: 'sign-in', class: 'row' },
    h('label', { for: 'signin-key' }, 'Your key'),
    h('input', { id: 'signin-key', required: true, size: 18, autocomplete: 'off', placeholder: 'pk_…' }),
    h('button', { type: 'submit' }, 'Sign in'));
  signup.addEventListener('submit', async (e) => {
    e.preventDefault();
    showError(null);
    try {
      const made = await api.post('/v1/players', { name: signup.querySelector('input').value.trim() });
      store.setAccount({ id: made.id, name: made.name, key: made.key });
      resetNotifier();
      redraw(made.key);
    } catch (err) {
      showError(err);
    }
  });
  signin.addEventListener('submit', async (e) => {
    e.preventDefault();
    showError(null);
    const key = signin.querySelector('input').value.trim();
    try {
      const inbox = await api.get('/v1/me/games', { token: key });
      const seat = (inbox.games || [])[0];
      const name = seat ? seat.game.seats.find((s) => s.seat === seat.seat)?.name : 'Player';
      store.setAccount({ id: inbox.player, name: name || 'Player', key });
      resetNotifier();
      redraw();
    } catch (err) {
      showError(err.status === 401 ? 'This key opens no account.' : err);
    }
  });
  return [
    h('p', { class: 'note' }, 'Play by post: your games wait in your inbox, on any device, and this page tells you when it is your move.'),
    signup,
    h('details', { open: shown }, h('summary', {}, 'I have a key'), signin),
  ];
}

/** The account box of the home page. */
export function accountBox(showError, onChange) {
  const box = h('section', { id: 'account', class: 'panel', 'aria-labelledby': 'account-title' });
  const redraw = (freshKey) => {
    const a = store.account();
    put(box,
      h('h2', { id: 'account-title' }, a ? 'Your account' : 'Sign up to play by post'),
      freshKey ? keyBox(freshKey) : null,
      a ? signedIn(a, () => { redraw(); onChange(); }) : signForms(showError, (k) => { redraw(k); onChange(); }, false));
  };
  redraw();
  return box;
}
