// A profile (#/p/{id}): a player's name, since when he plays, his games
// played and won by ruleset and role, his ratings (rating ± uncertainty,
// with the line of its last games) and his finished games to replay, paged.
// A bot (bot:strong) or a solo level (solo:4+…) has no account: its page is
// its ratings and the rated games that moved them.
import * as api from './api.js';
import * as store from './store.js';
import { h, put } from './dom.js';
import { rulesets } from './catalog.js';
import { roleEl } from './cards.js';
import { icon } from './icons.js';
import { BOARDS, boardHref, boardName, day, delta, holderName, kindBadge, kindOf, num, seg, sparkline } from './rating.js';

const BOTS = {
  normal: 'a sound heuristic in the dice game, the rules’ own policy in the card game',
  strong: 'it plays the game out many times from each decision, in the worlds its seat may know',
  random: 'uniformly random legal moves',
};

const pct = (won, played) => (played ? `${Math.round((100 * won) / played)}%` : '–');
const stat = (value, label) => h('div', { class: 'stat' }, h('strong', {}, String(value)), h('span', {}, label));

/** Who holds the page: a player since a day, a bot and how it plays, a solo level. */
function about(id, kind, profile) {
  if (kind === 'bot') return `A bot of this server: ${BOTS[id.slice(4)] || id.slice(4)}.`;
  if (kind === 'solo_level') {
    const [level, ...flags] = id.slice(5).split('+');
    const extra = flags.map((f) => f.replace(/_/g, ' ')).join(', ');
    return `A level of the solo mode (the Lone Gunslinger): difficulty ${level}${extra ? `, with ${extra}` : ''}. Each solo game rates the player against it.`;
  }
  return profile?.created_at ? `Plays here since ${day(profile.created_at)}.` : '';
}

function head(name, id, kind, profile, ratings) {
  const mine = store.account()?.id === id;
  const games = profile ? profile.played : ratings.reduce((n, r) => n + r.current.games, 0);
  const won = profile ? profile.won : ratings.reduce((n, r) => n + r.current.won, 0);
  return h('section', { class: 'panel profile-head', 'aria-labelledby': 'title' },
    h('div', { class: 'row' },
      h('h1', { id: 'title', tabindex: '-1' }, holderName(name, kind)), kindBadge(kind), mine ? h('span', { class: 'tag' }, 'you') : null),
    h('p', { class: 'sub' }, about(id, kind, profile)),
    h('div', { class: 'stats' },
      stat(games, profile ? 'games played' : 'rated games'), stat(won, 'won'), stat(pct(won, games), 'of them won'),
      profile ? stat(ratings.length, ratings.length === 1 ? 'rating' : 'ratings') : null));
}

/** One rating: its board, rating ± uncertainty, score, games and its line. */
function ratingCard(names, r) {
  const c = r.current;
  return h('article', { class: 'rating-card', 'data-board': `${c.ruleset}:${c.mode}` },
    h('h3', {}, h('a', { href: boardHref(c.ruleset, c.mode) }, boardName(names, c.ruleset, c.mode))),
    h('p', { class: 'big' }, h('strong', { class: 'rating-value' }, num(c.rating)), h('span', { class: 'sub' }, ` ± ${num(c.uncertainty)}`),
      h('span', { class: 'rank-slot' })),
    h('p', { class: 'sub' }, `score ${num(c.score)} · ${c.games} game${c.games === 1 ? '' : 's'}, ${c.won} won`),
    sparkline(r.changes),
    r.changes.length ? h('p', { class: 'spark-cap' }, h('span', {}, `last ${r.changes.length} game${r.changes.length === 1 ? '' : 's'}`),
      h('span', {}, `${num(r.changes[r.changes.length - 1].before.rating)} → ${num(r.changes[0].after.rating)}`)) : null);
}

/** Where each rating stands on its board (among the best 100), once read. */
async function ranks(box, id, ratings, signal) {
  for (const r of ratings) {
    const { ruleset, mode } = r.current;
    const doc = await api.get(`/v1/rulesets/${ruleset}/leaderboard?mode=${mode}&limit=100`, { signal }).catch(() => null);
    const entry = doc?.entries?.find((e) => e.id === id);
    const slot = box.querySelector(`[data-board="${ruleset}:${mode}"] .rank-slot`);
    if (entry && slot) put(slot, h('a', { href: boardHref(ruleset, mode), class: 'rank-badge' }, icon('trophy'), `#${entry.rank}`));
  }
}

