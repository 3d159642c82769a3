// The table drawn from a view: small renderers per ruleset, table-driven;
// fields they do not know are listed as they are rather than hidden.
import {
  card, characterName, equipmentText, faceName, FACES, SUITS, stationName, words, seatName, decisionLabel,
} from './labels.js';

/** Makes an element: h('p', {class: 'x'}, 'text', child, ...). Text is never parsed as HTML. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Fields of `obj` no renderer drew, as a definition list (none: nothing). */
export function rest(obj, known, title = 'More') {
  const entries = Object.entries(obj || {}).filter(
    ([k, v]) => !known.includes(k) && v !== null && v !== false && !(Array.isArray(v) && v.length === 0),
  );
  if (!entries.length) return null;
  return h(
    'details',
    { class: 'more' },
    h('summary', {}, title),
    h('dl', {}, entries.flatMap(([k, v]) => [h('dt', {}, words(k)), h('dd', {}, typeof v === 'object' ? JSON.stringify(v) : String(v))])),
  );
}

/** A playing card (or a railcar) drawn as a card: name, value and suit. */
export function cardEl(id, extra = '') {
  if (id === null || id === undefined) return h('span', { class: 'card back', role: 'img', 'aria-label': 'a hidden card' }, '?');
  if (typeof id === 'object') return h('span', { class: 'card' }, JSON.stringify(id));
  const c = card(id);
  const suit = SUITS[c.mark.slice(-1)] || '';
  return h(
    'span',
    { class: `card ${c.border} ${suit}`.trim(), title: `${c.name} ${c.mark}`.trim() },
    h('span', { class: 'name' }, c.name),
    c.mark ? h('span', { class: 'mark' }, ` ${c.mark}`) : null,
    extra ? h('span', { class: 'tag' }, ` ${extra}`) : null,
  );
}

const cards = (ids, label) =>
  h('div', { class: 'cards', role: 'list', 'aria-label': label }, (ids || []).map((id) => h('span', { role: 'listitem' }, cardEl(id))));

const lifeText = (p) => `${p.life}/${p.max_life} life`;

function roleText(p) {
  if (p.role) return `${words(p.role)}${p.role_public ? '' : ' (hidden)'}`;
  return 'role hidden';
}

/** A die drawn as a die: its face's mark, named. */
function dieEl(die, i) {
  const face = die.face;
  const [mark] = face ? FACES[face] || [face] : ['·'];
  const locked = face === 'dynamite';
  const kind = die.kind && die.kind !== 'base' ? ` (${words(die.kind)} die)` : '';
  const name = `Die ${i + 1}: ${faceName(face)}${kind}${locked ? ', locked' : ''}`;
  return h('span', { class: `die face-${face || 'none'}${locked ? ' locked' : ''}`, role: 'img', 'aria-label': name, title: name }, mark);
}

function header(p, game, ctx, extra) {
  const you = ctx.mySeats.includes(p.seat);
  return h(
    'h3',
    {},
    `${seatName(game, p.seat)}${you ? ' (you)' : ''}`,
    h('span', { class: 'sub' }, ` ${characterName(p.character)}`),
    extra,
  );
}

