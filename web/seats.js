// A player at the table, as a tile both games share: the name (the target
// to touch), role badge, life as bullets, counters, and what the ruleset
// adds (cards in play, dice tokens). Tiles go round the table from the
// viewer's left, so that distances read in order.
import { h } from './dom.js';
import { roleEl, lifeEl } from './cards.js';
import { icon } from './icons.js';
import { seatName } from './labels.js';

/** Seats in the order they are drawn: the viewer's left first, the viewer last. */
export function roundFrom(players, me) {
  const n = players.length;
  if (me === null || me === undefined) return players.slice();
  const out = [];
  for (let i = 1; i <= n; i += 1) out.push(players[(me + i) % n]);
  return out;
}

/**
 * One tile: `body` is what the ruleset draws inside. Classes tell whose
 * turn it is (active), who is asked (asked), who is out (dead).
 */
export function seatTile(p, ctx, { body = [], stats = [], turn = false, asked = false, badge = null } = {}) {
  const you = ctx.mySeats.includes(p.seat);
  const name = seatName(ctx.game, p.seat);
  const bot = (ctx.game.seats || []).find((s) => s.seat === p.seat);
  const who = bot?.kind === 'bot' ? `bot (${bot.bot})` : bot?.kind === 'npc' || p.npc ? 'NPC' : bot?.kept_by_bot ? `kept by a bot` : '';
  const shown = p.role_public || ctx.over;
  return h(
    'section',
    {
      class: ['seat', turn ? 'active' : '', asked ? 'asked' : '', p.alive === false ? 'dead' : '', you ? 'you' : '', p.shadow ? 'shadow' : ''].filter(Boolean).join(' '),
      'data-key': `seat:${p.seat}`,
      'data-seat': p.seat,
      'aria-label': `${name}${you ? ' (you)' : ''}`,
    },
    h(
      'div',
      { class: 'seat-head' },
      h('button', { type: 'button', class: 'seat-name', 'data-key': `seat:${p.seat}` }, name, you ? h('span', { class: 'you-tag' }, ' (you)') : null),
      badge,
      roleEl(p.role, { shown, own: you }),
    ),
    h('div', { class: 'seat-stats' }, lifeEl(p.life, p.max_life), stats, who ? h('span', { class: 'who' }, who) : null),
    turn ? h('span', { class: 'turn-mark', title: 'Their turn' }, icon('sheriff', { cls: 'faint' })) : null,
    p.alive === false && !p.shadow ? h('span', { class: 'out', title: 'Eliminated' }, icon('skull'), h('span', { class: 'visually-hidden' }, 'eliminated')) : null,
    body,
  );
}

/** The distance badge: how far, and whether in reach (card game). */
export function distanceBadge(d, inReach) {
  const label = `distance ${d}${inReach ? ', in your reach' : ''}`;
  return h('span', { class: `dist${inReach ? ' reach' : ''}`, role: 'img', 'aria-label': label, title: label }, icon('scope'), String(d));
}

/** The head of the viewer's own place in the tray: a target for himself too. */
export function mineHead(p, ctx, stats = []) {
  return h(
    'div',
    { class: 'mine-head' },
    h('button', { type: 'button', class: 'seat-name', 'data-key': `seat:${p.seat}` }, `${seatName(ctx.game, p.seat)} (you)`),
    roleEl(p.role, { shown: p.role_public || ctx.over, own: true }),
    lifeEl(p.life, p.max_life),
    stats,
  );
}
