// The dice game's table from a view: the players round it (life as
// bullets, arrows, the Chief's Arrow, their character and special role
// card, distance), the dice of the turn in the middle with the arrows'
// pile, and the viewer's own place for the tray.
import { h, plural } from './dom.js';
import { counterEl, characterChip } from './cards.js';
import { icon } from './icons.js';
import { dieEl } from './dice.js';
import { seatName } from './labels.js';
import { roundFrom, seatTile, distanceBadge, mineHead } from './seats.js';

/** Ring distance among living players (dice.md 1.7.4). */
function ringDistance(players, from, to) {
  const ring = players.filter((p) => p.alive).map((p) => p.seat);
  const a = ring.indexOf(from);
  const b = ring.indexOf(to);
  if (a < 0 || b < 0) return null;
  const cw = (b - a + ring.length) % ring.length;
  return Math.min(cw, ring.length - cw);
}

function specialChip(cat, p) {
  if (!p.card) return null;
  const s = cat.special(p.card);
  return h(
    'button',
    { type: 'button', class: `chip special${p.power_used ? ' used' : ''}`, 'data-key': `special:${p.card}`, 'aria-label': `Special role: ${s.name}${p.power_used ? ' (used)' : ''}`, title: `${s.name}: ${s.text}` },
    icon('sheriff', { cls: 'faint' }),
    s.name,
  );
}

function tokens(p, view) {
  const out = [counterEl('arrow', p.arrows, `${plural(p.arrows, 'arrow')}`, p.arrows ? '' : 'zero')];
  if (p.chief) out.push(counterEl('chief', 1, "holds the Chief's Arrow", 'chief'));
  if (view.ghost === p.seat) out.push(h('span', { class: 'tag' }, 'Ghost'));
  return out;
}

function playerTile(cat, view, p, ctx) {
  const turn = view.turn?.active === p.seat;
  const asked = (view.window?.asked || []).includes?.(p.seat) || view.pending?.seat === p.seat;
  let badge = null;
  if (ctx.me !== null && p.seat !== ctx.me && p.alive && view.players[ctx.me]?.alive) {
    const d = ringDistance(view.players, ctx.me, p.seat);
    if (d !== null) badge = distanceBadge(d, false);
  }
  const body = h('div', { class: 'seat-body' }, characterChip(cat, p), specialChip(cat, p));
  return seatTile(p, ctx, { body, stats: tokens(p, view), turn, asked, badge });
}

/** The dice of the turn, the rolls, the pile and the open window. */
function middle(cat, view, ctx) {
  const turn = view.turn || {};
  const dice = turn.dice || [];
  const shots = turn.shots || [];
  return h(
    'div',
    { class: 'middle dice-middle' },
    h(
      'section',
      { class: 'roll', 'aria-label': 'The dice' },
      h('h3', {}, `${seatName(ctx.game, turn.active)}'s dice`, h('span', { class: 'sub' }, ` · roll ${turn.rolls || 0} of ${turn.roll_limit || 0}`)),
      h('div', { class: 'dice', id: 'dice' }, dice.map((d, i) => dieEl(cat, d, i))),
      shots.length ? h('p', { class: 'shots' }, icon('bullseye_1'), `Shots: ${shots.map((x) => `${seatName(ctx.game, x.target)}${x.doubled ? ' (2 life)' : ''}`).join(', ')}`) : null,
    ),
    h(
      'div',
      { class: 'pile-box' },
      counterEl('arrow', view.pile, `${plural(view.pile, 'arrow')} in the pile`),
      view.chief_in_pile ? counterEl('chief', 1, "The Chief's Arrow is in the pile", 'chief') : null,
      h('span', { class: 'sub' }, 'arrows in the pile'),
    ),
    view.window ? h('p', { class: 'effect' }, icon('sheriff'), windowText(view.window, ctx)) : null,
  );
}

const WINDOWS = {
  turn_start: 'at the start of the turn', roll: 'after the roll', last_roll: 'after the last roll', gain: 'before a gain', turn_end: 'at the end of the turn',
  elimination: 'before an elimination', reveal: 'after a reveal',
};

function windowText(w, ctx) {
  const asked = Array.isArray(w.asked) ? w.asked : [];
  return `Special roles may be revealed ${WINDOWS[w.kind] || w.kind}${asked.length ? `: waiting for ${asked.map((s) => seatName(ctx.game, s)).join(', ')}` : ''}`;
}

/** The viewer's own place: life, arrows, character, special card. */
export function diceMine(cat, view, ctx) {
  const p = (view.players || []).find((x) => x.seat === ctx.me);
  if (!p) return null;
  return h(
    'div',
    { class: `mine${view.turn?.active === p.seat ? ' active' : ''}`, 'data-seat': p.seat },
    mineHead(p, ctx, [...tokens(p, view), characterChip(cat, p), specialChip(cat, p)]),
  );
}

/** The table: the others round it and the middle. */
export function diceTable(cat, view, ctx) {
  const others = roundFrom(view.players || [], ctx.me).filter((p) => p.seat !== ctx.me);
  return h('div', { class: 'table dice' }, h('div', { class: 'others' }, others.map((p) => playerTile(cat, view, p, ctx))), middle(cat, view, ctx));
}
