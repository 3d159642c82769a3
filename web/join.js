// Joining a table (#/join/{id}/{invite}): what the table is, then one
// button — with the account when signed in (the seat is then the
// account's, on every device), else with a name — and the optional
// entropy a player may add to the dice.
import * as api from './api.js';
import * as store from './store.js';
import { h, put } from './dom.js';
import { rulesets } from './catalog.js';
import { join } from './lobby.js';

export async function joinScreen(main, id, invite, { signal, showError }) {
  const account = store.account();
  const about = h('p', { id: 'table-about' }, `Table ${id}`);
  const form = h(
    'form',
    { id: 'join', class: 'panel' },
    account
      ? h('p', {}, 'You join as ', h('strong', {}, account.name), ' (your account).')
      : h('div', { class: 'field' }, h('label', { for: 'join-name' }, 'Your name'), h('input', { id: 'join-name', name: 'name', required: true, maxlength: 64 })),
    h('details', {}, h('summary', {}, 'Add your own luck to the dice (optional)'),
      h('div', { class: 'field' }, h('label', { for: 'join-entropy' }, 'Any text: it is mixed into the seed, so nobody alone decides the dice'),
        h('input', { id: 'join-entropy', name: 'entropy', maxlength: 128 }))),
    h('button', { type: 'submit', class: 'primary big' }, 'Join the table'),
  );
  put(main, h('h1', { id: 'title', tabindex: '-1' }, 'Join a table'), about, form);
  try {
    const [state, list] = await Promise.all([api.get(`/v1/games/${id}`, { signal }), rulesets().catch(() => [])]);
    const g = state.game;
    const name = list.find((r) => r.id === g.ruleset)?.name || g.ruleset;
    const open = g.seats.filter((s) => s.kind === 'open').length;
    about.textContent = `${g.rated ? 'A rated table: ' : ''}${name}, ${g.players} players: ${g.seats.map((s) => (s.kind === 'open' ? 'an open seat' : s.name)).join(', ')}. ${open} open seat${open === 1 ? '' : 's'}${g.status === 'open' ? '' : ` (the game is ${g.status})`}.`;
    if (g.rated && !account) {
      // Only player accounts sit at a rated table.
      form.querySelector('button[type=submit]').disabled = true;
      form.prepend(h('p', { id: 'rated-join', class: 'note' }, 'This table is rated: only player accounts sit at it. ', h('a', { href: '#/' }, 'Sign up on the home page'), ', then open this link again.'));
    }
  } catch (e) {
    if (!signal.aborted) showError(e);
  }
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    showError(null);
    try {
      await join(id, { invite, name: form.querySelector('#join-name')?.value.trim(), entropy: form.querySelector('#join-entropy').value.trim() });
      location.hash = `#/g/${id}`;
    } catch (err) {
      showError(err);
    }
  });
}
