// The leaderboard (#/leaderboard/{ruleset}, ?mode=solo for the card game's
// solo mode): the best ratings of rated games, by score (rating − 3 ×
// uncertainty), people and bots on one board, the solo mode's levels on
// theirs; each name opens its profile, and this browser's player is lit.
import * as api from './api.js';
import * as store from './store.js';
import { h, put } from './dom.js';
import { rulesets } from './catalog.js';
import { icon } from './icons.js';
import { BOARDS, boardHref, boardName, holderName, kindBadge, num, seg } from './rating.js';

const MEDALS = ['gold', 'silver', 'bronze'];

/** The switch between the boards: one link each, the shown one current. */
function boardTabs(names, ruleset, mode) {
  return h('nav', { class: 'tabs', 'aria-label': 'Leaderboards' }, BOARDS.map(([r, m]) => h('a', {
    href: boardHref(r, m),
    class: 'tab',
    'aria-current': r === ruleset && m === mode ? 'page' : null,
  }, boardName(names, r, m))));
}

function row(e, me) {
  const mine = e.id === me;
  const pct = e.games ? Math.round((100 * e.won) / e.games) : 0;
  return h('tr', { class: `${mine ? 'me' : ''} k-${e.kind}`, 'data-id': e.id, 'aria-current': mine ? 'true' : null },
    h('td', { class: 'rank' }, e.rank <= 3 ? h('span', { class: `medal ${MEDALS[e.rank - 1]}`, title: `rank ${e.rank}` }, String(e.rank)) : String(e.rank)),
    h('td', { class: 'lb-who' },
      h('a', { href: `#/p/${seg(e.id)}`, class: 'holder' }, holderName(e.name, e.kind)),
      kindBadge(e.kind),
      mine ? h('span', { class: 'tag' }, ' you') : null,
      h('span', { class: 'lb-sub' }, `${num(e.rating)} ± ${num(e.uncertainty)} · ${pct}% won`)),
    h('td', { class: 'score' }, num(e.score)),
    h('td', { class: 'wide' }, `${num(e.rating)} `, h('span', { class: 'sub' }, `± ${num(e.uncertainty)}`)),
    h('td', { class: 'games' }, String(e.games)),
    h('td', { class: 'wide' }, `${e.won} `, h('span', { class: 'sub' }, `(${pct}%)`)));
}

function board(doc, names, me) {
  const entries = doc.entries || [];
  if (!entries.length) {
    return h('p', { class: 'note', id: 'board-empty' }, 'No rated games yet on this board. A rated table (player accounts and bots only) puts its players here once it ends.');
  }
  return h('div', { class: 'board-wrap' }, h('table', { class: 'leaderboard', id: 'leaderboard' },
    h('caption', { class: 'visually-hidden' }, `${boardName(names, doc.ruleset, doc.mode)}: the best by score`),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', class: 'rank' }, '#'),
      h('th', { scope: 'col' }, doc.mode === 'solo' ? 'Player or level' : 'Player'),
      h('th', { scope: 'col', class: 'score', title: 'rating − 3 × uncertainty' }, 'Score'),
      h('th', { scope: 'col', class: 'wide' }, 'Rating'),
      h('th', { scope: 'col', class: 'games' }, 'Games'),
      h('th', { scope: 'col', class: 'wide' }, 'Won'))),
    h('tbody', {}, entries.map((e) => row(e, me)))));
}

export async function leaderboardScreen(main, ruleset, query, { signal }) {
  const mode = new URLSearchParams(query).get('mode') === 'solo' && ruleset === 'bang' ? 'solo' : 'table';
  const list = await rulesets().catch(() => []);
  if (signal.aborted) return;
  const names = new Map(list.map((r) => [r.id, r.name]));
  const me = store.account();
  const body = h('div', { id: 'board-box', 'aria-live': 'polite' }, h('p', { class: 'note' }, 'Loading…'));
  put(main,
    h('div', { class: 'page-head' },
      h('h1', { id: 'title', tabindex: '-1' }, icon('trophy'), 'Leaderboards'),
      me ? h('a', { href: `#/p/${seg(me.id)}`, class: 'button small', id: 'my-profile' }, 'My profile') : null),
    boardTabs(names, ruleset, mode),
    h('section', { class: 'panel board-panel', 'aria-labelledby': 'board-title' },
      h('h2', { id: 'board-title' }, boardName(names, ruleset, mode)),
      h('p', { class: 'note' }, mode === 'solo'
        ? 'Each solo game is a duel: the player against the level he chose (its difficulty and options). Both are rated.'
        : 'Rated tables only: player accounts and bots. Everyone starts at 25 ± 8.3.',
      ' Ranked by score, the rating less three times its uncertainty: a skill held with near certainty.'),
      body));
  const doc = await api.get(`/v1/rulesets/${ruleset}/leaderboard?mode=${mode}&limit=100`, { signal });
  if (signal.aborted) return;
  const missing = me && !(doc.entries || []).some((e) => e.id === me.id);
  put(body, board(doc, names, me?.id),
    missing ? h('p', { class: 'note', id: 'not-ranked' }, 'You are not on this board yet: tick ', h('strong', {}, 'Rated'), ' when you set up a table.') : null);
}
