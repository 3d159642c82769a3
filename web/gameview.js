// The game screen's layout and drawing: the bar (last action, speed, skip),
// the table, the sticky tray (prompt and your own place), the side panel
// (inspector, history and chat, orders, share). It draws what it is given
// and marks choices; game.js decides what to show and when.
import { h, put } from './dom.js';
import { bangTable, bangMine } from './table_bang.js';
import { diceTable, diceMine } from './table_dice.js';
import { icon } from './icons.js';

const SPEEDS = [['slow', 'Slow'], ['normal', 'Normal'], ['fast', 'Fast'], ['instant', 'Instant']];

/** The screen's parts, built once per game page. */
export function layout({ speed, onSpeed, onSkip }) {
  const select = h('select', { id: 'speed', 'aria-label': 'Replay speed of the last moves' }, SPEEDS.map(([v, t]) => h('option', { value: v }, t)));
  select.value = speed;
  select.addEventListener('change', () => onSpeed(select.value));
  const skip = h('button', { type: 'button', id: 'skip', hidden: true, onclick: onSkip }, 'Skip to now');
  const parts = {
    status: h('span', { id: 'status-line', class: 'status' }),
    rated: h('span', { id: 'rated-tag', class: 'tag rated', hidden: true, title: 'The result moves the players’ ratings' }, 'Rated'),
    last: h('p', { id: 'last-action', class: 'last', 'aria-live': 'polite' }, ''),
    skip,
    banner: h('div', { id: 'banner' }),
    table: h('div', { id: 'table-box' }),
    prompt: h('div', { id: 'prompt-box' }),
    mine: h('div', { id: 'mine-box' }),
    side: h('aside', { class: 'side', 'aria-label': 'About this game' }),
  };
  parts.bar = h(
    'div',
    { class: 'bar', id: 'bar' },
    h('div', { class: 'bar-main' }, icon('bang', { cls: 'bar-icon' }), parts.last),
    h('div', { class: 'bar-tools' }, parts.rated, h('label', { for: 'speed', class: 'sub' }, 'Moves:'), select, skip, parts.status),
  );
  parts.tray = h('section', { class: 'tray', id: 'tray', 'aria-label': 'Your move' }, parts.prompt, parts.mine);
  parts.root = h(
    'div',
    { class: 'game', id: 'game' },
    h('h1', { id: 'title', tabindex: '-1', class: 'visually-hidden' }, 'The table'),
    parts.bar,
    h('div', { class: 'board' }, parts.banner, parts.table, parts.tray),
    parts.side,
  );
  return parts;
}

/** Who the table is drawn for: the seat asked among the viewer's, else his first. */
export function viewerSeat(state, mySeats) {
  if (!mySeats.length) return null;
  const asked = (state.pending || []).map((p) => p.seat).find((s) => mySeats.includes(s));
  if (asked !== undefined) return asked;
  const turn = state.view?.turn?.seat ?? state.view?.turn?.active;
  return mySeats.includes(turn) ? turn : mySeats[0];
}

/** Draws the table and the viewer's own place. */
export function drawTable(parts, state, ctx) {
  const view = state.view;
  if (!view) {
    put(parts.table, h('p', { class: 'empty-table' }, 'Nothing is dealt yet: the table waits for its players.'));
    put(parts.mine);
    return;
  }
  const dice = ctx.ruleset === 'dice';
  put(parts.table, dice ? diceTable(ctx.cat, view, ctx) : bangTable(ctx.cat, view, ctx));
  put(parts.mine, ctx.me === null ? null : dice ? diceMine(ctx.cat, view, ctx) : bangMine(ctx.cat, view, ctx));
}

/** Marks the choices of `ui` on the page; returns the lit keys no element shows. */
export function markChoices(root, ui) {
  for (const el of root.querySelectorAll('.lit, .chosen, .toggle')) el.classList.remove('lit', 'chosen', 'toggle');
  for (const el of root.querySelectorAll('[aria-pressed]')) el.removeAttribute('aria-pressed');
  if (!ui) return [];
  const missing = [];
  for (const key of ui.lit) {
    const els = [...root.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)];
    // Not on the table, or only among the cards laid open: a picker in the prompt.
    if (!els.length || els.every((el) => el.closest('.reveal'))) missing.push(key);
    els.forEach((el) => el.classList.add('lit'));
  }
  for (const key of ui.chosen) root.querySelectorAll(`[data-key="${CSS.escape(key)}"]`).forEach((el) => el.classList.add('chosen'));
  if (ui.reroll && !ui.chosenSteps.length) {
    for (const i of ui.reroll.selectable) {
      root.querySelectorAll(`[data-key="die:${i}"]`).forEach((el) => {
        el.classList.add('toggle');
        el.setAttribute('aria-pressed', String(ui.reroll.selected.has(i)));
      });
    }
  }
  return missing;
}

const SEAT_FIELDS = ['seat', 'target', 'source', 'by', 'to', 'from', 'challenger', 'owner', 'taker', 'victim', 'first', 'second', 'save'];

/** Highlights what a step touched: its players, life lost or gained, a roll. */
export function highlight(root, step) {
  if (!step) return;
  const seats = new Map();
  let rolled = false;
  for (const { event } of step.events) {
    if (!event) continue;
    for (const f of SEAT_FIELDS) if (typeof event[f] === 'number' && !seats.has(event[f])) seats.set(event[f], []);
    if (event.type === 'life_lost') seats.get(event.seat)?.push(`−${event.amount}`);
    if (event.type === 'life_gained') seats.get(event.seat)?.push(`+${event.amount}`);
    if (event.type === 'dice_rolled') rolled = true;
  }
  for (const [seat, marks] of seats) {
    for (const el of root.querySelectorAll(`.seat[data-seat="${seat}"], .mine[data-seat="${seat}"]`)) {
      el.classList.remove('flash');
      void el.offsetWidth; // restarts the animation
      el.classList.add('flash');
      for (const m of marks) el.append(h('span', { class: `float ${m.startsWith('+') ? 'gain' : 'loss'}`, 'aria-hidden': 'true' }, m));
    }
  }
  if (rolled) root.querySelector('#dice')?.classList.add('rolled');
}

/** Card names are never broken inside a word: a name too wide gets a smaller type. */
export function fitNames(root) {
  for (const el of root.querySelectorAll('.card .c-name')) {
    if (el.scrollWidth > el.clientWidth + 1) el.classList.add('tight');
    if (el.scrollWidth > el.clientWidth + 1) el.classList.add('tighter');
  }
}

/** When a choice lights things up out of sight (above the tray, or scrolled away), brings the first into view. */
export function revealLit(parts, ui) {
  if (!ui || ui.step === 'touch' || !ui.lit.size) return;
  const el = parts.table.querySelector('.lit');
  if (!el) return;
  // The keyboard follows the choice: from the card just chosen to the first lit target.
  if (parts.tray.contains(document.activeElement)) (el.matches('button') ? el : el.querySelector('button.lit, button'))?.focus({ preventScroll: true });
  const r = el.getBoundingClientRect();
  const trayTop = parts.tray.getBoundingClientRect().top;
  if (r.top >= 0 && r.bottom <= trayTop) return;
  window.scrollBy({ top: r.top - Math.max(8, (trayTop - r.height) / 3), behavior: 'instant' });
}
