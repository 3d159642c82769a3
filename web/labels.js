// Words for the choices: what a button says, what each step asks, and the
// name of any key of the table (a seat, a card, a slot). Names of cards,
// characters and the rest come from the rules catalog; these are only the
// client's own words around them.
import { words } from './catalog.js';

/** A seat's name from the game summary. */
export function seatName(game, seat) {
  const s = (game?.seats || []).find((x) => x.seat === seat);
  return s?.name || `Seat ${seat}`;
}

/** The catalog's name of the first card of a kind (`panic`, `bang`). */
export function kindName(cat, kind) {
  for (const c of cat.cards.values()) if (c.kind === kind) return c.name;
  return words(kind);
}

/** The catalog's name of a railcar by its kind (`mail_car`). */
export function railcarName(cat, kind) {
  for (const r of cat.railcars.values()) if (r.kind === kind) return r.name;
  return words(kind);
}

/** A key of the table in words: a seat's name, a card's, "market slot 2". */
export function keyName(key, ctx) {
  const [kind, a, b] = key.split(':');
  const { cat, game } = ctx;
  switch (kind) {
    case 'seat': return seatName(game, Number(a));
    case 'hand': return `a random card from ${seatName(game, Number(a))}'s hand`;
    case 'card':
    case 'car': return cat.cardText(Number(a));
    case 'slot': {
      const id = ctx.view?.gold?.market?.[Number(a)];
      return id ? `${cat.equipment(id).name} (market)` : `market slot ${Number(a) + 1}`;
    }
    case 'equip': return cat.equipment(Number(b)).name;
    case 'char': return `${seatName(game, Number(a))}'s ability`;
    case 'pile': return a === 'deck' ? 'the deck' : 'the discard pile';
    case 'die': return `die ${Number(a) + 1}`;
    case 'face': return cat.face(a).name;
    case 'special': return cat.special(a).name;
    case 'character': return cat.character(a).name;
    case 'none': return 'none';
    default: return words(a || kind);
  }
}

/** What passing means, by the decision it answers. */
const PASS_WORDS = { shot: () => 'Take the hit', indians: () => 'Lose 1 life', duel: () => 'Lose 1 life', dying: (cat) => `No ${kindName(cat, 'beer')}: pass` };

/** What a button with no further choice says. */
export function buttonLabel(key, ctx) {
  const [, type, arg] = key.split(':');
  const { cat } = ctx;
  const named = {
    end_turn: 'End my turn',
    barrel: `Draw! for a ${kindName(cat, 'barrel')}`,
    pass: PASS_WORDS[ctx.decision]?.(cat) || 'Pass',
    advance_train: 'Advance the train',
    stop: 'Keep these dice',
    keep_arrows: 'Keep the arrows',
    end_take_over: 'Take over no more',
    end_discards: 'Return no more',
    return_tokens: 'Return my tokens',
    keep_tokens: 'Keep my tokens',
  };
  if (named[type]) return named[type];
  if (type === 'roll') return arg ? `Roll with ${cat.dice.get(arg)?.name || words(arg)}` : 'Roll the dice';
  if (type === 'take_token') return arg === 'chief' ? "Take the Chief's Arrow" : 'Take an arrow';
  if (type === 'take_arrows') return `Take ${arg} arrow${arg === '1' ? '' : 's'} instead`;
  if (type === 'return_arrows') return `Return ${arg} arrow${arg === '1' ? '' : 's'}`;
  if (type === 'exempt') return 'Exempt nobody';
  return words(type);
}

const MODE_KIND = { bang: 'bang', panic: 'panic', beer: 'beer', general_store: 'general_store', duel: 'duel', cat_balou: 'cat_balou', missed: 'missed' };

const TYPE_WORDS = {
  play: 'Play it', sell_beer: 'Sell it for 1 nugget', discard: 'Discard it', respond: 'Answer with it', full_steam: 'Play it',
  switch: 'Play it', redirect: 'Redirect the shot', robbery: 'Hand it over', take_railcar: 'Take it, paying its station',
  free_railcar: 'Take it for free', use_railcar: 'Use it', force_discard: 'Make him discard it', pay: 'Pay for it', heal: 'Discard two cards for 1 life',
  use_green: 'Use it', play_with_discard: 'Play it, discarding another card', brawl: 'He loses it', chuck_wengam: 'Lose 1 life to draw 2',
  doc_holyday: 'Discard two cards to shoot', jose_delgado: 'Discard a blue card to draw 2', pat_brennan: 'Take it instead of drawing', copy: 'Copy this ability',
};

