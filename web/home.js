// The home screen (#/): quick starts against bots, the account and its
// inbox (your move first with its deadline, then waiting, then finished;
// or this browser's recent games without an account), open tables to
// join, the leaderboards, and the form to set up a table.
import * as api from './api.js';
import * as store from './store.js';
import { h, put, within, ago } from './dom.js';
import { rulesets, loadCatalog } from './catalog.js';
import { create, mySeat } from './lobby.js';
import { createForm } from './create.js';
import { accountBox } from './account.js';
import { onInbox, readInbox, lastInbox } from './notify.js';
import { icon } from './icons.js';
import { BOARDS, boardHref, boardName } from './rating.js';

const QUICK = [
  ['quick-dice', 'bullseye_1', 'The dice game', 'you and 3 bots', { ruleset: 'dice', players: 4 }],
  ['quick-bang', 'bang', 'The card game', 'you and 3 bots', { ruleset: 'bang', players: 4 }],
  ['quick-gold', 'locomotive', 'Gold Rush and the train', 'you and 4 bots', { ruleset: 'bang', players: 5, options: { expansions: ['gold_rush', 'train_robbery'] } }],
  ['quick-solo', 'sheriff', 'Solo: the Lone Gunslinger', 'you against the rules', { ruleset: 'bang', players: 6, options: { mode: 'lone_gunslinger', difficulty: 2 } }],
];

function quickStarts(showError) {
  return h('section', { class: 'quick', 'aria-labelledby': 'quick-title' },
    h('h2', { id: 'quick-title' }, 'Play now'),
    h('div', { class: 'quick-row' }, QUICK.map(([id, pic, title, sub, body]) => h('button', {
      type: 'button',
      id,
      class: 'quick-start',
      onclick: async (e) => {
        e.currentTarget.disabled = true;
        try {
          location.hash = `#/g/${await create({ ...body, seats: [mySeat('Stranger')] })}`;
        } catch (err) {
          showError(err);
        }
      },
    }, icon(pic), h('strong', {}, title), h('span', { class: 'sub' }, sub)))));
}

function gameLine(cat, g, extra = []) {
  const names = (g.seats || []).map((s) => s.name).join(', ');
  const mode = g.options?.mode === 'lone_gunslinger' ? ' (solo)' : '';
  return [h('a', { href: `#/g/${g.id}`, class: 'game-link' }, `${cat.get(g.ruleset) || g.ruleset}${mode}`),
    g.rated ? h('span', { class: 'tag rated' }, 'Rated') : null, h('span', { class: 'sub' }, ` · ${names}`), extra];
}

function inboxList(cat, inbox) {
  const games = inbox.games || [];
  const groups = [
    ['Your move', games.filter((g) => g.your_move && g.game.status === 'active'), 'your-move'],
    ['Waiting for the others', games.filter((g) => !g.your_move && g.game.status !== 'finished'), 'waiting'],
    ['Finished', games.filter((g) => g.game.status === 'finished').slice(0, 10), 'finished'],
  ];
  if (!games.length) return h('p', { class: 'note' }, 'No games yet: create a table with open seats and send the invite.');
  return groups.filter(([, list]) => list.length).map(([title, list, cls]) => h('div', { class: `inbox-group ${cls}` },
    h('h3', {}, title),
    h('ul', { class: 'games', id: `inbox-${cls}` }, list.map((e) => h('li', { 'data-game': e.game.id },
      gameLine(cat, e.game, [
        e.game.status === 'open' ? h('span', { class: 'tag' }, ' open table') : null,
        e.invited ? h('a', { href: `#/join/${e.game.id}/`, class: 'button invited' }, 'A rematch: take your seat') : null,
        e.your_move && e.due_at ? h('span', { class: 'due' }, icon('clock'), ` answer within ${within(e.due_at)}`) : null,
        !e.your_move ? h('span', { class: 'sub' }, ` · ${ago(e.since)}`) : null,
      ]))))));
}

function recentList(cat) {
  const mine = store.recent();
  if (!mine.length) return h('p', { class: 'note' }, 'Games you play or watch show here.');
  return h('ul', { class: 'games', id: 'recent-games' }, mine.map((g) => h('li', {}, gameLine(cat, g, h('span', { class: 'sub' }, ` · ${g.status || ''}`)))));
}

/** The leaderboards, one link each. */
function boardLinks(names) {
  return h('section', { class: 'panel', 'aria-labelledby': 'boards-title' },
    h('h2', { id: 'boards-title' }, 'Leaderboards'),
    h('ul', { class: 'board-links', id: 'board-links' }, BOARDS.map(([r, m]) => h('li', {},
      h('a', { href: boardHref(r, m) }, icon('trophy'), boardName(names, r, m))))),
    h('p', { class: 'note' }, 'Rated tables move the ratings: player accounts and bots only.'));
}

async function openTables(cat, list, signal) {
  const tables = await api.get('/v1/games?status=open&limit=20', { signal });
  const mineIds = new Set(store.recent().map((g) => g.id));
  put(list, tables.games.length
    ? tables.games.map((g) => h('li', {}, gameLine(cat, g, [
      h('span', { class: 'sub' }, ` · ${g.seats.filter((s) => s.kind === 'open').length} open`),
      mineIds.has(g.id) ? null : h('a', { href: `#/join/${g.id}/`, class: 'button small', 'aria-label': `Join table ${g.id}` }, 'Join'),
    ])))
    : [h('li', { class: 'note' }, 'None right now: set up a table with open seats.')]);
}

export async function homeScreen(main, { signal, showError }) {
  const list = await rulesets().catch(() => [{ id: 'dice', name: 'dice' }, { id: 'bang', name: 'bang' }]);
  const names = new Map(list.map((r) => [r.id, r.name]));
  const diceCat = await loadCatalog('dice').catch(() => null);
  if (signal.aborted) return; // another screen was asked for meanwhile
  const games = h('div', { id: 'my-games' });
  const open = h('ul', { id: 'open-tables', class: 'games' }, h('li', {}, 'Loading…'));
  const drawGames = (inbox) => put(games, h('h2', { id: 'games-title' }, store.account() ? 'Your games' : 'Recent games'),
    store.account() ? (inbox ? inboxList(names, inbox) : h('p', { class: 'note' }, 'Reading your inbox…')) : recentList(names));
  let form = createForm({ rulesets: list, diceCat, showError });
  const account = accountBox(showError, () => {
    drawGames(null);
    readInbox(true);
    const fresh = createForm({ rulesets: list, diceCat, showError });
    form.replaceWith(fresh);
    form = fresh;
  });
  put(main,
    h('h1', { id: 'title', tabindex: '-1', class: 'visually-hidden' }, 'BANG! at the table'),
    quickStarts(showError),
    h('div', { class: 'home-grid' },
      h('div', {}, account, h('section', { class: 'panel', 'aria-labelledby': 'games-title' }, games)),
      h('div', {}, h('section', { class: 'panel', 'aria-labelledby': 'open-title' }, h('h2', { id: 'open-title' }, 'Open tables'), open), boardLinks(names))),
    form);
  drawGames(lastInbox());
  const off = onInbox((inbox) => {
    if (store.account()) drawGames(inbox);
  });
  signal.addEventListener('abort', off);
  if (store.account()) readInbox().catch(() => {});
  await openTables(names, open, signal).catch((e) => !signal.aborted && showError(e));
}
