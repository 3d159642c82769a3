// The web client: hash routes, one screen each. #/ home (create a game, open
// tables, recent games), #/g/{id} play or watch, #/join/{id}/{invite} join,
// #/replay/{id} replay with the audit. Everything goes through the public API.
import * as api from './api.js';
import { h, board, pendingEl, cardEl } from './render.js';
import { actionLabel, typeName, seatName, RULESETS, words } from './labels.js';

const main = document.getElementById('main');
const errors = document.getElementById('errors');
const announce = document.getElementById('announce');
let leaving = new AbortController(); // aborted when the screen changes

/** Shows a problem (or clears it) in the alert region. */
function showError(e) {
  errors.textContent = e ? `${e.status ? `${e.status} ` : ''}${e.message || e}` : '';
}
const say = (text) => {
  announce.textContent = text;
};
const link = (href, text, attrs = {}) => h('a', { href, ...attrs }, text);
const gameLink = (id, token) => `${location.origin}${location.pathname}#/g/${id}${token ? `?token=${token}` : ''}`;

function screen(title, ...children) {
  document.title = `${title} · BANG!`;
  // A section left out (null) is no text: DOM's replaceChildren would write "null".
  const shown = children.filter((c) => c !== null && c !== undefined && c !== false);
  main.replaceChildren(h('h1', { id: 'title', tabindex: '-1' }, title), ...shown);
}

// ---------------------------------------------------------------- home

const BANG_OPTIONS = [
  ['expansions', 'gold_rush', 'Gold Rush'],
  ['expansions', 'train_robbery', 'The Great Train Robbery'],
  ['variants', 'shadow_gunslingers', 'Shadow-Gunslingers'],
];
const DICE_MODULES = ['loudmouth_coward', 'chief_arrow', 'special_roles', 'new_characters', 'ghost'];
const SOLO_FLAGS = ['night_brings_chaos', 'four_most_wanted', 'final_challenge', 'choose_characters'];
const check = (name, value, text) =>
  h('label', { class: 'check' }, h('input', { type: 'checkbox', name, value }), ` ${text}`);

function seatRows(form) {
  const rows = form.querySelector('#seat-rows');
  const n = Number(form.players.value) || 0;
  const ruleset = form.ruleset.value;
  const kept = [...rows.querySelectorAll('.seat-row')].map((r) => [r.querySelector('select').value, r.querySelector('input').value]);
  rows.replaceChildren();
  for (let i = 1; i < n; i += 1) {
    const [kind, name] = kept[i - 1] || ['normal', ''];
    const select = h(
      'select',
      { id: `seat-kind-${i}` },
      h('option', { value: 'normal' }, 'Bot (normal)'),
      h('option', { value: 'random' }, 'Bot (random)'),
      h('option', { value: 'person' }, 'A person (gets a link)'),
      h('option', { value: 'open' }, 'Open seat (joins with the invite)'),
    );
    select.value = kind;
    rows.append(
      h(
        'div',
        { class: 'seat-row' },
        h('label', { for: `seat-kind-${i}` }, `Seat ${i}`),
        select,
        h('label', { for: `seat-name-${i}` }, 'name'),
        h('input', { id: `seat-name-${i}`, value: name, placeholder: `Player ${i + 1}`, maxlength: 64, size: 10 }),
      ),
    );
  }
  const solo = ruleset === 'bang' && form.mode.value === 'lone_gunslinger';
  form.querySelector('#dice-options').hidden = ruleset !== 'dice';
  form.querySelector('#bang-options').hidden = ruleset !== 'bang';
  form.querySelector('#solo-options').hidden = !solo;
  rows.hidden = solo;
  form.players.disabled = solo;
  if (solo) form.players.value = 6;
}

