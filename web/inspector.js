// The inspector: what a card, character, station, die face or special role
// does, from the rules catalog. On a wide screen a panel beside the table
// follows the pointer and the keyboard focus; anywhere, a long press (or a
// tap on something that is no choice now) opens it as a sheet.
import { h, put } from './dom.js';
import { describe } from './cards.js';

/** The inspector's parts: a panel and a dialog; `resolve(key)` → catalog key. */
export function inspector(resolve, getCat) {
  const panel = h('div', { id: 'inspector', class: 'inspector', 'aria-live': 'polite' }, h('p', { class: 'note' }, 'Point at a card, or press and hold it, to read what it does.'));
  const body = h('div', { class: 'sheet-body' });
  const close = h('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, 'Close');
  const dialog = h('dialog', { id: 'inspect-sheet', class: 'sheet', 'aria-label': 'What it does' }, body, close);
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });

  const content = (key) => {
    const cat = getCat();
    const ref = cat && resolve(key);
    const d = ref && describe(cat, ref);
    if (!d) return null;
    return [
      d.figure ? h('div', { class: 'figure' }, d.figure()) : null,
      h('h3', {}, d.title, d.mark ? h('span', { class: 'mark' }, ` ${d.mark}`) : null),
      h('p', { class: 'sub' }, d.sub),
      d.target ? h('p', { class: 'target' }, `Played at: ${d.target}`) : null,
      h('p', { class: 'text' }, d.text),
      d.rule ? h('p', { class: 'rule' }, d.rule) : null,
    ];
  };

  let shown = null;
  return {
    panel,
    dialog,
    /** Shows `key` in the panel (pointer or focus on it). */
    show(key) {
      if (!key || key === shown) return;
      const c = content(key);
      if (!c) return;
      shown = key;
      put(panel, c);
    },
    /** Opens the sheet for `key`; false if there is nothing to tell. */
    open(key) {
      const c = content(key);
      if (!c) return false;
      put(body, c);
      if (!dialog.open) dialog.showModal();
      close.focus();
      return true;
    },
  };
}

/**
 * Long presses on `root`: calls `onLong(key)` after 450 ms held still on
 * an element with a data-key, and swallows the click that follows.
 */
export function longPress(root, onLong, signal) {
  let timer = null;
  let fired = false;
  let start = null;
  const stop = () => {
    clearTimeout(timer);
    timer = null;
  };
  root.addEventListener('pointerdown', (e) => {
    const el = e.target.closest('[data-key]');
    fired = false;
    clearTimeout(timer);
    if (!el || e.button > 0) return;
    start = [e.clientX, e.clientY];
    timer = setTimeout(() => {
      fired = onLong(el.dataset.key) !== false;
    }, 450);
  });
  root.addEventListener('pointermove', (e) => {
    if (timer && start && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > 10) stop();
  });
  for (const type of ['pointerup', 'pointercancel', 'pointerleave']) root.addEventListener(type, stop);
  root.addEventListener('contextmenu', (e) => {
    if (fired) e.preventDefault();
  });
  // The click that ends a long press (wherever it lands: a touch's goes to
  // the sheet just opened) is swallowed.
  window.addEventListener('click', (e) => {
    if (fired) {
      e.stopPropagation();
      e.preventDefault();
      fired = false;
    }
  }, { capture: true, signal });
}
