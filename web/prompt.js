// The action prompt at the top of the tray: who is asked what and why, the
// deadline, what the chosen card does, the step's question, its few word
// choices as buttons (never more than eight: a longer list is a menu), the
// cards of a choice that lie nowhere on the table (a picker), and a hint.
import { h, within } from './dom.js';
import { cardEl, equipmentEl, describe } from './cards.js';
import { faceEl } from './dice.js';
import { buttonLabel, wordLabel, stepAsk, confirmLabel, keyName } from './labels.js';
import { icon } from './icons.js';

const MAX_BUTTONS = 8;

/** A card-like element for a key that is on no table (the picker). */
function pickerEl(key, ctx) {
  const [kind, a, b] = key.split(':');
  const { cat } = ctx;
  if (kind === 'card' || kind === 'car') return cardEl(cat, Number(a), { key });
  if (kind === 'equip') return equipmentEl(cat, Number(b), { key });
  if (kind === 'face') return faceEl(cat, a, { key });
  if (kind === 'character') {
    const c = cat.character(a);
    return h('button', { type: 'button', class: 'card character', 'data-key': key, 'aria-label': `${c.name}: ${c.text}` }, h('span', { class: 'c-name' }, c.name), h('span', { class: 'c-text' }, c.text));
  }
  return h('button', { type: 'button', class: 'choice', 'data-key': key }, keyName(key, ctx));
}

function wordButtons(ui, ctx, onKey) {
  const out = [];
  if (ui.reroll && !ui.chosenSteps.length) {
    const n = ui.reroll.selected.size;
    out.push(h('button', { type: 'button', class: 'primary', 'data-choice': 'reroll', disabled: !ui.reroll.match, onclick: () => onKey('reroll') },
      n ? `Re-roll ${n} ${n === 1 ? 'die' : 'dice'}` : 'Re-roll: tap dice first'));
  }
  if (ui.confirm) {
    out.push(h('button', { type: 'button', class: 'primary', 'data-choice': 'confirm', onclick: () => onKey('confirm') }, confirmLabel(ui.confirm, ctx)));
  }
  const label = (k) => (k.startsWith('btn:') ? buttonLabel(k, ctx) : wordLabel(ui.step, k, ctx));
  const words = ui.words || [];
  if (words.length > MAX_BUTTONS) {
    const select = h('select', { id: 'choice-menu', 'aria-label': stepAsk(ui.step, ctx) }, words.map((k) => h('option', { value: k }, label(k))));
    out.push(select, h('button', { type: 'button', class: 'primary', onclick: () => onKey(select.value) }, 'Choose'));
  } else {
    for (const k of words) {
      const end = k === 'btn:end_turn' || k === 'btn:stop';
      out.push(h('button', { type: 'button', class: end ? 'secondary' : 'primary', 'data-choice': k, onclick: () => onKey(k) },
        k === 'btn:take_token:chief' ? icon('chief') : null, label(k)));
    }
  }
  if (ui.chosenSteps.length || ui.confirm || (ui.reroll && ui.reroll.selected.size)) {
    out.push(h('button', { type: 'button', class: 'cancel', 'data-choice': 'cancel', onclick: () => onKey('cancel') }, 'Cancel'));
  }
  return out;
}

/** What the chosen thing does, in a line. */
function subjectLine(ui, ctx, resolve) {
  if (!ui.subject) return null;
  const ref = resolve(ui.subject);
  const d = ref && describe(ctx.cat, ref);
  const name = d?.title || keyName(ui.subject, ctx);
  return h('p', { class: 'subject' }, h('strong', {}, name), d?.text ? `: ${d.text}` : '');
}

/**
 * The prompt: `sit` from situation(), `ui` from the chooser (or null when
 * nothing can be done), `missing` the lit keys no table element shows.
 */
export function promptEl({ sit, ui, ctx, missing, due, hint, extras = [], onKey, resolve, note }) {
  const asking = ui && (ui.lit.size || ui.words.length || ui.confirm || ui.reroll);
  return h(
    'section',
    { id: 'prompt', class: `prompt tone-${sit.tone}`, 'aria-labelledby': 'prompt-title', 'data-decision': sit.decision || '' },
    h('h2', { id: 'prompt-title', tabindex: '-1' }, sit.text),
    due ? h('p', { class: 'due' }, icon('clock'), `Answer within ${within(due)}`) : null,
    note ? h('p', { class: 'note' }, note) : null,
    asking ? subjectLine(ui, ctx, resolve) : null,
    missing.length ? h('div', { class: 'picker cards', role: 'group', 'aria-label': 'Choose one' }, missing.map((k) => pickerEl(k, ctx))) : null,
    asking ? h(
      'div',
      { class: 'step' },
      ui.step && ui.step !== 'touch' ? h('p', { class: 'ask' }, stepAsk(ui.step, ctx)) : null,
      ui.step === 'touch' && ui.lit.size ? h('p', { class: 'ask' }, stepAsk('touch', ctx, ui.words.length > 0)) : null,
      h('div', { class: 'buttons' }, wordButtons(ui, ctx, onKey)),
    ) : null,
    hint ? h('p', { class: 'hint' }, hint) : null,
    extras.map((x) => x.note ? h('p', { class: 'hint' }, x.note) : null),
    extras.length ? h('div', { class: 'buttons' }, extras.map((x) => h('button', { type: 'button', id: x.id, class: 'secondary', onclick: x.onclick }, x.label))) : null,
  );
}
