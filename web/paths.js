// What a person touches to make each listed action: an action's "path" is
// the thing touched first (a card, a player, a market slot, a railcar, a
// die, a button) and then each further choice it needs, as keys the table
// marks its elements with (card:<id>, seat:<n>, slot:<n>, car:<id>, die:<i>,
// hand:<n>, pile:deck, equip:<seat>:<id>, char:<seat>, special:<card>,
// face:<id>, character:<id>) or words (opt:<value>). Pure: no DOM here.

const opt = (v) => (v === undefined || v === null ? 'none' : `opt:${v}`);
const seat = (v) => (v === undefined || v === null ? 'none' : `seat:${v}`);
const card = (v) => (v === undefined || v === null ? 'none' : `card:${v}`);
const btn = (...parts) => `btn:${parts.filter((p) => p !== undefined && p !== null && p !== false).join(':')}`;

/** The equipment card of kind `kind` in front of `me` (Gold Pan, Rucksack). */
function equipKey(ctx, kind) {
  const mine = (ctx.view?.players || []).find((p) => p.seat === ctx.seat);
  const id = (mine?.equipment || []).find((e) => ctx.cat.equipment(e).kind === kind);
  return id ? `equip:${ctx.seat}:${id}` : `char:${ctx.seat}`;
}

/** In front of the target, or his hand (absent: a random card of it). */
const inPlayKey = (a) => (a.in_play === undefined || a.in_play === null ? (a.target === undefined || a.target === null ? 'none' : `hand:${a.target}`) : `card:${a.in_play}`);

const drawFrom = (from) => (from === 'deck' || from === 'discard' ? `pile:${from}` : from && typeof from === 'object' ? `hand:${from.hand}` : opt(from));

/** The card game: each type's path after the thing touched. */
const BANG = {
  choose_character: (a) => [[`character:${a.character}`]],
  draw: (a) => [[drawFrom(a.from)]],
  put_back: (a) => [[card(a.card)]],
  choose_check: (a) => [[card(a.card)]],
  play: (a, ctx) => (ctx.cat.card(a.card).kind === 'water_tower'
    ? [[card(a.card)], ['in_play', a.in_play ? `car:${a.in_play}` : 'none'], ['target', seat(a.target)]]
    : [[card(a.card)], ['target', seat(a.target)], ['in_play', inPlayKey(a)]]),
  heal: (a, ctx) => [[`char:${ctx.seat}`], ['first', card(a.cards[0])], ['second', card(a.cards[1])]],
  end_turn: () => [[btn('end_turn')]],
  discard: (a) => [[card(a.card)]],
  barrel: () => [[btn('barrel')]],
  respond: (a) => [[card(a.card)]],
  pass: () => [[btn('pass')]],
  pick: (a) => [[card(a.card)]],
  buy: (a) => [[`slot:${a.slot}`], ['mode', opt(a.mode)], ['target', seat(a.target)], ['in_play', inPlayKey(a)], ['discount', opt(Boolean(a.discount))]],
  force_discard: (a) => [[`equip:${a.target}:${a.equipment}`]],
  sell_beer: (a) => [[card(a.card)]],
  pay: (a, ctx) => [[['gold_pan', 'rucksack'].includes(a.used) ? equipKey(ctx, a.used) : `char:${ctx.seat}`], ['target', seat(a.target)]],
  use_equipment: (a, ctx) => [[`equip:josh:${ctx.view?.gold?.josh ?? 0}`], ['mode', opt(a.mode)], ['target', seat(a.target)], ['in_play', inPlayKey(a)]],
  take_railcar: (a) => [[`car:${a.railcar}`], ['advance', opt(Boolean(a.advance))], ['pay', card(a.pay)], ['pay_also', card(a.pay_also)], ['place', seat(a.place)]],
  free_railcar: (a) => [[`car:${a.railcar}`], ['advance', opt(Boolean(a.advance))], ['place', seat(a.place)]],
  full_steam: (a) => [[card(a.card)], ['double', opt(Boolean(a.double))]],
  robbery: (a) => [[card(a.card)], ['discard', opt(Boolean(a.discard))]],
  switch: (a) => [[card(a.card)], ['mine', card(a.mine)], ['theirs', card(a.theirs)], ['target', seat(a.target)]],
  redirect: (a) => [[card(a.card)], ['target', seat(a.target)]],
  exempt: (a) => [[seat(a.target) === 'none' ? btn('exempt', 'nobody') : seat(a.target)]],
  advance_train: () => [[btn('advance_train')]],
  use_railcar: (a) => [[card(a.railcar)], ['mode', opt(a.mode)], ['card', card(a.card)], ['target', seat(a.target)]],
  place_railcars: (a) => [[card(a.railcar)], ['to', seat(a.to)], ['other', card(a.other)], ['other_to', seat(a.other_to)]],
  give_card: (a) => [[card(a.card)], ['target', seat(a.target)]],
  // Dodge City: a green card is touched in play, a discard-extra card in hand.
  use_green: (a) => [[card(a.card)], ['target', seat(a.target)], ['in_play', inPlayKey(a)]],
  play_with_discard: (a) => [[card(a.card)], ['discard', card(a.discard)], ['target', seat(a.target)], ['in_play', inPlayKey(a)]],
  brawl: (a, ctx) => [[a.in_play ? card(a.in_play) : `hand:${ctx.view?.dodge?.brawl?.[0] ?? 'none'}`]],
  chuck_wengam: (a, ctx) => [[`char:${ctx.seat}`], ['ability', opt('chuck_wengam')]],
  doc_holyday: (a, ctx) => [[`char:${ctx.seat}`], ['first', card(a.cards[0])], ['second', card(a.cards[1])], ['target', seat(a.target)]],
  jose_delgado: (a, ctx) => [[`char:${ctx.seat}`], ['card', card(a.card)]],
  pat_brennan: (a) => [[card(a.card)]],
  copy: (a, ctx) => [[`char:${(ctx.view?.players || []).find((p) => p.character === a.character)?.seat ?? 'none'}`]],
};