function createForm() {
  const form = h(
    'form',
    { id: 'create', 'aria-labelledby': 'create-title' },
    h('h2', { id: 'create-title' }, 'New game'),
    h(
      'div',
      { class: 'row' },
      h('label', { for: 'ruleset' }, 'Game'),
      h('select', { id: 'ruleset', name: 'ruleset' }, h('option', { value: 'dice' }, RULESETS.dice), h('option', { value: 'bang' }, RULESETS.bang)),
      h('label', { for: 'players' }, 'Players'),
      h('input', { id: 'players', name: 'players', type: 'number', min: 3, max: 8, value: 4 }),
      h('label', { for: 'my-name' }, 'Your name'),
      h('input', { id: 'my-name', name: 'myname', value: 'Ann', maxlength: 64, required: true, size: 10 }),
    ),
    h('fieldset', { id: 'seat-rows-box' }, h('legend', {}, 'The other seats'), h('div', { id: 'seat-rows' })),
    h('fieldset', { id: 'dice-options' }, h('legend', {}, 'Old Saloon modules'), DICE_MODULES.map((m) => check('modules', m, words(m)))),
    h(
      'fieldset',
      { id: 'bang-options', hidden: true },
      h('legend', {}, 'Expansions and mode'),
      BANG_OPTIONS.map(([group, value, text]) => check(group, value, text)),
      h(
        'div',
        { class: 'row' },
        h('label', { for: 'mode' }, 'Mode'),
        h('select', { id: 'mode', name: 'mode' }, h('option', { value: 'normal' }, 'Normal'), h('option', { value: 'lone_gunslinger' }, 'Lone Gunslinger (solo)')),
        h('label', { for: 'character_choice' }, 'Characters dealt'),
        h('select', { id: 'character_choice', name: 'character_choice' }, h('option', { value: '1' }, 'one'), h('option', { value: '2' }, 'two, keep one')),
      ),
      h(
        'div',
        { id: 'solo-options', hidden: true },
        h('label', { for: 'difficulty' }, 'Difficulty'),
        h('select', { id: 'difficulty', name: 'difficulty' }, [0, 1, 2, 3, 4].map((d) => h('option', { value: String(d) }, String(d)))),
        SOLO_FLAGS.map((f) => check('solo', f, words(f))),
      ),
    ),
    h(
      'details',
      {},
      h('summary', {}, 'More options'),
      h(
        'div',
        { class: 'row' },
        h('label', { for: 'reaction_seconds' }, 'Reaction seconds'),
        h('input', { id: 'reaction_seconds', name: 'reaction_seconds', type: 'number', min: 1, size: 5 }),
        h('label', { for: 'move_deadline' }, 'Move deadline'),
        h('input', { id: 'move_deadline', name: 'move_deadline', placeholder: '24h', size: 6 }),
        h('label', { for: 'seed' }, 'Seed'),
        h('input', { id: 'seed', name: 'seed', type: 'number', min: 0, size: 8 }),
        h('label', { for: 'chat' }, 'Chat readable by'),
        h('select', { id: 'chat', name: 'chat' }, h('option', { value: '' }, 'everyone'), h('option', { value: 'players' }, 'players')),
        check('public', 'true', 'Open seats: anyone may join'),
      ),
    ),
    h('button', { type: 'submit', id: 'create-game' }, 'Create the game'),
  );
  form.addEventListener('change', (e) => {
    if (['ruleset', 'mode'].includes(e.target.name)) seatRows(form);
  });
  form.players.addEventListener('input', () => seatRows(form));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    createGame(form);
  });
  seatRows(form);
  return form;
}

