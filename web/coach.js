// The coach in the replay: at each of your decisions, what the search
// estimates of every action (from what your seat was shown then, never
// more), and a review of all your decisions, the costliest first to see.
// Only shown with a seat's token for the game (the API's analysis needs it).
import * as api from './api.js';
import { words } from './catalog.js';
import { h, put } from './dom.js';
import { icon } from './icons.js';
import { seatName } from './labels.js';

/** What an action's type says, where the catalog's word is not enough. */
const TYPE_WORDS = { reroll: 'Re-roll', stop: 'Keep these dice', roll: 'Roll the dice', end_turn: 'End the turn', play: 'Play' };
const typeWord = (type) => TYPE_WORDS[type] || words(type);

/** Whether two actions of one answer are the same (the server writes
 * both alike, so their JSON text is equal). */
const sameAction = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A chance as people read it: "46%". */
const percent = (x) => `${Math.round(x * 100)}%`;

/** A bar `share` (0 to 1) of the full width; set through the CSSOM, which
 * the page's content security policy allows where a style attribute is not. */
function bar(share) {
  const el = h('span', { class: 'bar', 'aria-hidden': 'true' });
  el.style.setProperty('--share', String(share));
  return el;
}

/** How much a decision gave up, in words and as a class for its colour. */
function verdict(loss) {
  if (loss === undefined || loss === null) return { text: 'not compared', cls: 'unknown' };
  if (loss < 0.02) return { text: 'good', cls: 'good' };
  if (loss < 0.1) return { text: `−${percent(loss)}`, cls: 'inaccuracy' };
  return { text: `−${percent(loss)}`, cls: 'mistake' };
}

/** An action in words: what it does, with its card, target and dice. */
export function actionText(a, ctx) {
  const { cat, game } = ctx;
  const parts = [typeWord(a.type)];
  if (typeof a.card === 'number' && cat?.card) parts.push(cat.card(a.card)?.name || `card ${a.card}`);
  if (typeof a.railcar === 'number' && cat?.card) parts.push(cat.card(a.railcar)?.name || `railcar ${a.railcar}`);
  if (a.mode) parts.push(`as ${words(a.mode)}`);
  if (Array.isArray(a.dice)) parts.push(a.dice.length ? `dice ${a.dice.map((d) => d + 1).join(', ')}` : 'no dice');
  for (const key of ['target', 'to']) {
    if (typeof a[key] === 'number') parts.push(`→ ${seatName(game, a[key])}`);
  }
  return parts.join(' ');
}

/**
 * An action as the table shows it: the dice it re-rolls as their faces
 * (from `ctx.view`, the table where the decision was made), else in words.
 */
function actionEl(a, ctx) {
  const dice = ctx.view?.turn?.dice;
  if (!Array.isArray(a.dice) || !dice) return actionText(a, ctx);
  const faces = a.dice.map((i) => {
    const face = dice[i]?.face;
    const name = face ? ctx.cat.face(face).name : `die ${i + 1}`;
    return face ? h('span', { class: 'die tiny', role: 'img', 'aria-label': name, title: name }, icon(face)) : name;
  });
  return h('span', {}, `${typeWord(a.type)} `, faces.length ? faces : 'no dice');
}

/**
 * The coach's panel. `go(at)` moves the replay to a version; `token` is the
 * seat's token for this game. Returns the panel and `showAt(at)`, called
 * whenever the replay stands at a version.
 */
