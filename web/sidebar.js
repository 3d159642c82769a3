// Beside the table: the readable history with the chat, the chat form,
// standing orders, and the share box (your own seat's link for another
// device, the other seats' links, the invite to open seats).
import * as api from './api.js';
import { h, put } from './dom.js';
import { words } from './catalog.js';
import { seatName, kindName } from './labels.js';
import * as store from './store.js';

/** The log: history lines and chat messages, newest at the bottom. */
export function logPanel() {
  const list = h('ol', { id: 'history', class: 'log' });
  const box = h('div', { class: 'scroll', tabindex: '0', 'aria-label': 'History and chat' }, list);
  const seen = new Set();
  const add = (line) => {
    const id = line.chat ? `c${line.chat}` : `e${line.seq ?? line.version}`;
    if (seen.has(id)) return;
    seen.add(id);
    list.append(h('li', { class: line.chat ? 'chat' : '', 'data-version': line.version }, line.text, line.rule ? h('span', { class: 'rule' }, ` ${line.rule}`) : null));
  };
  return {
    el: box,
    add(lines) {
      const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
      for (const l of lines) add(l);
      while (list.children.length > 600) list.firstChild.remove();
      if (atBottom) box.scrollTop = box.scrollHeight;
    },
    bottom() {
      box.scrollTop = box.scrollHeight;
    },
  };
}

/** The chat form; `send(text)` posts it. */
export function chatForm(send) {
  const input = h('input', { id: 'chat-text', maxlength: 500, required: true, autocomplete: 'off', placeholder: 'Say something to the table' });
  const form = h('form', { id: 'chat-form', class: 'row' }, h('label', { for: 'chat-text', class: 'visually-hidden' }, 'Chat message'), input, h('button', { type: 'submit' }, 'Send'));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (await send(input.value)) input.value = '';
  });
  return form;
}

/** The card game's windows: their name (a card's, from the catalog) and choices. */
const BANG_ORDERS = {
  shot: [() => 'Shot at', ['ask', 'auto', 'pass']],
  dying: [() => 'Dying', ['ask', 'auto', 'pass']],
  indians: [(cat) => kindName(cat, 'indians'), ['ask', 'auto', 'pass']],
  duel: [(cat) => kindName(cat, 'duel'), ['ask', 'auto', 'pass']],
  store: [(cat) => kindName(cat, 'general_store'), ['ask', 'first']],
};
const CHOICE_WORDS = { ask: 'ask me', auto: 'answer as my cards allow', pass: 'take it (pass)', first: 'take the first card', use: 'reveal for the seats listed' };

function orderRow(key, value, ruleset, cat) {
  const [name, choices] = ruleset === 'bang' ? BANG_ORDERS[key] || [() => words(key), ['ask', 'auto', 'pass']] : [() => cat?.special(key).name || words(key), ['pass', 'ask', 'use']];
  const label = name(cat);
  const current = value && typeof value === 'object' ? 'use' : value;
  const select = h('select', { id: `order-${key}`, name: key }, choices.map((c) => h('option', { value: c }, CHOICE_WORDS[c] || c)));
  select.value = current;
  const seats = ruleset === 'dice'
    ? [h('label', { for: `order-seats-${key}`, class: 'visually-hidden' }, `${label}: seats`), h('input', { id: `order-seats-${key}`, size: 5, value: (value?.use || []).join(','), placeholder: 'seats 1,3' })]
    : [];
  return h('div', { class: 'order-row' }, h('label', { for: `order-${key}` }, label), select, seats);
}

/** Standing orders: how the seat answers windows without being asked. */
export function ordersForm(orders, ruleset, cat, post) {
  const form = h(
    'form',
    { id: 'orders' },
    h('p', { class: 'note' }, 'Your private standing orders answer for you when you are not asked by hand.'),
    Object.entries(orders).map(([key, value]) => orderRow(key, value, ruleset, cat)),
    h('button', { type: 'submit' }, 'Save the orders'),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const next = {};
    for (const key of Object.keys(orders)) {
      const v = form.querySelector(`#order-${key}`).value;
      if (v !== 'use') next[key] = v;
      else {
        const text = form.querySelector(`#order-seats-${key}`)?.value || '';
        next[key] = { use: text.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n)) };
      }
    }
    post({ type: 'set_orders', orders: next }, null);
  });
  return form;
}