function recordBlock(names, profile) {
  if (!profile.rulesets?.length) return null;
  return h('section', { class: 'panel', 'aria-labelledby': 'record-title' },
    h('h2', { id: 'record-title' }, 'Record'),
    h('div', { class: 'records' }, profile.rulesets.map((r) => {
      const most = Math.max(1, ...r.roles.map((x) => x.played));
      return h('div', { class: 'record' },
        h('h3', {}, names.get(r.ruleset) || r.ruleset, h('span', { class: 'sub' }, ` · ${r.played} played, ${r.won} won`)),
        h('table', { class: 'role-table' },
          h('caption', { class: 'visually-hidden' }, `${names.get(r.ruleset) || r.ruleset}: games by role`),
          h('tbody', {}, r.roles.map((x) => h('tr', {},
            h('th', { scope: 'row' }, roleEl(x.role)),
            h('td', { class: 'bar-cell' }, sized(h('span', { class: 'track' }, sized(h('span', { class: 'won-part' }), x.played ? x.won / x.played : 0)), x.played / most)),
            h('td', { class: 'count' }, `${x.won} won of ${x.played}`))))));
    })));
}

/** A bar `share` (0 to 1) wide, set through the CSSOM (the page's policy forbids style attributes). */
function sized(el, share) {
  el.style.width = `${Math.round(100 * share)}%`;
  return el;
}

function archiveLine(names, entry, changes) {
  const g = entry.game;
  const others = (g.seats || []).filter((s) => s.seat !== entry.seat);
  const withWhom = others.length ? [' · with ', others.flatMap((s, i) => [i ? ', ' : '',
    s.player ? h('a', { href: `#/p/${s.player}` }, s.name) : s.name])] : '';
  const solo = g.options?.mode === 'lone_gunslinger' ? ' (solo)' : '';
  const change = changes.get(g.id);
  return h('li', { 'data-game': g.id },
    h('a', { href: `#/replay/${g.id}`, class: 'game-link' }, `${names.get(g.ruleset) || g.ruleset}${solo}`),
    entry.role ? roleEl(entry.role) : null,
    h('span', { class: `result-tag ${entry.won ? 'won' : 'lost'}` }, entry.won ? 'Won' : 'Lost'),
    g.rated ? h('span', { class: 'tag rated' }, 'Rated') : null,
    change ? delta(change) : null,
    h('span', { class: 'with sub' }, day(entry.finished_at || g.updated_at), withWhom));
}

/** The player's finished games, 20 at a time. */
function archiveBlock(names, id, first, changes, signal, showError) {
  const list = h('ul', { class: 'games archive', id: 'archive' });
  const more = h('button', { type: 'button', id: 'more-games' }, 'More games');
  let cursor = null;
  const add = (page) => {
    list.append(...page.games.map((e) => archiveLine(names, e, changes)));
    cursor = page.next_cursor || null;
    more.hidden = !cursor;
  };
  more.addEventListener('click', async () => {
    more.disabled = true;
    try {
      add(await api.get(`/v1/players/${seg(id)}/games?limit=20&cursor=${encodeURIComponent(cursor)}`, { signal }));
    } catch (e) {
      if (!signal.aborted) showError(e);
    }
    more.disabled = false;
  });
  add(first);
  return h('section', { class: 'panel', 'aria-labelledby': 'archive-title' },
    h('h2', { id: 'archive-title' }, 'Finished games'),
    first.games.length ? list : h('p', { class: 'note' }, 'No finished game yet.'),
    more);
}

