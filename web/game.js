// The game screen (#/g/{id}): plays or watches one game. It reads the game
// and your legal actions, follows the one event stream, plays the moves
// since your last look one by one, and lets you choose on the table; the
// action posted is always one /actions listed. Spectators see public facts.
import * as api from './api.js';
import * as store from './store.js';
import { h, put } from './dom.js';
import { loadCatalog } from './catalog.js';
import { Chooser } from './chooser.js';
import { Playback } from './playback.js';
import { situation, ordersHint } from './situation.js';
import { promptEl } from './prompt.js';
import { layout, viewerSeat, drawTable, markChoices, highlight, fitNames, revealLit } from './gameview.js';
import { logPanel, chatForm, ordersForm, shareBox } from './sidebar.js';
import { inspector, longPress } from './inspector.js';
import { endBanner } from './end.js';
import { create, rematchBody } from './lobby.js';
import { seatName } from './labels.js';
import { notifyTitle } from './notify.js';

/** Maps a table key to the catalog key the inspector describes. */
function resolver(get) {
  return (key) => {
    const { view } = get();
    const [kind, a, b] = String(key).split(':');
    const player = (s) => (view?.players || []).find((p) => p.seat === Number(s));
    switch (kind) {
      case 'card': case 'car': case 'special': case 'face': case 'station': case 'loco': case 'character': return key;
      case 'equip': return `equip:${b}`;
      case 'slot': return view?.gold?.market?.[Number(a)] ? `equip:${view.gold.market[Number(a)]}` : null;
      case 'char': return player(a)?.character ? `character:${player(a).character}` : null;
      case 'die': { const f = view?.turn?.dice?.[Number(a)]?.face; return f ? `face:${f}` : null; }
      case 'seat': return player(a)?.character ? `character:${player(a).character}` : null;
      default: return null;
    }
  };
}

