// The end of a game: a banner with the winning side and its players, every
// role revealed with its character, and where to go next: the replay, the
// audit, a rematch (the server's: the same table, every seat one place on,
// the players' seats kept for them) and a new game.
import { h } from './dom.js';
import { roleEl } from './cards.js';
import { icon } from './icons.js';
import { seatName } from './labels.js';
import { account } from './store.js';
import { get } from './api.js';
import { boardHref, delta, num } from './rating.js';

const TEAMS = {
  law: 'The Sheriff and the law win',
  outlaws: 'The Outlaws win',
  renegade: 'The Renegade wins',
  survivor: 'The last one standing wins',
};

/** The headline: who won, and whether you did. */
function headline(state, mySeats) {
  const g = state.game;
  const outcome = state.view?.outcome || {};
  const winners = g.winners?.seats || outcome.winners || [];
  const team = g.winners?.team ?? outcome.team;
  let title = team ? TEAMS[team] || `${team} win` : 'A draw';
  if (outcome.human_won === true) title = 'You cleaned up the town!';
  if (outcome.human_won === false) title = 'The outlaws got you this time';
  const mine = mySeats.filter((s) => winners.includes(s));
  const you = mySeats.length ? (mine.length ? 'You won.' : 'You lost.') : '';
  return { title, you, winners, won: mine.length > 0 };
}

/** A seat's name: a player's links to his profile, and at a rated table a bot's to its ratings. */
function nameOf(game, seat) {
  const s = game.seats?.find((x) => x.seat === seat);
  const name = seatName(game, seat);
  const page = s?.player ? s.player : game.rated && s?.bot ? `bot:${s.bot}` : null;
  return page ? h('a', { href: `#/p/${page}`, class: 'seat-link' }, h('strong', {}, name)) : h('strong', {}, name);
}

/** Fills `el` with how this game moved the account's rating, once the server applied it. */
async function ratingChange(el, game, me, mode) {
  for (let i = 0; i < 6 && (i === 0 || el.isConnected); i += 1) {
    const doc = await get(`/v1/players/${me.id}/ratings?ruleset=${game.ruleset}&mode=${mode}&limit=5`).catch(() => null);
    const change = doc?.changes?.find((c) => c.game === game.id);
    if (change) {
      el.replaceChildren(`Your rating: ${num(change.before.rating)} → ${num(change.after.rating)} `, delta(change), '. ');
      return;
    }
    await new Promise((resolve) => { setTimeout(resolve, 800 * (i + 1)); });
  }
}

/** At a rated table: the ratings move in a moment; where to see them. */
function ratedNote(game, mySeats) {
  if (!game.rated) return null;
  const me = account();
  const mode = game.options?.mode === 'lone_gunslinger' ? 'solo' : 'table';
  const change = h('span', { id: 'rating-change' }, 'The ratings move a moment after the end. ');
  if (me && mySeats.length) ratingChange(change, game, me, mode);
  return h('p', { class: 'rated-note' }, h('span', { class: 'tag rated' }, 'Rated'), ' ', change,
    me && mySeats.length ? [h('a', { href: `#/p/${me.id}`, id: 'my-rating' }, 'Your profile'), ' · '] : null,
    h('a', { href: boardHref(game.ruleset, mode) }, 'Leaderboard'));
}

function rolesList(state, winners, cat) {
  const players = state.view?.players || [];
  return h(
    'ul',
    { class: 'roles', 'aria-label': 'Every role' },
    players.map((p) => {
      const character = p.character ? cat.character(p.character).name : '';
      return h(
        'li',
        { class: winners.includes(p.seat) ? 'winner' : '' },
        winners.includes(p.seat) ? icon('trophy', { label: 'winner' }) : icon('skull', { cls: 'faint', label: 'lost' }),
        nameOf(state.game, p.seat),
        roleEl(p.role, { shown: true }),
        character ? h('span', { class: 'sub' }, character) : null,
      );
    }),
  );
}

/** The banner; `rematch()` makes the new game. */
export function endBanner(state, { mySeats, cat, rematch }) {
  const { title, you, winners, won } = headline(state, mySeats);
  const id = state.game.id;
  return h(
    'section',
    { id: 'result', class: `result${won ? ' won' : ''}`, 'aria-labelledby': 'result-title' },
    h('h2', { id: 'result-title' }, icon(won ? 'trophy' : 'sheriff'), title),
    you ? h('p', { class: 'you' }, you) : null,
    rolesList(state, winners, cat),
    ratedNote(state.game, mySeats),
    h(
      'nav',
      { class: 'row', 'aria-label': 'After the game' },
      h('a', { href: `#/replay/${id}`, class: 'button' }, 'Replay'),
      h('a', { href: `#/replay/${id}?audit`, class: 'button' }, 'Audit'),
      mySeats.length ? h('button', { type: 'button', id: 'rematch', class: 'primary', onclick: rematch }, 'Rematch') : null,
      h('a', { href: '#/', class: 'button' }, 'New game'),
    ),
  );
}