const gameUrl = (id, token) => `${location.origin}${location.pathname}#/g/${id}${token ? `?token=${token}` : ''}`;

/** The share box: your own seat's link, then the others' and the invite. */
export function shareBox(id, state) {
  const token = store.tokenOf(id);
  const account = store.account();
  const mine = state.your_seat ?? (state.your_seats || [])[0];
  const field = (text, href) => h('li', {}, h('label', {}, text, h('input', { readonly: true, value: href, class: 'share-link', 'aria-label': text })));
  const items = [];
  if (token && mine !== undefined && mine !== null) items.push(field(`Your seat (${seatName(state.game, mine)}) on another device`, gameUrl(id, token)));
  else if (account && mine !== undefined && mine !== null) items.push(h('li', { class: 'note' }, 'Your seat is on your account: sign in with your player key on another device and it opens there.'));
  for (const l of store.linksOf(id)) items.push(field(l.text, l.href));
  if (!items.length) return null;
  const box = h('div', { id: 'share' });
  put(box, h('ul', { class: 'share' }, items));
  box.addEventListener('focusin', (e) => {
    if (e.target.matches('input.share-link')) e.target.select();
  });
  return box;
}

/**
 * The side panel of a game: the inspector's panel, the history and chat
 * (read at the start, then from the moves played and every 10 s for the
 * chat), standing orders and the share box.
 */
export class SidePanel {
  constructor({ id, token, signal, showError, inspectorPanel, post }) {
    Object.assign(this, { id, token, signal, showError, inspectorPanel, post });
    this.log = logPanel();
    this.lastChat = 0;
    this.drawn = false;
  }

  /** Draws the panel once, and the orders whenever the view changes. */
  draw(el, state, cat) {
    const view = state.view;
    const token = this.token();
    const orders = view?.orders && token && state.game.status === 'active' ? ordersForm(view.orders, state.game.ruleset, cat, this.post) : null;
    const ordersEl = orders ? h('details', {}, h('summary', {}, 'Standing orders'), orders) : null;
    const box = el.querySelector('#orders-box');
    if (box && !box.contains(document.activeElement)) put(box, ordersEl);
    if (this.drawn) return;
    this.drawn = true;
    const share = shareBox(this.id, state);
    put(
      el,
      this.inspectorPanel,
      h('section', { class: 'log-box', 'aria-labelledby': 'log-title' }, h('h2', { id: 'log-title' }, 'History and chat'), this.log.el,
        token ? chatForm((text) => this.send(text)) : null),
      h('div', { id: 'orders-box' }, ordersEl),
      share ? h('details', { class: 'share-box', open: state.game.status === 'open' }, h('summary', {}, 'Share this table'), share) : null,
      h('nav', { class: 'row links', 'aria-label': 'This game' }, h('a', { href: `#/replay/${this.id}` }, 'Replay and audit'), h('a', { href: '/docs/' }, 'The API')),
    );
  }

  async send(text) {
    try {
      await api.post(`/v1/games/${this.id}/chat`, { text }, { token: this.token(), signal: this.signal });
      this.pollChat();
      return true;
    } catch (e) {
      this.showError(e);
      return false;
    }
  }

  async pollChat() {
    const page = await api.get(`/v1/games/${this.id}/chat?after=${this.lastChat}`, { token: this.token(), signal: this.signal }).catch(() => null);
    const msgs = page?.messages || [];
    for (const m of msgs) this.lastChat = Math.max(this.lastChat, m.id);
    this.log.add(msgs.map((m) => ({ chat: m.id, version: m.version, text: `${m.name}: ${m.text}` })));
  }

  /** The last 200 versions of the history; returns the last line worth telling. */
  async loadHistory(version) {
    const page = await api.get(`/v1/games/${this.id}/history?after=${Math.max(0, version - 200)}&limit=1000`, { token: this.token(), signal: this.signal }).catch(() => null);
    const lines = (page?.lines || []).filter((l) => !l.chat);
    this.log.add(lines);
    this.log.bottom();
    const told = lines.filter((l) => !/ is asked to answer|^Phase: /.test(l.text));
    return told.length ? told[told.length - 1].text : '';
  }

  /** Reads the chat every 10 s while the page is in view and `active()`. */
  follow(active) {
    const timer = setInterval(() => {
      if (!document.hidden && active()) this.pollChat();
    }, 10000);
    this.signal.addEventListener('abort', () => clearInterval(timer));
  }
}