/** The dice game: players, the dice, the arrows. */
function diceBoard(view, game, ctx) {
  const turn = view.turn || {};
  const players = (view.players || []).map((p) =>
    h(
      'section',
      { class: `player${p.alive ? '' : ' dead'}${turn.active === p.seat ? ' active' : ''}`, 'aria-label': seatName(game, p.seat) },
      header(p, game, ctx),
      h(
        'p',
        {},
        `${lifeText(p)} · ${p.arrows} arrow${p.arrows === 1 ? '' : 's'}${p.chief ? " · Chief's Arrow" : ''} · ${roleText(p)}`,
        p.card ? ` · ${words(p.card)}${p.power_used ? ' (used)' : ''}` : '',
        p.alive ? '' : ' · eliminated',
        turn.active === p.seat ? ' · rolling' : '',
      ),
      rest(p, ['seat', 'character', 'role', 'role_public', 'card', 'power_used', 'life', 'max_life', 'arrows', 'chief', 'alive']),
    ),
  );
  const dice = turn.dice || [];
  return h(
    'div',
    { class: 'board dice-board' },
    h(
      'section',
      { class: 'turn', 'aria-label': 'The dice' },
      h('h3', {}, `${seatName(game, turn.active)}'s dice · roll ${turn.rolls || 0} of ${turn.roll_limit || 0}`),
      h('div', { class: 'dice' }, dice.map(dieEl)),
      dice.some((d) => d.face === 'dynamite') ? h('p', { class: 'note' }, 'Dynamite dice are locked.') : null,
      (turn.shots || []).length
        ? h('p', {}, `Bull's Eye results: ${turn.shots.map((x) => `${seatName(game, x.target)}${x.doubled ? ' (2 life)' : ''}`).join(', ')}`)
        : null,
      h('p', {}, `Arrows in the pile: ${view.pile}${view.chief_in_pile ? " and the Chief's Arrow" : ''}`),
      view.window
        ? h(
          'p',
          { class: 'window' },
          `Special roles: the ${words(view.window.kind).toLowerCase()} window is open`,
          Array.isArray(view.window.asked) && view.window.asked.length
            ? `, waiting for ${view.window.asked.map((x) => seatName(game, x)).join(', ')}`
            : '',
        )
        : null,
    ),
    h('div', { class: 'players' }, players),
    rest(view, ['viewer', 'players', 'pile', 'chief_in_pile', 'turn', 'stage', 'pending', 'waiting', 'orders', 'version', 'outcome', 'window'], 'Table'),
  );
}

/** The train: stations, the Locomotive and its cars, as a row. */
function trainEl(train) {
  const stations = train.stations || [];
  const slots = [];
  for (let i = 1; i <= stations.length + 1; i += 1) {
    const at = [];
    if (train.position === i) at.push(h('span', { class: 'loco' }, `Locomotive (${train.leland ? 'Leland' : 'Ironhorse'})`));
    for (const c of train.cars || []) if (c.position === i) at.push(h('span', { class: 'car' }, card(c.railcar).name));
    slots.push(
      h(
        'li',
        { class: 'stop' },
        h('span', { class: 'station' }, i <= stations.length ? `S${i} ${stationName(stations[i - 1])}` : 'End of the Line'),
        at,
      ),
    );
  }
  const behind = (train.cars || []).filter((c) => c.position < 1).map((c) => card(c.railcar).name);
  return h(
    'section',
    { class: 'train', 'aria-label': 'The train' },
    h('h3', {}, 'The train'),
    h('ol', { class: 'track' }, slots),
    behind.length ? h('p', {}, `Not yet at a station: ${behind.join(', ')}`) : null,
    h('p', {}, `Railcar deck: ${train.deck} · taken this turn: ${train.taken}`),
  );
}

/** The card game: players with their cards in play and in hand, the piles,
 * Gold Rush's market and nuggets, the train, the solo mode's NPCs. */