/** The creation body the form describes. */
function creation(form) {
  const ruleset = form.ruleset.value;
  const all = (name) => [...form.querySelectorAll(`input[name=${name}]:checked`)].map((i) => i.value);
  const solo = ruleset === 'bang' && form.mode.value === 'lone_gunslinger';
  const seats = [{ name: form.myname.value.trim() || 'Me' }];
  if (!solo) {
    for (const row of form.querySelectorAll('.seat-row')) {
      const kind = row.querySelector('select').value;
      const name = row.querySelector('input');
      if (kind === 'person') seats.push({ name: name.value.trim() || name.placeholder });
      else if (kind === 'open') seats.push({ open: true });
      else seats.push({ bot: kind });
    }
  }
  const options = {};
  if (ruleset === 'dice') options.modules = all('modules');
  else {
    options.expansions = all('expansions');
    options.variants = all('variants');
    options.mode = form.mode.value;
    if (form.character_choice.value === '2') options.character_choice = 2;
    if (solo) {
      options.difficulty = Number(form.difficulty.value);
      for (const f of all('solo')) options[f] = true;
    }
  }
  if (form.reaction_seconds.value) options.reaction_seconds = Number(form.reaction_seconds.value);
  const body = { ruleset, players: Number(form.players.value), seats, options };
  if (form.seed.value !== '') body.seed = Number(form.seed.value);
  if (form.move_deadline.value.trim()) body.move_deadline = form.move_deadline.value.trim();
  if (form.chat.value) body.chat = form.chat.value;
  if (seats.some((s) => s.open) && all('public').length) body.public = true;
  return body;
}

async function createGame(form) {
  showError(null);
  const button = form.querySelector('#create-game');
  button.disabled = true;
  try {
    const made = await api.post('/v1/games', creation(form));
    const id = made.game.id;
    const links = [];
    for (const t of made.tokens || []) {
      if (t.seat === 0) api.setToken(id, t.token);
      else links.push({ text: `Seat ${t.seat} (${seatName(made.game, t.seat)})`, href: gameLink(id, t.token) });
    }
    if (made.invite) links.push({ text: 'Invite to the open seats', href: `${location.origin}${location.pathname}#/join/${id}/${made.invite}` });
    if (made.game.public) links.push({ text: 'Join link (public table)', href: `${location.origin}${location.pathname}#/join/${id}/` });
    api.setLinks(id, links);
    api.remember(made.game);
    location.hash = `#/g/${id}`;
  } catch (e) {
    showError(e);
  } finally {
    button.disabled = false;
  }
}

function gameItem(g, extra) {
  const mode = g.options?.mode === 'lone_gunslinger' ? ' (solo)' : '';
  return h(
    'li',
    {},
    link(`#/g/${g.id}`, `${RULESETS[g.ruleset] || g.ruleset}${mode}, ${g.players} players`),
    ` · ${g.status || ''} · `,
    link(`#/replay/${g.id}`, 'replay', { 'aria-label': `Replay game ${g.id}` }),
    extra || '',
  );
}

async function home() {
  const open = h('ul', { id: 'open-tables' }, h('li', {}, 'Loading…'));
  const latest = h('ul', { id: 'recent-games' }, h('li', {}, 'Loading…'));
  const mine = api.recent();
  screen(
    'BANG! at the table',
    createForm(),
    h('section', { 'aria-labelledby': 'open-title' }, h('h2', { id: 'open-title' }, 'Open tables'), open),
    mine.length
      ? h('section', { 'aria-labelledby': 'mine-title' }, h('h2', { id: 'mine-title' }, 'Your games'), h('ul', {}, mine.map((g) => gameItem(g))))
      : null,
    h('section', { 'aria-labelledby': 'latest-title' }, h('h2', { id: 'latest-title' }, 'Recent games'), latest),
    h('p', {}, link('/docs/', 'The API (Swagger UI)')),
  );
  try {
    const tables = await api.get('/v1/games?status=open&limit=20', { signal: leaving.signal });
    open.replaceChildren(
      ...(tables.games.length
        ? tables.games.map((g) =>
          h('li', {}, `${RULESETS[g.ruleset]}, ${g.players} players · `, link(`#/join/${g.id}/`, 'join', { 'aria-label': `Join table ${g.id}` })))
        : [h('li', {}, 'None: create one with an open seat.')]),
    );
    const games = await api.get('/v1/games?limit=10', { signal: leaving.signal });
    latest.replaceChildren(...(games.games.length ? games.games.map((g) => gameItem(g)) : [h('li', {}, 'None yet.')]));
  } catch (e) {
    if (!leaving.signal.aborted) showError(e);
  }
}

// ---------------------------------------------------------------- join

