// What the ratings screens share: a rating in words (27.4 ± 4.0), who holds
// it (a player, a bot, a solo level) with its badge, the boards there are
// (each ruleset at the table, the card game's solo mode), and a rating's
// history as a small line over its band of uncertainty.
import { h, svg } from './dom.js';
import { icon } from './icons.js';

/** One decimal: 27.41 -> "27.4". */
export const num = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');

/** "27.4 ± 4.0". */
export const pm = (r) => `${num(r.rating)} ± ${num(r.uncertainty)}`;

/** The boards: [ruleset, mode]. */
export const BOARDS = [['dice', 'table'], ['bang', 'table'], ['bang', 'solo']];

/** A board's address: #/leaderboard/dice, #/leaderboard/bang?mode=solo. */
export const boardHref = (ruleset, mode) => `#/leaderboard/${ruleset}${mode === 'solo' ? '?mode=solo' : ''}`;

const WORDS = { 'dice:table': 'The dice game', 'bang:table': 'The card game', 'bang:solo': 'Card game solo' };

/** A board's name: as the quick starts say it, else the ruleset's (from /v1/rulesets). */
export const boardName = (names, ruleset, mode) => WORDS[`${ruleset}:${mode}`] || `${names.get(ruleset) || ruleset}${mode === 'solo' ? ' solo' : ''}`;

/** What holds a rating, by its id: player, bot or solo_level. */
export const kindOf = (id) => (id.startsWith('bot:') ? 'bot' : id.startsWith('solo:') ? 'solo_level' : 'player');

/** A holder's name as shown: a bot's or a level's with a capital. */
export const holderName = (name, kind) => (kind === 'player' ? name : name.charAt(0).toUpperCase() + name.slice(1));

/** The badge after a name: a bot, a solo level; nothing for a player. */
export function kindBadge(kind) {
  if (kind === 'bot') return h('span', { class: 'kind-badge bot' }, icon('robot'), 'bot');
  if (kind === 'solo_level') return h('span', { class: 'kind-badge solo' }, icon('most_wanted'), 'solo level');
  return null;
}

/** An id as a path segment (bot:strong and solo:4+x stay readable). */
export const seg = (id) => (/^[\w:+.-]+$/.test(id) ? id : encodeURIComponent(id));

/** "29 Nov 2026". */
export const day = (iso) => (iso ? new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }) : '');

/** "+1.2" / "−0.8": how a game moved a rating. */
export function delta(change) {
  const d = Math.round(10 * (change.after.rating - change.before.rating)) / 10;
  const text = d === 0 ? '±0.0' : `${d > 0 ? '+' : '−'}${num(Math.abs(d))}`;
  return h('span', { class: `delta ${d > 0 ? 'up' : d < 0 ? 'down' : ''}`, title: `rating ${num(change.before.rating)} → ${num(change.after.rating)}` }, text);
}

/**
 * The rating after each game (oldest first, from `changes` newest first) as
 * a line over its band of ± uncertainty; null with no change yet.
 */
export function sparkline(changes) {
  if (!changes?.length) return null;
  const steps = [...changes].reverse();
  const pts = [steps[0].before, ...steps.map((c) => c.after)];
  const lo = Math.min(...pts.map((p) => p.rating - p.uncertainty));
  const hi = Math.max(...pts.map((p) => p.rating + p.uncertainty));
  const [W, H, pad] = [200, 50, 3];
  const x = (i) => ((i * (W - 2 * pad)) / (pts.length - 1) + pad).toFixed(1);
  const y = (v) => (H - pad - ((v - lo) * (H - 2 * pad)) / (hi - lo || 1)).toFixed(1);
  const line = pts.map((p, i) => `${x(i)},${y(p.rating)}`).join(' ');
  const band = [...pts.map((p, i) => `${x(i)},${y(p.rating + p.uncertainty)}`), ...pts.map((p, i) => `${x(i)},${y(p.rating - p.uncertainty)}`).reverse()].join(' ');
  const last = pts[pts.length - 1];
  const label = `Rating after each of the last ${plural(steps.length)}: from ${num(pts[0].rating)} to ${num(last.rating)}`;
  return svg('svg', { class: 'spark', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label },
    svg('title', {}, label),
    svg('polygon', { points: band, class: 'spark-band' }),
    svg('polyline', { points: line, class: 'spark-line' }),
    steps.map((c, i) => svg('circle', { cx: x(i + 1), cy: y(c.after.rating), r: 2.2, class: c.won ? 'spark-won' : 'spark-lost' })));
}

const plural = (n) => `${n} game${n === 1 ? '' : 's'}`;
