// The card game's table from a view: the other players round the table
// (life, hand, cards in play, equipment, nuggets, distance and reach), the
// middle (deck, discard pile, the card effect in motion, the General Store,
// Kit Carlson's or Lucky Duke's cards, the Gold Rush market, the train) and
// the viewer's own place (character, cards in play, hand) for the tray.
import { h, plural } from './dom.js';
import { cardEl, backEl, equipmentEl, characterChip, counterEl } from './cards.js';
import { icon } from './icons.js';
import { seatName, kindName } from './labels.js';
import { distance, reach } from './distance.js';
import { roundFrom, seatTile, distanceBadge, mineHead } from './seats.js';
import { trainEl } from './train.js';

const cardsRow = (cat, ids, cls, label, opts = {}) =>
  h('div', { class: `cards ${cls}`, role: 'group', 'aria-label': label }, (ids || []).map((id) => cardEl(cat, id, { ...opts, waiting: opts.waiting?.includes(id) })));

/** Dodge City: the green cards in play that wait for the turn's end. */
const waitingOf = (view) => view.dodge?.waiting || [];

/** The hand of another player: backs (touchable as hand:<seat>), or faces in a solo game. */
function handEl(cat, p, ctx) {
  const hand = p.hand || [];
  const name = seatName(ctx.game, p.seat);
  if (hand.length && hand.every((c) => c !== null)) return cardsRow(cat, hand, 'hand sm', `${name}'s hand`, { size: 'sm' });
  return h(
    'button',
    { type: 'button', class: 'hand-backs', 'data-key': `hand:${p.seat}`, 'aria-label': `${name}'s hand: ${plural(hand.length, 'card')}` },
    hand.slice(0, 5).map(() => backEl('xs')),
    h('span', { class: 'n' }, hand.length ? String(hand.length) : 'no cards'),
  );
}

function tileStats(cat, p, ctx) {
  const out = [];
  if (p.nuggets !== undefined && p.nuggets !== null) out.push(counterEl('nugget', p.nuggets, `${plural(p.nuggets, 'nugget')}`));
  if (p.side) out.push(h('span', { class: 'side', title: `Plays with the ${p.side}` }, `side: ${p.side}`));
  return out;
}

function playerTile(cat, view, p, ctx) {
  const me = ctx.me;
  const turn = view.turn?.seat === p.seat;
  const asked = (view.pending || []).some((x) => x.seat === p.seat);
  let badge = null;
  if (me !== null && p.seat !== me && p.alive && view.players[me]?.alive) {
    const d = distance(cat, view, me, p.seat);
    badge = distanceBadge(d, d <= reach(cat, view, me));
  }
  const hand = handEl(cat, p, ctx);
  const faceUp = hand.classList.contains('cards');
  const body = h(
    'div',
    { class: 'seat-body' },
    characterChip(cat, p),
    faceUp ? hand : null,
    (p.in_play || []).length ? cardsRow(cat, p.in_play, 'inplay sm', `${seatName(ctx.game, p.seat)}'s cards in play`, { size: 'sm', waiting: waitingOf(view) }) : null,
    (p.equipment || []).length
      ? h('div', { class: 'cards equip-row', role: 'group', 'aria-label': 'equipment' }, p.equipment.map((id) => equipmentEl(cat, id, { size: 'sm', key: `equip:${p.seat}:${id}` })))
      : null,
  );
  return seatTile(p, ctx, { body, stats: [faceUp ? null : hand, ...tileStats(cat, p, ctx)], turn, asked, badge });
}

/** The effect in motion, in words with a picture. */
function effectEl(cat, view, ctx) {
  const e = view.effect;
  const shot = view.shot;
  const name = (s) => seatName(ctx.game, s);
  let text = null;
  if (shot) text = `${shot.anonymous ? cat.side(false).name : name(shot.source)} shoots ${name(shot.target)}: ${shot.needed} ${kindName(cat, 'missed')} needed`;
  else if (view.dying) text = `${name(view.dying.seat)} is dying`;
  else if (e?.kind === 'duel') text = `${kindName(cat, 'duel')}: ${name(e.challenger)} against ${name(e.target)}`;
  else if (e?.kind === 'indians') text = `${kindName(cat, 'indians')} from ${name(e.source)}`;
  else if (e?.kind === 'store') text = `${kindName(cat, 'general_store')}: each picks a card`;
  else if (e?.kind === 'robbery') text = `${kindName(cat, 'train_robbery')}: ${name(e.source)} robs ${name(e.target)}`;
  else if (e?.kind === 'most_wanted') text = `${kindName(cat, 'most_wanted')} from ${name(e.source)}`;
  if (!text) return null;
  return h('p', { class: 'effect', role: 'status' }, icon(shot || e?.kind === 'shots' ? 'bang' : e?.kind === 'indians' ? 'indians' : e?.kind === 'duel' ? 'duel' : 'bang'), text);
}

