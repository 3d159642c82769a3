// Words for what the API says in JSON: action and decision types, dice
// faces, cards by id, seats by name. Small tables per ruleset; anything not
// in them is still shown, in words made from its field names.
import { CARDS, EQUIPMENT, RAILCARS, STATIONS, CHARACTERS } from './tables.js';

/** `bart_cassidy` -> `Bart cassidy`; numbers and other values as text. */
export function words(value) {
  if (typeof value !== 'string') return JSON.stringify(value);
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const SUITS = { '♥': 'hearts', '♦': 'diamonds', '♣': 'clubs', '♠': 'spades' };

/** A playing card or railcar by id: { name, mark (value and suit), border }. */
export function card(id) {
  if (RAILCARS[id]) return { name: RAILCARS[id], mark: '', border: 'railcar' };
  const c = CARDS[id];
  if (!c) return { name: `Card ${id}`, mark: '', border: '' };
  return { name: c[0], mark: c[1], border: c[2] };
}

export function cardText(id) {
  const c = card(id);
  return c.mark ? `${c.name} (${c.mark})` : c.name;
}

export function equipmentText(id) {
  const e = EQUIPMENT[id];
  return e ? `${e[0]} (${e[1]} nugget${e[1] === 1 ? '' : 's'})` : `Equipment ${id}`;
}

export const stationName = (id) => STATIONS[id] || `Station ${id}`;
export const characterName = (key) => CHARACTERS[key] || words(key);

/** Dice faces: the rules' short mark and a name. */
export const FACES = {
  arrow: ['A', 'Arrow'],
  dynamite: ['D', 'Dynamite'],
  bullseye_1: ['1', "Bull's Eye 1"],
  bullseye_2: ['2', "Bull's Eye 2"],
  beer: ['B', 'Beer'],
  gatling: ['G', 'Gatling'],
  double_bullseye_1: ['11', "Double Bull's Eye 1"],
  double_bullseye_2: ['22', "Double Bull's Eye 2"],
  double_gatling: ['GG', 'Double Gatling'],
  double_beer: ['BB', 'Double Beer'],
  bullet: ['U', 'Bullet'],
  broken_arrow: ['X', 'Broken Arrow'],
};
export const faceName = (face) => (face ? (FACES[face] || [face, words(face)])[1] : 'not thrown');

/** Action types in words, per ruleset (others: their name in words). */
const TYPES = {
  dice: {
    roll: 'Roll the dice',
    reroll: 'Re-roll',
    stop: 'Stop rolling',
    shoot: 'Shoot',
    gift: 'Give 1 life',
    take_token: 'Take a token',
    give_arrow: 'Give an arrow',
    keep_arrows: 'Keep the arrows',
    ghost_gift: 'Ghost gift',
    take_over: 'Take over the loss',
    end_take_over: 'Take over no more',
    break_arrow: 'Break an arrow',
    reveal: 'Reveal',
    pass: 'Pass',
  },
  bang: {
    play: 'Play',
    respond: 'Respond with',
    pass: 'Pass',
    end_turn: 'End the turn',
    discard: 'Discard',
    buy: 'Buy',
    sell_beer: 'Sell a Beer',
    pay: 'Pay for',
    force_discard: 'Force a discard of',
    take_railcar: 'Take railcar',
    use_railcar: 'Use railcar',
    choose_character: 'Choose character',
  },
};
export const typeName = (ruleset, type) => (TYPES[ruleset] || {})[type] || words(type);

/** Seat names of a game summary. */
export function seatName(game, seat) {
  const s = (game?.seats || []).find((x) => x.seat === seat);
  return s?.name || `Seat ${seat}`;
}

/** One field of an action or decision in words, or null to leave it out. */
function field(key, value, ctx) {
  const seat = (v) => seatName(ctx.game, v);
  const bang = ctx.ruleset === 'bang';
  if (value === null || value === undefined || value === false) return null;
  switch (key) {
    case 'type':
      return null;
    case 'target':
      return Array.isArray(value) ? `at ${value.map(seat).join(', ')}` : `at ${seat(value)}`;
    case 'to':
      return `to ${seat(value)}`;
    case 'from':
      return typeof value === 'number' ? `from ${seat(value)}` : `from ${typeof value === 'string' ? words(value).toLowerCase() : JSON.stringify(value)}`;
    case 'other_to':
      return `the other to ${seat(value)}`;
    case 'in_play':
      return bang ? `${cardText(value)} in play` : words(value);
    case 'theirs':
      return `their ${cardText(value)}`;
    case 'mine':
      return `your ${cardText(value)}`;
    case 'other':
      return `and ${cardText(value)}`;
    case 'discount':
      return 'with the discount';
    case 'die':
      return `die ${value + 1}`;
    case 'place':
      return `in front of ${seat(value)}`;
    case 'seat':
      return seat(value);
    case 'card':
    case 'pay':
    case 'pay_also':
      if (bang && typeof value === 'number') return `${key === 'card' ? '' : 'paying '}${cardText(value)}`;
      return words(value);
    case 'cards':
      return Array.isArray(value) ? value.map((c) => (bang ? cardText(c) : words(c))).join(', ') : null;
    case 'railcar':
      return card(value).name;
    case 'station':
      return stationName(value);
    case 'equipment':
      return equipmentText(value);
    case 'slot': {
      const id = ctx.view?.gold?.market?.[value];
      return id ? `${equipmentText(id)} from the market` : `market slot ${value + 1}`;
    }
    case 'mode':
      return `as ${words(value)}`;
    case 'used':
      return words(value);
    case 'advance':
      return 'with the free advance';
    case 'chief':
      return "the Chief's Arrow";
    case 'double':
      return bang ? 'doubled' : 'for 2 life';
    case 'face':
      return faceName(value);
    case 'dice': {
      const dice = ctx.view?.turn?.dice || [];
      if (!Array.isArray(value)) return null;
      return `dice ${value.map((i) => `${i + 1} (${faceName(dice[i]?.face)})`).join(', ')}`;
    }
    case 'character':
      return characterName(value);
    case 'power':
    case 'action':
      if (value && typeof value === 'object') return phrase(value, ctx);
      return words(value);
    default:
      if (value === true) return words(key);
      if (typeof value === 'object') return `${words(key)}: ${JSON.stringify(value)}`;
      return `${words(key)} ${typeof value === 'string' ? words(value) : value}`;
  }
}

/** An object's fields in words (the action without its type). */
function phrase(obj, ctx) {
  return Object.entries(obj)
    .map(([k, v]) => field(k, v, ctx))
    .filter((x) => x)
    .join(', ');
}

/** A button's label for one listed action. */
export function actionLabel(action, ctx) {
  const rest = phrase(action, ctx);
  const name = typeName(ctx.ruleset, action.type);
  return rest ? `${name}: ${rest}` : name;
}

/** A pending decision in words. */
export function decisionLabel(decision, ctx) {
  if (!decision || typeof decision !== 'object') return words(decision);
  const { kind, ...rest } = decision;
  const more = phrase(rest, ctx);
  return [words(kind || 'decision'), more].filter((x) => x).join(': ');
}

export const RULESETS = { dice: 'BANG! The Dice Game', bang: 'BANG! the card game' };