async function join(id, invite) {
  const form = h(
    'form',
    { id: 'join' },
    h('label', { for: 'join-name' }, 'Your name'),
    h('input', { id: 'join-name', name: 'name', required: true, maxlength: 64 }),
    h('label', { for: 'join-entropy' }, 'Your entropy for the dice (optional)'),
    h('input', { id: 'join-entropy', name: 'entropy', maxlength: 128 }),
    h('button', { type: 'submit' }, 'Join the table'),
  );
  const about = h('p', {}, `Table ${id}`);
  screen('Join a table', about, form);
  try {
    const state = await api.get(`/v1/games/${id}`, { signal: leaving.signal });
    const g = state.game;
    const open = g.seats.filter((s) => s.kind === 'open').length;
    about.textContent = `${RULESETS[g.ruleset]}, ${g.players} players, ${open} open seat${open === 1 ? '' : 's'} (${g.status}).`;
  } catch (e) {
    showError(e);
  }
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    showError(null);
    const body = { name: form.name.value.trim() };
    if (invite) body.invite = invite;
    if (form.entropy.value.trim()) body.entropy = form.entropy.value.trim();
    try {
      const joined = await api.post(`/v1/games/${id}/join`, body);
      api.setToken(id, joined.token);
      api.remember(joined.game);
      location.hash = `#/g/${id}`;
    } catch (err) {
      showError(err);
    }
  });
}

// ---------------------------------------------------------------- play or watch