/** Cards laid open in the middle: a General Store's, the ones Kit Carlson looks at, a "draw!". */
function revealed(cat, view) {
  const rows = [];
  if ((view.store || []).length) rows.push([kindName(cat, 'general_store'), view.store]);
  if ((view.kit || []).length) rows.push([cat.character('kit_carlson').name, view.kit]);
  if ((view.flipped || []).length) rows.push(['Draw!', view.flipped]);
  return rows.map(([title, ids]) => h('div', { class: 'reveal' }, h('h3', {}, title), cardsRow(cat, ids, 'big', title)));
}

function marketEl(cat, gold) {
  const slots = (gold.market || []).map((id, i) =>
    (id ? equipmentEl(cat, id, { key: `slot:${i}` }) : h('span', { class: 'card empty', 'data-key': `slot:${i}` }, 'empty')));
  return h(
    'section',
    { class: 'market', 'aria-label': 'Gold Rush market' },
    h('h3', {}, 'Market'),
    h('div', { class: 'cards' }, slots),
    h('div', { class: 'counters' }, counterEl('deck', gold.deck, `${plural(gold.deck, 'equipment card')} in the deck`), counterEl('nugget', gold.heap, `${plural(gold.heap, 'nugget')} in the heap`)),
    gold.josh ? h('div', { class: 'josh' }, `${cat.character('josh_mc_cloud').name} took `, equipmentEl(cat, gold.josh, { key: `equip:josh:${gold.josh}` })) : null,
  );
}

function middle(cat, view, ctx) {
  const discard = view.discard || [];
  const top = discard[discard.length - 1];
  const piles = h(
    'div',
    { class: 'piles' },
    h('button', { type: 'button', class: 'pile deck', 'data-key': 'pile:deck', 'aria-label': `The deck: ${plural(view.deck, 'card')}` }, backEl(), h('span', { class: 'n' }, String(view.deck))),
    top !== undefined
      ? h('div', { class: 'pile discard', 'data-key': 'pile:discard' }, cardEl(cat, top, { key: 'pile:discard' }), h('span', { class: 'n' }, String(discard.length)))
      : h('span', { class: 'pile discard empty', 'data-key': 'pile:discard' }, 'discard'),
    effectEl(cat, view, ctx),
  );
  return h(
    'div',
    { class: 'middle' },
    piles,
    revealed(cat, view),
    view.gold ? marketEl(cat, view.gold) : null,
    view.train ? trainEl(cat, view.train) : null,
  );
}

/** The viewer's own place: character, life, cards in play, equipment, hand. */
export function bangMine(cat, view, ctx) {
  const p = (view.players || []).find((x) => x.seat === ctx.me);
  if (!p) return null;
  const hand = p.hand || [];
  return h(
    'div',
    { class: `mine${view.turn?.seat === p.seat ? ' active' : ''}`, 'data-seat': p.seat },
    mineHead(p, ctx, [...tileStats(cat, p, ctx), characterChip(cat, p)]),
    (p.in_play || []).length || (p.equipment || []).length
      ? h(
        'div',
        { class: 'mine-row', role: 'group', 'aria-label': 'Your cards in play' },
        (p.in_play || []).map((id) => cardEl(cat, id, { size: 'sm', waiting: waitingOf(view).includes(id) })),
        (p.equipment || []).map((id) => equipmentEl(cat, id, { size: 'sm', key: `equip:${p.seat}:${id}` })),
      )
      : null,
    h('div', { class: 'cards hand', id: 'hand', role: 'group', 'aria-label': `Your hand: ${plural(hand.length, 'card')}` }, hand.map((id) => cardEl(cat, id))),
  );
}

/** The table: the others round it, then the middle; the viewer's place is in the tray. */
export function bangTable(cat, view, ctx) {
  const others = roundFrom(view.players || [], ctx.me).filter((p) => p.seat !== ctx.me);
  return h(
    'div',
    { class: 'table bang' },
    h('div', { class: 'others' }, others.map((p) => playerTile(cat, view, p, ctx))),
    middle(cat, view, ctx),
  );
}