/** A word choice of a step: "as a Panic!", "Advance the train first". */
export function wordLabel(step, key, ctx) {
  const v = key === 'none' ? null : key.slice(4);
  const { cat } = ctx;
  switch (step) {
    case 'type': return TYPE_WORDS[v] || words(v);
    case 'mode': return v ? `As ${kindName(cat, MODE_KIND[v] || v)}` : 'As it is';
    case 'advance': return v === 'true' ? 'Advance the train first (free)' : 'Take it where it stands';
    case 'discount': return v === 'true' ? `With ${cat.character('pretty_luzena').name}'s discount` : 'Full price';
    case 'double': return ctx.ruleset === 'dice' ? (v === 'true' ? `2 life (spend a ${cat.face('beer').name})` : '1 life') : v === 'true' ? "Double the Locomotive's effect" : 'Cancel it';
    case 'discard': return v === 'true' ? 'Discard it' : 'Be shot for it';
    case 'chief': return v === 'true' ? "The Chief's Arrow" : 'A regular arrow';
    case 'pay': return v ? words(v) : 'Pay 1 life';
    case 'pay_also': return v ? words(v) : 'No second card';
    case 'target': return v ? words(v) : 'No target';
    case 'in_play': return 'None';
    default: return v ? words(v) : 'None';
  }
}

const TOUCH_ASKS = {
  window: 'Tap your lit role card to reveal it',
  store: 'Pick one of these cards',
  put_back: 'Put one of these cards back',
  choose_check: 'Choose the result',
  discard: 'Tap a lit card to discard it',
  drop_one: 'Tap the card to discard',
  draw: 'Draw from a lit pile or player',
  choose_character: 'Choose your character',
  give_up: 'Tap the card you give up',
  circus_wagon: 'Tap the card you discard',
  brawl: 'Tap the card he loses (his hand: a random one)',
  vera_custer: 'Tap the character whose ability you copy',
};

/** What the first touch asks: by the decision, and whether buttons follow. */
function touchAsk(ctx, words) {
  const ask = TOUCH_ASKS[ctx.decision] || (ctx.reaction ? 'Answer with a lit card' : 'Tap a lit card, player or place');
  return words ? `${ask}, or:` : `${ask}.`;
}

/** What a step asks, shown above its choices (`words`: buttons follow). */
export function stepAsk(step, ctx, words = true) {
  const asks = {
    touch: touchAsk(ctx, words),
    type: 'What do you do with it?',
    target: 'Choose a target: the lit players',
    in_play: 'Choose his card in play, or his hand for a random one',
    mode: 'Use it as:',
    advance: 'The train first?',
    pay: 'Choose a card to pay with',
    pay_also: 'Choose the second card to pay with',
    place: 'In front of whom?',
    discount: 'Price:',
    double: ctx.ruleset === 'dice' ? 'How hard?' : "The Locomotive's effect:",
    discard: 'This card:',
    mine: 'Choose your card to switch',
    theirs: 'Choose the card you take',
    first: 'Choose two cards to discard',
    second: '…and the second card',
    die: 'Choose the die to turn',
    face: 'Its new face:',
    save: 'Save whom?',
    chief: 'Which token?',
    to: 'To whom?',
    other: 'Choose the other railcar',
    other_to: 'In front of whom?',
    card: 'Choose a card',
    confirm: 'Confirm:',
  };
  return asks[step] || 'Choose:';
}

/** The confirm button: Play, Buy, Take or Reveal, and the catalog's name. */
export function confirmLabel(entry, ctx) {
  const a = entry.action;
  const { cat } = ctx;
  if (a.type === 'buy') {
    const id = ctx.view?.gold?.market?.[a.slot];
    return id ? `Buy ${cat.equipment(id).name}` : 'Buy it';
  }
  if (a.type === 'choose_character') return `Keep ${cat.character(a.character).name}`;
  if (a.type === 'reveal') return `Reveal ${cat.special(a.power?.card).name}`;
  if (a.type === 'take_railcar' || a.type === 'free_railcar') return `Take ${cat.card(a.railcar).name}`;
  if (a.type === 'use_railcar') return `Use ${cat.card(a.railcar).name}`;
  if (a.type === 'pay') return words(a.used);
  if (a.type === 'force_discard') return `Make him discard ${cat.equipment(a.equipment).name}`;
  if (a.type === 'use_equipment') return 'Use it';
  if (a.type === 'use_green') return `Use ${cat.card(a.card).name}`;
  if (a.type === 'pat_brennan') return `Take ${cat.card(a.card).name}`;
  if (a.type === 'copy') return `Copy ${cat.character(a.character).name}`;
  if (a.type === 'brawl') return a.in_play ? `Discard his ${cat.card(a.in_play).name}` : 'A random card from his hand';
  if (typeof a.card === 'number') return `${a.type === 'sell_beer' ? 'Sell' : 'Play'} ${cat.card(a.card).name}`;
  return words(a.type);
}