/** The orders form for a view that shows the seat's own standing orders. */
function ordersForm(orders, ruleset, post) {
  const choices = (key) => (ruleset === 'bang' ? (key === 'store' ? ['ask', 'first'] : ['ask', 'auto', 'pass']) : ['pass', 'ask', 'use']);
  const rows = Object.entries(orders).map(([key, value]) => {
    const current = typeof value === 'object' && value ? 'use' : value;
    const select = h('select', { id: `order-${key}`, name: key }, choices(key).map((c) => h('option', { value: c }, words(c))));
    select.value = current;
    const seats = ruleset === 'dice'
      ? [h('label', { for: `order-seats-${key}` }, 'seats'), h('input', { id: `order-seats-${key}`, size: 6, value: (value?.use || []).join(','), placeholder: '1,3' })]
      : [];
    return h('div', { class: 'order-row' }, h('label', { for: `order-${key}` }, words(key)), select, seats);
  });
  const form = h('form', { id: 'orders' }, h('h2', {}, 'Standing orders'), rows, h('button', { type: 'submit' }, 'Save the orders'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const next = {};
    for (const key of Object.keys(orders)) {
      const v = form.querySelector(`#order-${key}`).value;
      if (v === 'use') {
        const seats = (form.querySelector(`#order-seats-${key}`)?.value || '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n));
        next[key] = { use: seats };
      } else next[key] = v;
    }
    post({ type: 'set_orders', orders: next }, null);
  });
  return form;
}

async function play(id, query) {
  const fromLink = new URLSearchParams(query).get('token');
  if (fromLink) {
    api.setToken(id, fromLink);
    history.replaceState(null, '', `${location.pathname}#/g/${id}`);
  }
  const token = api.tokenOf(id);
  const signal = leaving.signal;
  const status = h('p', { id: 'status-line' });
  const who = h('p', { id: 'who' });
  const pending = h('div', { id: 'pending' });
  const actions = h('section', { id: 'actions', 'aria-labelledby': 'actions-title' });
  const boardBox = h('div', { id: 'board' });
  const orders = h('div', { id: 'orders-box' });
  const share = h('div', { id: 'share' });
  const historyList = h('ol', { id: 'history', 'aria-live': 'polite', 'aria-relevant': 'additions' });
  const chatForm = h(
    'form',
    { id: 'chat-form' },
    h('label', { for: 'chat-text' }, 'Say'),
    h('input', { id: 'chat-text', maxlength: 500, required: true, autocomplete: 'off' }),
    h('button', { type: 'submit' }, 'Send'),
  );
  screen(
    `Game ${id}`,
    status,
    who,
    h('nav', { 'aria-label': 'This game' }, link(`#/replay/${id}`, 'Replay and audit'), ' · ', link('#/', 'Home')),
    share,
    h('section', { 'aria-labelledby': 'pending-title' }, h('h2', { id: 'pending-title' }, 'Waiting for'), pending),
    actions,
    boardBox,
    orders,
    h(
      'section',
      { id: 'history-box', 'aria-labelledby': 'history-title' },
      h('h2', { id: 'history-title' }, 'History'),
      h('div', { class: 'scroll', tabindex: '0', 'aria-label': 'History and chat' }, historyList),
      token ? chatForm : null,
    ),
  );
  const links = api.linksOf(id);
  if (links.length) {
    share.replaceChildren(
      h('h2', {}, 'Share'),
      h('ul', {}, links.map((l) => h('li', {}, `${l.text}: `, h('input', { readonly: true, value: l.href, 'aria-label': l.text, class: 'share-link' })))),
    );
  }

  let state = null;
  let version = -1; // history lines shown up to
  const chatShown = new Set();
  let lastChat = 0;
  let busy = false;
  let again = false;
  let following = false;

  const addLine = (line) => {
    if (line.chat) {
      if (chatShown.has(line.chat)) return;
      chatShown.add(line.chat);
      lastChat = Math.max(lastChat, line.chat);
    }
    historyList.append(h('li', { class: line.chat ? 'chat' : '', 'data-version': line.version }, `v${line.version} · ${line.text}`, line.rule ? h('span', { class: 'rule' }, ` [${line.rule}]`) : ''));
  };
  const scrollHistory = () => {
    const box = historyList.parentElement;
    box.scrollTop = box.scrollHeight;
  };

  async function loadHistory() {
    for (;;) {
      const page = await api.get(`/v1/games/${id}/history?after=${Math.max(version, 0)}&limit=1000`, { token, signal });
      for (const line of page.lines) if (line.chat || line.version > version) addLine(line);
      const top = page.lines.reduce((m, l) => Math.max(m, l.chat ? 0 : l.version), version);
      if (page.lines.length < 1000 || top === version) {
        version = Math.max(top, page.version ?? top);
        break;
      }
      version = top;
    }
    const chat = await api.get(`/v1/games/${id}/chat?after=${lastChat}`, { token, signal }).catch(() => ({ messages: [] }));
    for (const m of chat.messages || []) addLine({ chat: m.id, version: m.version, text: `${m.name}: ${m.text}` });
    scrollHistory();
  }

  async function post(action, seat) {
    posted = actions.contains(document.activeElement);
    showError(null);
    actions.querySelectorAll('button').forEach((b) => {
      b.disabled = true;
    });
    const q = seat === null || seat === undefined ? '' : `?seat=${seat}`;
    const body = { action, action_id: api.actionId() };
    if (action.type !== 'set_orders' && state) body.expected_version = state.actionsVersion ?? state.version;
    drawn = '';
    try {
      const done = await api.post(`/v1/games/${id}/actions${q}`, body, { token });
      say(`Done: ${actionLabel(action, ctx())}. Version ${done.version}.`);
    } catch (e) {
      showError(e);
    }
    refresh();
  }

  const ctx = () => ({
    game: state?.game,
    view: state?.view,
    ruleset: state?.game?.ruleset,
    mySeats: state?.your_seats || (state?.your_seat !== null && state?.your_seat !== undefined ? [state.your_seat] : []),
  });

  // The buttons are drawn again only when the list changes, so that the
  // keyboard focus stays where it is while others play.
  let drawn = '';
  let posted = false; // an action was just posted from the buttons
  function drawActions(lists) {
    const c = ctx();
    const mine = (state.pending || []).filter((p) => c.mySeats.includes(p.seat));
    const reaction = mine.some((p) => p.reaction || p.decision?.kind === 'window');
    const signature = JSON.stringify([lists, reaction, state.game.status, Boolean(token)]);
    if (signature === drawn) return null;
    drawn = signature;
    actions.className = reaction ? 'reaction' : '';
    actions.dataset.decision = mine.map((p) => p.decision?.kind).join(' ');
    // Keyboard users keep their place: focus that was in the list (now
    // redrawn) goes to its heading, so the next Tab reaches the first button.
    const hadFocus = actions.contains(document.activeElement) || (posted && document.activeElement === document.body);
    posted = false;
    const title = h('h2', { id: 'actions-title', tabindex: '-1' }, reaction ? 'Respond now' : 'Your actions');
    const total = lists.reduce((n, l) => n + l.actions.length, 0);
    if (!token) return actions.replaceChildren(h('h2', { id: 'actions-title' }, 'Watching'), h('p', {}, 'You watch as a spectator: you see what everyone may see.'));
    if (!total) {
      actions.replaceChildren(title, h('p', {}, state.game.status === 'finished' ? 'The game is over.' : 'Nothing to do now.'));
      if (hadFocus) title.focus({ preventScroll: true });
      return null;
    }
    const groups = [];
    for (const { seat, actions: list } of lists) {
      const byType = new Map();
      list.forEach((a) => {
        if (!byType.has(a.type)) byType.set(a.type, []);
        byType.get(a.type).push(a);
      });
      for (const [type, group] of byType) {
        groups.push(
          h(
            'fieldset',
            { class: 'group' },
            h('legend', {}, `${typeName(c.ruleset, type)}${lists.length > 1 ? ` (as ${seatName(c.game, seat)})` : ''}`),
            group.map((a) => h('button', { type: 'button', class: 'act', 'data-type': a.type, onclick: () => post(a, lists.length > 1 ? seat : null) }, actionLabel(a, c))),
          ),
        );
      }
    }
    actions.replaceChildren(title, ...groups);
    if (hadFocus) title.focus({ preventScroll: true });
    return null;
  }

  async function load() {
    const next = await api.get(`/v1/games/${id}`, { token, signal });
    state = next;
    api.remember(next.game);
    const c = ctx();
    const g = next.game;
    status.textContent = `${RULESETS[g.ruleset] || g.ruleset} · version ${next.version} · ${g.status}`;
    status.dataset.status = g.status;
    status.dataset.version = next.version;
    const seatInfo = c.mySeats.length
      ? `You play ${c.mySeats.map((s) => seatName(g, s)).join(' and ')}${next.your_turn ? ': your move.' : '.'}`
      : 'You watch as a spectator.';
    const kept = g.seats.find((s) => c.mySeats.includes(s.seat) && s.kept_by_bot);
    who.replaceChildren(seatInfo);
    if (kept) {
      who.append(' A bot keeps your seat. ', h('button', { type: 'button', onclick: () => control('reclaim') }, 'Take my seat back'));
    }
    if (g.status === 'open') {
      who.append(' The table waits for players. ');
      if (token) {
        who.append(h('button', { type: 'button', onclick: () => control('start') }, 'Start now'), ' ', h('button', { type: 'button', onclick: () => control('leave') }, 'Leave the table'));
      }
    }
    if (g.status === 'finished' && g.winners) {
      const names = (g.winners.seats || []).map((s) => seatName(g, s)).join(', ');
      status.append(` · won: ${g.winners.team ? `${words(g.winners.team)} ` : ''}(${names || 'nobody'})`);
    }
    pending.replaceChildren(...pendingEl(next, c).flat());
    boardBox.replaceChildren(board(next.view, c));
    if (next.view?.orders && token && g.status === 'active') {
      const focused = orders.contains(document.activeElement);
      if (!focused) orders.replaceChildren(ordersForm(next.view.orders, g.ruleset, post));
    } else orders.replaceChildren();
    let lists = [];
    if (token && g.status === 'active' && next.your_turn) {
      const asked = (next.pending || []).map((p) => p.seat).filter((s) => c.mySeats.includes(s));
      const seats = c.mySeats.length > 1 ? [...new Set(asked)] : [null];
      lists = await Promise.all(
        seats.map(async (seat) => {
          const got = await api.get(`/v1/games/${id}/actions${seat === null ? '' : `?seat=${seat}`}`, { token, signal });
          next.actionsVersion = got.version;
          return { seat: got.seat, actions: got.actions || [] };
        }),
      );
    }
    drawActions(lists);
    await loadHistory();
    if (g.status === 'active' && !following) startFollowing();
  }

  async function control(what) {
    showError(null);
    try {
      await api.post(`/v1/games/${id}/${what}`, {}, { token });
      say(`${words(what)}: done.`);
    } catch (e) {
      showError(e);
    }
    refresh();
  }

  async function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        await load();
      } while (again && !signal.aborted);
    } catch (e) {
      if (!signal.aborted) showError(e);
    } finally {
      busy = false;
    }
  }

  function startFollowing() {
    following = true;
    api.follow({
      id,
      token,
      after: state.version,
      signal,
      onEvent: () => refresh(),
      onEnd: () => {
        say('The game is over.');
        refresh();
      },
      isOver: async () => (await api.get(`/v1/games/${id}`, { signal })).game.status === 'finished',
    });
  }

  chatForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = chatForm.querySelector('input');
    try {
      await api.post(`/v1/games/${id}/chat`, { text: input.value }, { token });
      input.value = '';
      refresh();
    } catch (err) {
      showError(err);
    }
  });
  // Chat and open tables have no events: look again now and then.
  const timer = setInterval(() => {
    if (state && state.game.status !== 'finished') refresh();
  }, 4000);
  signal.addEventListener('abort', () => clearInterval(timer));
  await refresh();
}

