// Cards drawn as cards: playing cards and railcars (name on whole words,
// value and suit, border colour, a picture per kind, a weapon's reach),
// Gold Rush equipment with its cost, characters, roles, and card backs.
// Each face-up card is a button keyed by what it is (data-key), so that
// the table can light it up as a choice or show its text.
import { h } from './dom.js';
import { icon, iconFor } from './icons.js';

const RED = new Set(['hearts', 'diamonds']);

/** What a card's border says of it (Dodge City's green cards: DC-3). */
const BORDER_WORDS = {
  brown: 'Brown card: played once',
  blue: 'Blue card: stays in play',
  green: 'Green card: put in play, then discarded from a later turn on for its effect',
};

/** A playing card or a railcar; `key` defaults to card:<id>. A green card
 * put into play this turn (`waiting`) shows a clock: usable from next turn. */
export function cardEl(cat, id, { size = '', key, extra, waiting = false } = {}) {
  if (id === null || id === undefined) return backEl(size);
  const c = cat.card(id);
  const cls = ['card', c.railcar ? 'railcar' : c.border, size, RED.has(c.suit) ? 'red' : '', waiting ? 'green-wait' : ''].filter(Boolean).join(' ');
  const label = `${c.name}${c.mark ? ` ${c.mark}` : ''}${c.reach ? `, reach ${c.reach}` : ''}${waiting ? ', usable from next turn' : ''}`;
  return h(
    'button',
    { type: 'button', class: cls, 'data-key': key || `card:${id}`, 'aria-label': label, title: `${label}: ${c.text}` },
    h('span', { class: 'c-name' }, c.name),
    icon(iconFor(c.kind)),
    c.mark ? h('span', { class: 'c-mark' }, c.mark) : null,
    c.reach ? h('span', { class: 'c-reach', 'aria-hidden': 'true' }, String(c.reach)) : null,
    waiting ? h('span', { class: 'c-wait', 'aria-hidden': 'true' }, icon('clock')) : null,
    extra || null,
  );
}

/** A face-down card. */
export function backEl(size = '') {
  return h('span', { class: `card back ${size}`.trim(), role: 'img', 'aria-label': 'a face-down card' });
}

/** A Gold Rush equipment card with its cost in nuggets. */
export function equipmentEl(cat, id, { size = '', key } = {}) {
  const e = cat.equipment(id);
  const label = `${e.name}, ${e.cost} nugget${e.cost === 1 ? '' : 's'}`;
  return h(
    'button',
    { type: 'button', class: `card equip ${e.border} ${size}`.trim(), 'data-key': key || `equip:${id}`, 'aria-label': label, title: `${label}: ${e.text}` },
    h('span', { class: 'c-name' }, e.name),
    icon('nugget'),
    h('span', { class: 'c-cost', 'aria-hidden': 'true' }, String(e.cost)),
  );
}

/** A character as a chip with its name; key char:<seat> (its text on inspection). */
export function characterChip(cat, p) {
  if (!p.character) return null;
  const c = cat.character(p.character);
  return h('button', { type: 'button', class: 'chip character', 'data-key': `char:${p.seat}`, 'aria-label': `Character: ${c.name}`, title: `${c.name}: ${c.text}` }, c.name);
}

const ROLE_NAMES = { sheriff: 'Sheriff', deputy: 'Deputy', outlaw: 'Outlaw', renegade: 'Renegade' };

/** A role as a badge: its picture and name; a hidden one as "?". */
export function roleEl(role, { shown = true, own = false } = {}) {
  if (!role) return h('span', { class: 'role hidden', title: 'Role hidden' }, h('span', { class: 'visually-hidden' }, 'Role hidden'), '?');
  const name = ROLE_NAMES[role] || role;
  const title = `${name}${shown ? '' : own ? ' (only you see it)' : ''}`;
  return h(
    'span',
    { class: `role r-${role}${shown ? '' : ' secret'}`, title, role: 'img', 'aria-label': title },
    icon(role),
    h('span', { class: 'role-name', 'aria-hidden': 'true' }, name),
  );
}

export const roleName = (role) => ROLE_NAMES[role] || role;

/** Life as bullets: full ones for life left, empty ones for life lost. */
export function lifeEl(life, max, { shown = 12 } = {}) {
  const n = Math.max(max, life, 0);
  const bullets = [];
  if (n <= shown) {
    for (let i = 0; i < n; i += 1) bullets.push(icon('life', { cls: i < life ? 'on' : 'off' }));
  } else bullets.push(icon('life', { cls: 'on' }), h('span', { class: 'count' }, `×${life}`));
  return h('span', { class: `life${n > 8 ? ' many' : ''}`, role: 'img', 'aria-label': `${life} of ${max} life`, title: `${life} of ${max} life` }, bullets);
}

/** A counter: a picture and a number (arrows, nuggets, cards in hand). */
export function counterEl(name, n, label, cls = '') {
  return h('span', { class: `counter c-${name} ${cls}`.trim(), role: 'img', 'aria-label': label, title: label }, icon(name), h('span', { class: 'n' }, String(n)));
}

/** What the inspector and the prompt say of a card, equipment or character. */
export function describe(cat, key) {
  const [kind, a] = String(key).split(':');
  if (kind === 'card' || kind === 'car') {
    const c = cat.card(Number(a));
    const what = c.railcar ? `Railcar (${c.usage === 'permanent' ? 'stays in play' : 'discard it to use it'})`
      : `${BORDER_WORDS[c.border] || BORDER_WORDS.brown}${c.reach ? `, weapon of reach ${c.reach}` : ''}`;
    return { title: c.name, mark: c.mark, sub: what, target: c.target, text: c.text, rule: c.rule, figure: () => cardEl(cat, Number(a), { key: 'inspect' }) };
  }
  if (kind === 'equip') {
    const e = cat.equipment(Number(a));
    return { title: e.name, sub: `Gold Rush equipment, ${e.cost} nugget${e.cost === 1 ? '' : 's'}, ${e.border === 'black' ? 'stays in play' : 'used at once'}`, text: e.text, rule: e.rule, figure: () => equipmentEl(cat, e.id, { key: 'inspect' }) };
  }
  if (kind === 'character') {
    const c = cat.character(a);
    return { title: c.name, sub: `Character, ${c.life} life`, text: c.text, rule: c.rule };
  }
  if (kind === 'station') {
    const s = cat.station(Number(a));
    return { title: s.name, sub: 'Station: the cost of the railcar beside it', text: s.text, rule: s.rule };
  }
  if (kind === 'role') {
    const r = cat.role(a);
    return { title: roleName(a), sub: 'Role', text: r.goal, rule: r.rule };
  }
  if (kind === 'face') {
    const f = cat.face(a);
    return { title: f.name, sub: 'Die face', text: f.text, rule: f.rule };
  }
  if (kind === 'special') {
    const s = cat.special(a);
    return { title: s.name, sub: `Special role (${roleName(s.role)})`, text: s.text, rule: s.rule };
  }
  if (kind === 'loco') {
    const s = cat.side(a === 'leland');
    return { title: `Locomotive: ${s.name}`, sub: 'Its effect at the End of the Line', text: s.text, rule: s.rule };
  }
  return null;
}
