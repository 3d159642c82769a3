// Dice drawn as dice: a rounded face with its picture (arrow, dynamite,
// bull's eyes, beer, gatling and the Old Saloon faces), the Loudmouth and
// the Coward in their own colours, locked Dynamite marked. Each die is a
// button keyed die:<index> for the table's choices.
import { h } from './dom.js';
import { icon } from './icons.js';

/** One die of the turn; `cat` names its face. */
export function dieEl(cat, die, index, { kept = false } = {}) {
  const face = die.face;
  const name = face ? cat.face(face).name : 'not thrown';
  const kind = die.kind && die.kind !== 'base' ? die.kind : '';
  const dieName = kind ? cat.dice.get(kind)?.name || kind : '';
  const locked = face === 'dynamite';
  const label = `Die ${index + 1}: ${name}${dieName ? ` (${dieName})` : ''}${locked ? ', locked' : ''}`;
  return h(
    'button',
    {
      type: 'button',
      class: ['die', face ? `f-${face}` : 'blank', kind ? `d-${kind}` : '', locked ? 'locked' : '', kept ? 'kept' : ''].filter(Boolean).join(' '),
      'data-key': `die:${index}`,
      'aria-label': label,
      title: face ? `${label}: ${cat.face(face).text}` : label,
    },
    face ? icon(face) : h('span', { class: 'pip' }, '?'),
  );
}

/** A face alone (a choice of face, a token), keyed face:<id>. */
export function faceEl(cat, face, { key } = {}) {
  const f = cat.face(face);
  return h(
    'button',
    { type: 'button', class: `die small f-${face}`, 'data-key': key || `face:${face}`, 'aria-label': f.name, title: `${f.name}: ${f.text}` },
    icon(face),
  );
}