export function coachPanel(id, token, { signal, go, context }) {
  const detail = h('div', { id: 'coach-detail', 'aria-live': 'polite' });
  const review = h('ol', { id: 'review', class: 'review' });
  const progress = h('p', { id: 'review-progress', class: 'note' });
  const button = h('button', { type: 'button', id: 'review-start' }, 'Review my decisions');
  const panel = h(
    'section',
    { id: 'coach', class: 'panel', 'aria-labelledby': 'coach-title' },
    h('h2', { id: 'coach-title' }, 'Coach'),
    h('p', { class: 'note' }, 'The search plays each of your options out many times, from what you could see then, and counts how often you win.'),
    detail,
    h('div', { class: 'row' }, button, progress),
    review,
  );
  const cache = new Map();
  let decisions = null;
  let shownAt = null;

  const analysis = (at) => {
    if (!cache.has(at)) {
      const asked = api.get(`/v1/games/${id}/analysis?at=${at}`, { token, signal });
      asked.catch(() => cache.delete(at));
      cache.set(at, asked);
    }
    return cache.get(at);
  };

  /** The versions at which the seat decided: each of its `acted` events, less one. */
  async function myDecisions() {
    if (decisions) return decisions;
    const mine = await api.get(`/v1/games/${id}`, { token, signal });
    const seats = new Set(mine.your_seats || [mine.your_seat]);
    const found = [];
    for (let after = 0; ;) {
      const page = await api.get(`/v1/games/${id}/events?after=${after}&limit=1000`, { token, signal });
      for (const e of page.events) {
        if (e.event.type === 'acted' && seats.has(e.event.seat)) found.push(e.seq - 1);
      }
      if (page.events.length < 1000) break;
      after = page.events[page.events.length - 1].seq;
    }
    decisions = found;
    return found;
  }

  function table(a, ctx) {
    const best = a.actions[0]?.win_chance ?? 0;
    return h(
      'table',
      { class: 'estimates' },
      h('caption', {}, `Your decision after ${a.version} events: ${a.actions.length} of ${a.legal} options compared`),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Option'), h('th', { scope: 'col' }, 'You win'))),
      h(
        'tbody',
        {},
        a.actions.map((e, i) => {
          const played = a.played && sameAction(a.played.action, e.action);
          const tags = [i === 0 ? 'best' : null, played ? 'you played' : null, e.normal ? 'the bots’ choice' : null].filter(Boolean);
          return h(
            'tr',
            { class: played ? 'played' : '' },
            h('td', {}, actionEl(e.action, ctx), tags.length ? h('span', { class: 'tags' }, ` (${tags.join(', ')})`) : null),
            h('td', {}, bar(best > 0 ? e.win_chance / best : 0), ` ${percent(e.win_chance)}`),
          );
        }),
      ),
    );
  }

  async function showAt(at) {
    shownAt = at;
    let mine;
    try {
      mine = (await myDecisions()).includes(at);
    } catch (e) {
      put(detail, h('p', {}, e.message));
      return;
    }
    if (!mine) {
      put(detail, h('p', { class: 'note' }, 'Step to one of your decisions (or pick one below) to see what the search thinks of it.'));
      delete detail.dataset.at;
      return;
    }
    put(detail, h('p', { class: 'note' }, 'Thinking…'));
    try {
      const a = await analysis(at);
      if (shownAt !== at) return;
      const v = verdict(a.played?.loss);
      put(
        detail,
        h('p', { class: `verdict ${v.cls}` }, a.played ? ['You played ', actionEl(a.played.action, context()), `: ${v.text}.`] : ''),
        table(a, context()),
      );
      detail.dataset.at = String(at);
    } catch (e) {
      if (shownAt === at) put(detail, h('p', { class: 'problem' }, e.message));
    }
  }

  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const all = await myDecisions();
      put(review);
      for (const [i, at] of all.entries()) {
        progress.textContent = `${i + 1} of ${all.length}`;
        const a = await analysis(at);
        const v = verdict(a.played?.loss);
        const best = a.actions[0];
        const prefers = best && a.played && !sameAction(best.action, a.played.action)
          ? `; the search prefers ${actionText(best.action, context())} (${percent(best.win_chance)})`
          : '';
        review.append(
          h(
            'li',
            { class: v.cls, 'data-at': String(at) },
            h(
              'button',
              { type: 'button', class: 'link', onclick: () => go(at) },
              `After ${at} events: ${a.played ? actionText(a.played.action, context()) : '—'} — ${v.text}${prefers}`,
            ),
          ),
        );
      }
      progress.textContent = `${all.length} decisions reviewed`;
      review.dataset.done = 'true';
    } catch (e) {
      progress.textContent = e.message;
    } finally {
      button.disabled = false;
    }
  });

  return { panel, showAt };
}