function bangBoard(view, game, ctx) {
  const turn = view.turn || {};
  const players = (view.players || []).map((p) => {
    const mine = ctx.mySeats.includes(p.seat);
    const npc = (game.seats || []).find((x) => x.seat === p.seat)?.kind === 'npc';
    const hidden = (p.hand || []).every((c) => c === null);
    return h(
      'section',
      { class: `player${p.alive ? '' : ' dead'}${turn.seat === p.seat ? ' active' : ''}`, 'aria-label': seatName(game, p.seat) },
      header(p, game, ctx, npc ? h('span', { class: 'tag' }, ' NPC') : null),
      h(
        'p',
        {},
        `${lifeText(p)} · ${roleText(p)}`,
        p.nuggets !== undefined ? ` · ${p.nuggets} nugget${p.nuggets === 1 ? '' : 's'}` : '',
        p.shadow ? ' · shadow' : '',
        p.side ? ` · side ${words(p.side)}` : '',
        p.alive ? '' : ' · eliminated',
        turn.seat === p.seat ? ` · ${words(turn.phase || 'turn')}` : '',
      ),
      h('p', { class: 'label' }, 'In play:'),
      (p.in_play || []).length ? cards(p.in_play, `${seatName(game, p.seat)}: cards in play`) : h('p', { class: 'note' }, 'nothing'),
      (p.equipment || []).length
        ? h('p', {}, `Equipment: ${p.equipment.map((e) => (typeof e === 'number' ? equipmentText(e) : JSON.stringify(e))).join(', ')}`)
        : null,
      hidden
        ? h('p', {}, `Hand: ${(p.hand || []).length} card${(p.hand || []).length === 1 ? '' : 's'}`)
        : [h('p', { class: 'label' }, mine ? 'Your hand:' : 'Hand:'), cards(p.hand, `${seatName(game, p.seat)}: hand`)],
      rest(p, ['seat', 'character', 'role', 'role_public', 'life', 'max_life', 'hand', 'in_play', 'alive', 'name', 'nuggets', 'equipment', 'shadow', 'side', 'offer']),
    );
  });
  const discard = view.discard || [];
  const gold = view.gold;
  return h(
    'div',
    { class: 'board bang-board' },
    h(
      'section',
      { class: 'piles', 'aria-label': 'The piles' },
      h('h3', {}, `Turn: ${seatName(game, turn.seat)} · ${words(turn.phase || '')}`),
      view.window
        ? h('p', { class: 'window' }, `Response asked of ${seatName(game, view.window.seat)}: ${words(view.window.kind || '').toLowerCase()}`)
        : null,
      h('p', {}, `Deck: ${view.deck} cards · discard pile: ${discard.length}`),
      discard.length ? h('div', {}, 'Top of the discard pile: ', cardEl(discard[discard.length - 1])) : null,
      (view.store || []).length ? [h('p', { class: 'label' }, 'General Store:'), cards(view.store, 'General Store')] : null,
      (view.kit || []).length ? [h('p', { class: 'label' }, 'Set aside:'), cards(view.kit, 'Cards set aside')] : null,
      (view.flipped || []).length ? [h('p', { class: 'label' }, 'Drawn!:'), cards(view.flipped, 'Drawn cards')] : null,
    ),
    gold
      ? h(
        'section',
        { class: 'gold', 'aria-label': 'Gold Rush' },
        h('h3', {}, 'Gold Rush'),
        h('p', {}, `Nuggets in the heap: ${gold.heap} · equipment deck: ${gold.deck}`),
        h('ul', { class: 'market' }, (gold.market || []).map((e, i) => h('li', {}, `Slot ${i + 1}: ${e ? equipmentText(e) : 'empty'}`))),
      )
      : null,
    view.train ? trainEl(view.train) : null,
    h('div', { class: 'players' }, players),
    rest(view, ['viewer', 'players', 'deck', 'discard', 'turn', 'pending', 'orders', 'version', 'outcome', 'store', 'kit', 'flipped', 'gold', 'train', 'window'], 'Table'),
  );
}

const BOARDS = { dice: diceBoard, bang: bangBoard };

/** The board of `view` for its ruleset; ctx: { game, ruleset, mySeats }. */
export function board(view, ctx) {
  if (!view) return h('p', {}, 'Nothing is dealt yet.');
  const draw = BOARDS[ctx.ruleset];
  if (!draw) return rest(view, [], 'View');
  return draw(view, ctx.game, ctx);
}

/** Who must act, on what, and until when. */
export function pendingEl(state, ctx) {
  const items = (state.pending || []).map((p) =>
    h(
      'li',
      { class: p.reaction ? 'reaction' : '' },
      `${seatName(ctx.game, p.seat)}${ctx.mySeats.includes(p.seat) ? ' (you)' : ''}: ${decisionLabel(p.decision, ctx)}`,
      p.reaction ? ' — a response' : '',
    ),
  );
  const due = [];
  // Deadlines may be days away: the date is shown with the time.
  if (state.window_closes_at) due.push(h('p', {}, `The window closes at ${new Date(state.window_closes_at).toLocaleString()}.`));
  if (state.move_due_at) due.push(h('p', {}, `Move due by ${new Date(state.move_due_at).toLocaleString()}.`));
  return [items.length ? h('ul', { class: 'pending' }, items) : h('p', {}, 'Nobody is asked anything.'), due];
}