export async function gameScreen(main, id, query, { signal, showError, say }) {
  const fromLink = new URLSearchParams(query).get('token');
  if (fromLink) {
    store.setToken(id, fromLink);
    history.replaceState(null, '', `${location.pathname}#/g/${id}`);
  }
  let token = store.credentialOf(id);
  let state = null;
  let lists = [];
  let chooser = null;
  let cat = null;
  let live = true;
  let busy = false;
  let lastSeq = 0;
  let afterIdle = null;
  const lastPlayed = new Map(); // seat → the card it played last (for "shoots you with …")
  const ctx = () => {
    const mySeats = state?.your_seats || (state?.your_seat !== null && state?.your_seat !== undefined ? [state.your_seat] : []);
    const mine = (state?.pending || []).find((p) => mySeats.includes(p.seat));
    return {
      ruleset: state?.game?.ruleset, cat, game: state?.game, view: state?.view, mySeats, me: state ? viewerSeat(state, mySeats) : null,
      over: state?.game?.status === 'finished', reaction: Boolean(mine?.reaction || mine?.decision?.kind === 'window'), decision: mine?.decision?.kind, lastPlayed,
    };
  };
  const resolve = resolver(ctx);
  const insp = inspector(resolve, () => cat);
  const log = logPanel();
  const parts = layout({
    speed: store.speed(),
    onSpeed: (s) => store.setSpeed(s),
    onSkip: () => playback.skip(),
  });
  put(main, parts.root, insp.dialog);

  /** Reads the game (with your token; as a spectator if it opens no seat here). */
  async function read(at) {
    const q = at ? `?at=${at}` : '';
    try {
      return await api.get(`/v1/games/${id}${q}`, { token, signal });
    } catch (e) {
      if (e.status === 401 && token && !store.tokenOf(id)) {
        token = null;
        return api.get(`/v1/games/${id}${q}`, { signal });
      }
      throw e;
    }
  }

  async function readActions(next) {
    const c = { mySeats: next.your_seats || (next.your_seat !== null && next.your_seat !== undefined ? [next.your_seat] : []) };
    if (!token || next.game.status !== 'active' || !next.your_turn) return [];
    const asked = [...new Set((next.pending || []).map((p) => p.seat).filter((s) => c.mySeats.includes(s)))];
    const seats = c.mySeats.length > 1 ? asked : [null];
    return Promise.all(seats.map(async (seat) => {
      const got = await api.get(`/v1/games/${id}/actions${seat === null ? '' : `?seat=${seat}`}`, { token, signal });
      next.actionsVersion = got.version;
      return { seat: c.mySeats.length > 1 ? got.seat : null, actions: got.actions || [] };
    }));
  }

  /** Draws everything from `state` (live: with your choices; else a past step). */
  function draw() {
    const c = ctx();
    const focus = document.activeElement;
    const focusKey = focus?.dataset?.key || focus?.dataset?.choice || null;
    const hadFocus = parts.root.contains(focus);
    drawTable(parts, state, c);
    const ui = live && chooser && !chooser.empty ? chooser.ui() : null;
    const missing = markChoices(parts.root, ui);
    drawPrompt(c, ui, missing);
    markChoices(parts.prompt, ui);
    revealLit(parts, ui);
    drawBar(c);
    drawBanner(c);
    fitNames(parts.root);
    if (hadFocus && !parts.root.contains(document.activeElement)) restoreFocus(focusKey);
  }

  function restoreFocus(key) {
    const sel = key ? `[data-key="${CSS.escape(key)}"], [data-choice="${CSS.escape(key)}"]` : null;
    const el = (sel && parts.root.querySelector(sel)) || document.getElementById('prompt-title');
    el?.focus({ preventScroll: true });
  }

  function drawPrompt(c, ui, missing) {
    const sit = live ? situation(state, c) : { text: `Watching the last moves${playback.pending ? ` (${playback.pending} more)` : ''}…`, tone: 'watch' };
    const mineAsked = (state.pending || []).some((p) => c.mySeats.includes(p.seat));
    const due = live && mineAsked ? state.window_closes_at || state.move_due_at : null;
    const note = !token ? 'You are watching: you see what everyone may see.' : null;
    put(parts.prompt, promptEl({ sit, ui, ctx: c, missing, due, hint: live ? ordersHint(state, lists, c) : null, onKey: choose, resolve, note }));
    parts.tray.classList.toggle('asking', Boolean(ui));
    parts.tray.classList.toggle('reaction', sit.tone === 'reaction');
  }

  function drawBar(c) {
    const g = state.game;
    parts.status.textContent = `v${state.version}`;
    parts.status.dataset.status = g.status;
    parts.status.dataset.version = state.version;
    parts.status.title = `${g.status}, version ${state.version}`;
    parts.skip.hidden = live && !playback.pending;
    notifyTitle(live && state.your_turn && g.status === 'active' ? `Your move · ${seatName(g, c.me)}` : null);
  }

  function drawBanner(c) {
    if (state.game.status !== 'finished') return put(parts.banner);
    if (parts.banner.firstChild) return null;
    return put(parts.banner, endBanner(state, { mySeats: c.mySeats, cat, rematch }));
  }

  async function rematch() {
    try {
      location.hash = `#/g/${await create(rematchBody(state.game, ctx().mySeats))}`;
    } catch (e) {
      showError(e);
    }
  }

  /** A touch or a word: the chooser narrows, or posts a listed action. */
  function choose(key) {
    if (!chooser || busy) return;
    if (key === 'cancel') {
      chooser.cancel();
      draw();
      return;
    }
    const got = chooser.pick(key);
    if (!got) return;
    if (got.post) post(got.post.action, got.post.seat);
    else draw();
  }

  async function post(action, seat) {
    showError(null);
    busy = true;
    parts.tray.classList.add('busy');
    const q = seat === null || seat === undefined ? '' : `?seat=${seat}`;
    const body = { action, action_id: api.actionId() };
    if (action.type !== 'set_orders' && state) body.expected_version = state.actionsVersion ?? state.version;
    try {
      const done = await api.post(`/v1/games/${id}/actions${q}`, body, { token, signal });
      if (action.type === 'set_orders') say('Orders saved.');
      ingest(done.events || []);
    } catch (e) {
      if (!signal.aborted) showError(e);
      refresh();
    } finally {
      busy = false;
      parts.tray.classList.remove('busy');
    }
  }

  /** Reads the game as it is now, with your actions, and draws it. */
  let reading = null;
  async function refresh() {
    if (reading) return reading;
    reading = (async () => {
      const next = await read();
      const got = await readActions(next);
      if (signal.aborted) return;
      state = next;
      lists = got;
      lastSeq = Math.max(lastSeq, next.version);
      const c = ctx();
      chooser = lists.length ? new Chooser(lists, { ruleset: c.ruleset, cat, view: next.view, mySeats: c.mySeats }) : null;
      live = true;
      store.remember(next.game);
      draw();
      if (afterIdle) highlight(parts.root, afterIdle);
      afterIdle = null;
      drawSide(c);
    })().finally(() => {
      reading = null;
    });
    return reading;
  }

  const playback = new Playback({
    id,
    token: () => token,
    onLines: (lines) => log.add(lines),
    speed: () => store.speed(),
    mine: (actor) => ctx().mySeats.includes(Number(actor)),
    signal,
    onStep: async (step, { rewind }) => {
      parts.last.textContent = step.text.slice(0, 3).join(' · ') || parts.last.textContent;
      if (!rewind) {
        afterIdle = step;
        return;
      }
      const at = await read(step.to).catch(() => null);
      if (!at || signal.aborted) return;
      state = at;
      live = false;
      draw();
      highlight(parts.root, step);
    },
    onIdle: () => refresh().catch((e) => !signal.aborted && showError(e)),
  });

  /** Events from the stream or from a post: each once, in order. */
  function ingest(events) {
    const fresh = events.filter((e) => e.seq > lastSeq);
    if (!fresh.length) return;
    lastSeq = fresh[fresh.length - 1].seq;
    for (const { event } of fresh) {
      if (event?.type === 'card_played') lastPlayed.set(event.seat, event.card);
      if (event?.type === 'equipment_bought' && event.mode === 'bang') lastPlayed.delete(event.seat);
    }
    playback.push(fresh);
  }

  let sideDrawn = false;
  function drawSide(c) {
    const orders = c.view?.orders && token && state.game.status === 'active' && !parts.side.querySelector('#orders:focus-within')
      ? ordersForm(c.view.orders, c.ruleset, cat, post) : null;
    const ordersBox = parts.side.querySelector('#orders-box');
    if (ordersBox && !ordersBox.contains(document.activeElement)) put(ordersBox, orders ? h('details', {}, h('summary', {}, 'Standing orders'), orders) : null);
    if (sideDrawn) return;
    sideDrawn = true;
    const share = shareBox(id, state);
    put(
      parts.side,
      insp.panel,
      h('section', { class: 'log-box', 'aria-labelledby': 'log-title' }, h('h2', { id: 'log-title' }, 'History and chat'), log.el, token ? chatForm(sendChat) : null),
      h('div', { id: 'orders-box' }, orders ? h('details', {}, h('summary', {}, 'Standing orders'), orders) : null),
      share ? h('details', { class: 'share-box', open: state.game.status === 'open' }, h('summary', {}, 'Share this table'), share) : null,
      h('nav', { class: 'row links', 'aria-label': 'This game' }, h('a', { href: `#/replay/${id}` }, 'Replay and audit'), h('a', { href: '/docs/' }, 'The API')),
    );
  }

  async function sendChat(text) {
    try {
      await api.post(`/v1/games/${id}/chat`, { text }, { token, signal });
      pollChat();
      return true;
    } catch (e) {
      showError(e);
      return false;
    }
  }

  let lastChat = 0;
  async function pollChat() {
    const page = await api.get(`/v1/games/${id}/chat?after=${lastChat}`, { token, signal }).catch(() => null);
    const msgs = page?.messages || [];
    for (const m of msgs) lastChat = Math.max(lastChat, m.id);
    log.add(msgs.map((m) => ({ chat: m.id, version: m.version, text: `${m.name}: ${m.text}` })));
  }

  async function loadHistory(version) {
    const page = await api.get(`/v1/games/${id}/history?after=${Math.max(0, version - 200)}&limit=1000`, { token, signal }).catch(() => null);
    const lines = (page?.lines || []).filter((l) => !l.chat);
    log.add(lines);
    const told = lines.filter((l) => !/ is asked to answer|^Phase: /.test(l.text));
    if (told.length) parts.last.textContent = told[told.length - 1].text;
    log.bottom();
  }

  parts.root.addEventListener('click', (e) => {
    const el = e.target.closest('[data-key]');
    if (!el || !parts.root.contains(el) || e.target.closest('#prompt .buttons')) return;
    const key = el.dataset.key;
    if (live && chooser && chooser.isChoice(key)) choose(key);
    else if (live && chooser && chooser.touches().has(key)) choose(key);
    else insp.open(key);
  });
  parts.root.addEventListener('pointerover', (e) => insp.show(e.target.closest('[data-key]')?.dataset.key));
  parts.root.addEventListener('focusin', (e) => insp.show(e.target.closest('[data-key]')?.dataset.key));
  parts.root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && chooser) choose('cancel');
  });
  longPress(parts.root, (key) => insp.open(key));

  state = await read();
  cat = await loadCatalog(state.game.ruleset);
  lastSeq = state.version;
  await refresh();
  await Promise.all([loadHistory(state.version), pollChat()]);
  const timer = setInterval(() => {
    if (!document.hidden && state?.game.status !== 'finished') pollChat();
  }, 10000);
  signal.addEventListener('abort', () => clearInterval(timer));
  if (state.game.status !== 'finished') {
    api.follow({
      id,
      token,
      after: lastSeq,
      signal,
      onEvents: ingest,
      onClosed: async () => {
        await refresh().catch(() => {});
        return state.game.status === 'finished';
      },
    });
  }
}