/** The dice game's. */
const DICE = {
  roll: (a) => [[btn('roll', a.saloon)]],
  stop: () => [[btn('stop')]],
  shoot: (a) => [[seat(a.target)], ['double', opt(Boolean(a.double))]],
  beer: (a) => [[seat(a.target)]],
  gift: (a) => [[seat(a.target)]],
  take_token: (a) => [[btn('take_token', a.chief ? 'chief' : 'arrow')]],
  give_arrow: (a) => [[seat(a.to)], ['chief', opt(Boolean(a.chief))]],
  keep_arrows: () => [[btn('keep_arrows')]],
  ghost_gift: (a) => [[`face:${a.face}`], ['to', seat(a.to)]],
  take_over: (a) => [[seat(a.from)]],
  end_take_over: () => [[btn('end_take_over')]],
  break_arrow: (a) => [[seat(a.from)]],
  discard: (a) => [[seat(a.from)], ['chief', opt(Boolean(a.chief))]],
  end_discards: () => [[btn('end_discards')]],
  take_arrows: (a) => [[btn('take_arrows', a.count)], ['chief', opt(Boolean(a.chief))]],
  return_arrows: (a) => [[btn('return_arrows', a.count)], ['chief', opt(Boolean(a.chief))]],
  pass: () => [[btn('pass')]],
  reveal: (a) => revealPath(a.power || {}),
  return_tokens: () => [[btn('return_tokens')]],
  keep_tokens: () => [[btn('keep_tokens')]],
};

function revealPath(power) {
  const path = [[`special:${power.card}`]];
  if (power.die !== undefined) path.push(['die', `die:${power.die}`], ['face', `face:${power.face}`]);
  if (power.save !== undefined) path.push(['save', seat(power.save)]);
  if (power.first !== undefined) path.push(['first', seat(power.first)], ['second', seat(power.second)]);
  return path;
}

const TABLES = { bang: BANG, dice: DICE };

/**
 * The paths of one listed action: [touch, ['type', type], ...steps], as
 * [name, key] pairs (the touch is named 'touch'). Several when the same
 * action may be reached two ways (Sid Ketchum's two cards in either order).
 */
export function pathsOf(ruleset, action, ctx) {
  const make = TABLES[ruleset]?.[action.type];
  const raw = make ? make(action, ctx) : [[btn(action.type, JSON.stringify(action))]];
  const [[touch], ...rest] = raw;
  const path = [['touch', touch], ['type', `opt:${action.type}`], ...rest];
  if (action.type === 'heal' && ctx.ruleset === 'bang') {
    const swapped = [path[0], path[1], ['first', rest[1][1]], ['second', rest[0][1]]];
    return [path, swapped];
  }
  return [path];
}

/** Types that are posted as soon as their touch settles them. */
export const IMMEDIATE = new Set(['respond', 'pick', 'put_back', 'choose_check', 'discard']);