/** A bot's or a level's rated games, board by board, paged. */
function changesBlock(names, id, ratings, signal, showError) {
  return h('section', { class: 'panel', 'aria-labelledby': 'archive-title' },
    h('h2', { id: 'archive-title' }, 'Rated games'),
    ratings.map((r) => {
      const { ruleset, mode } = r.current;
      const list = h('ul', { class: 'games archive' });
      const more = h('button', { type: 'button', class: 'more-changes' }, `More games (${boardName(names, ruleset, mode)})`);
      // The 50 changes read for the line, shown 10 at a time; then the next pages.
      let [buffer, cursor] = [[...r.changes], r.next_cursor || null];
      const show = () => {
        list.append(...buffer.splice(0, 10).map((c) => h('li', { 'data-game': c.game },
          h('a', { href: `#/replay/${c.game}`, class: 'game-link', 'aria-label': `Replay of the game of ${day(c.at)}, ${c.won ? 'won' : 'lost'}` }, `Game ${c.game.slice(0, 6)}`),
          h('span', { class: `result-tag ${c.won ? 'won' : 'lost'}` }, c.won ? 'Won' : 'Lost'),
          delta(c), h('span', { class: 'sub' }, ` → ${num(c.after.rating)}`), h('span', { class: 'when sub' }, day(c.at)))));
        more.hidden = !buffer.length && !cursor;
      };
      more.addEventListener('click', async () => {
        more.disabled = true;
        try {
          if (!buffer.length && cursor) {
            const page = await api.get(`/v1/players/${seg(id)}/ratings?ruleset=${ruleset}&mode=${mode}&limit=50&cursor=${encodeURIComponent(cursor)}`, { signal });
            [buffer, cursor] = [page.changes, page.next_cursor || null];
          }
          show();
        } catch (e) {
          if (!signal.aborted) showError(e);
        }
        more.disabled = false;
      });
      show();
      return h('div', { class: 'changes' }, h('h3', {}, boardName(names, ruleset, mode)), list, more);
    }));
}

export async function profileScreen(main, id, query, { signal, showError }) {
  put(main, h('h1', { id: 'title', tabindex: '-1' }, 'Profile'), h('p', { class: 'note' }, 'Loading…'));
  const kind = kindOf(id);
  const [list, profile] = await Promise.all([
    rulesets().catch(() => []),
    kind === 'player' ? api.get(`/v1/players/${seg(id)}`, { signal }).catch((e) => { if (e.status === 404) return null; throw e; }) : null,
  ]);
  if (signal.aborted) return;
  const names = new Map(list.map((r) => [r.id, r.name]));
  if (kind === 'player' && !profile) {
    put(main, h('h1', { id: 'title', tabindex: '-1' }, 'No such player'), h('p', { class: 'note' }, `No player has the id ${id}.`),
      h('p', {}, h('a', { href: boardHref('dice', 'table') }, 'See the leaderboards')));
    return;
  }
  const boards = profile ? (profile.ratings || []).map((r) => [r.ruleset, r.mode]) : BOARDS.filter(([, m]) => (kind === 'solo_level') === (m === 'solo'));
  const read = (r, m) => api.get(`/v1/players/${seg(id)}/ratings?ruleset=${r}&mode=${m}&limit=50`, { signal }).catch(() => null);
  const [histories, first] = await Promise.all([
    Promise.all(boards.map(([r, m]) => read(r, m))),
    profile ? api.get(`/v1/players/${seg(id)}/games?limit=20`, { signal }) : null,
  ]);
  if (signal.aborted) return;
  // A player's current ratings are his profile's; a history read adds its line.
  const ratings = boards.map(([r, m], i) => {
    const current = (profile?.ratings || []).find((x) => x.ruleset === r && x.mode === m) || histories[i]?.current;
    return current ? { ...(histories[i] || { changes: [] }), current } : null;
  }).filter(Boolean);
  const name = profile?.name || histories.find((x) => x)?.name || id;
  const changes = new Map(ratings.flatMap((r) => r.changes.map((c) => [c.game, c])));
  const mine = store.account()?.id === id;
  const cards = h('section', { class: 'panel', id: 'ratings', 'aria-labelledby': 'ratings-title' },
    h('h2', { id: 'ratings-title' }, 'Ratings'),
    ratings.length ? h('div', { class: 'rating-cards' }, ratings.map((r) => ratingCard(names, r)))
      : h('p', { class: 'note', id: 'no-ratings' }, 'No rated games yet.', mine ? [' Tick ', h('strong', {}, 'Rated'), ' when you ', h('a', { href: '#/' }, 'set up a table'), ': only player accounts and bots sit at it.'] : ''));
  put(main,
    head(name, id, kind, profile, ratings),
    h('div', { class: 'profile-grid' },
      h('div', {}, cards, profile ? recordBlock(names, profile) : null),
      profile ? archiveBlock(names, id, first, changes, signal, showError) : ratings.length ? changesBlock(names, id, ratings, signal, showError) : null));
  ranks(cards, id, ratings, signal);
}