// ---------------------------------------------------------------- replay

async function replay(id) {
  const signal = leaving.signal;
  const slider = h('input', { id: 'at', type: 'range', min: 1, max: 1, value: 1 });
  const shown = h('output', { id: 'at-shown', for: 'at' });
  const boardBox = h('div', { id: 'board' });
  const lines = h('ol', { id: 'history' });
  const audit = h('section', { id: 'audit', 'aria-labelledby': 'audit-title' }, h('h2', { id: 'audit-title' }, 'Audit'), h('p', {}, 'Checking…'));
  const forkButton = h('button', { type: 'button', id: 'fork' }, 'Fork here and play on');
  const step = (d) => h('button', { type: 'button', onclick: () => go(Number(slider.value) + d) }, d < 0 ? 'Previous' : 'Next');
  screen(
    `Replay of ${id}`,
    h('nav', { 'aria-label': 'This game' }, link(`#/g/${id}`, 'Live view'), ' · ', link('#/', 'Home')),
    h('div', { class: 'row slider' }, h('label', { for: 'at' }, 'Version'), slider, shown, step(-1), step(1), forkButton),
    audit,
    boardBox,
    h('section', { 'aria-labelledby': 'history-title' }, h('h2', { id: 'history-title' }, 'History up to here'), h('div', { class: 'scroll', tabindex: '0', 'aria-label': 'History' }, lines)),
  );
  let all = [];
  let game = null;
  let seq = 0;
  async function show(at) {
    const mine = ++seq;
    const state = await api.get(`/v1/games/${id}?at=${at}`, { signal });
    if (mine !== seq) return;
    game = state.game;
    shown.textContent = `${state.version} of ${game.version}`;
    const won = game.winners && at >= game.version
      ? `Won: ${game.winners.team ? `${words(game.winners.team)} ` : ''}(${(game.winners.seats || []).map((x) => seatName(game, x)).join(', ') || 'nobody'})`
      : '';
    boardBox.dataset.version = state.version;
    boardBox.replaceChildren(won ? h('p', { id: 'winners' }, won) : '', h('div', { id: 'pending' }, ...pendingEl(state, { game, ruleset: game.ruleset, mySeats: [] }).flat()), board(state.view, { game, ruleset: game.ruleset, mySeats: [] }));
    lines.replaceChildren(...all.filter((l) => l.version <= at).map((l) => h('li', { class: l.chat ? 'chat' : '' }, `v${l.version} · ${l.text}`)));
    const box = lines.parentElement;
    box.scrollTop = box.scrollHeight;
  }
  let timer = null;
  function go(at) {
    const v = Math.max(1, Math.min(Number(slider.max), at));
    slider.value = v;
    clearTimeout(timer);
    timer = setTimeout(() => show(v).catch((e) => showError(e)), 120);
  }
  slider.addEventListener('input', () => go(Number(slider.value)));
  forkButton.addEventListener('click', async () => {
    showError(null);
    try {
      const made = await api.post(`/v1/games/${id}/fork`, { at: Number(slider.value) });
      const nid = made.game.id;
      const links = [];
      (made.tokens || []).forEach((t, i) => {
        if (i === 0) api.setToken(nid, t.token);
        else links.push({ text: `Seat ${t.seat} (${seatName(made.game, t.seat)})`, href: gameLink(nid, t.token) });
      });
      api.setLinks(nid, links);
      api.remember(made.game);
      location.hash = `#/g/${nid}`;
    } catch (e) {
      showError(e);
    }
  });
  try {
    const state = await api.get(`/v1/games/${id}`, { signal });
    game = state.game;
    slider.max = Math.max(1, state.version);
    slider.value = state.version;
    for (let after = 0; ;) {
      const page = await api.get(`/v1/games/${id}/history?after=${after}&limit=1000`, { signal });
      all = all.concat(page.lines);
      const top = page.lines.reduce((m, l) => Math.max(m, l.version), after);
      if (page.lines.length < 1000 || top === after) break;
      after = top;
    }
    await show(state.version);
    const a = await api.get(`/v1/games/${id}/audit`, { signal });
    const yes = (v) => (v === true ? 'yes' : v === false ? 'NO' : 'not yet (the game is not over)');
    audit.replaceChildren(
      h('h2', { id: 'audit-title' }, 'Audit'),
      h(
        'dl',
        { id: 'audit-facts' },
        h('dt', {}, 'Hash chain valid'), h('dd', { id: 'audit-valid', 'data-valid': String(a.valid) }, yes(a.valid)),
        h('dt', {}, 'Hidden facts checked'), h('dd', {}, yes(a.hidden_checked)),
        h('dt', {}, 'Dice and cards re-derived from the seed (fair)'), h('dd', { id: 'audit-fair' }, yes(a.fair)),
        h('dt', {}, 'Provably fair'), h('dd', {}, a.provably_fair ? 'yes' : `no: ${a.fairness_note || 'the seed was chosen'}`),
        h('dt', {}, 'Seed'), h('dd', { class: 'hash' }, a.seed || `not revealed yet (commitment ${a.seed_commitment})`),
        h('dt', {}, 'Head hash'), h('dd', { class: 'hash' }, a.head_hash || '—'),
        a.entropy ? [h('dt', {}, "Players' entropy"), h('dd', {}, `${(a.entropy.contributions || []).length} contributions, seed derived: ${yes(a.entropy.derived)}`)] : null,
        a.first_bad_seq ? [h('dt', {}, 'First bad event'), h('dd', {}, String(a.first_bad_seq))] : null,
      ),
    );
  } catch (e) {
    if (!signal.aborted) showError(e);
  }
}

// ---------------------------------------------------------------- router

async function route() {
  leaving.abort();
  leaving = new AbortController();
  showError(null);
  const [path, query = ''] = location.hash.replace(/^#/, '').split('?');
  const parts = path.split('/').filter((p) => p);
  try {
    if (parts[0] === 'g' && parts[1]) await play(parts[1], query);
    else if (parts[0] === 'join' && parts[1]) await join(parts[1], parts[2] || '');
    else if (parts[0] === 'replay' && parts[1]) await replay(parts[1]);
    else await home();
  } catch (e) {
    if (!leaving.signal.aborted) showError(e);
  }
  if (document.activeElement === document.body) document.getElementById('title')?.focus({ preventScroll: true });
}

window.addEventListener('hashchange', route);
route();
export { cardEl };
