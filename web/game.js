// The game screen (#/g/{id}): plays or watches one game. It reads the game
// and your legal actions, follows the one event stream, plays the moves
// since your last look one by one, and lets you choose on the table; the
// action posted is always one /actions listed. Spectators see public facts.
import * as api from './api.js';
import * as store from './store.js';
import { put } from './dom.js';
import { loadCatalog } from './catalog.js';
import { Chooser } from './chooser.js';
import { Playback } from './playback.js';
import { situation, ordersHint } from './situation.js';
import { promptEl } from './prompt.js';
import { layout, viewerSeat, drawTable, markChoices, highlight, fitNames, revealLit } from './gameview.js';
import { SidePanel } from './sidebar.js';
import { inspector, longPress } from './inspector.js';
import { endBanner } from './end.js';
import { rematch } from './lobby.js';
import { seatName } from './labels.js';
import { notifyTitle } from './notify.js';

const seatsOf = (s) => s?.your_seats || (s?.your_seat !== null && s?.your_seat !== undefined ? [s.your_seat] : []);

/** Maps a table key to the catalog key the inspector describes. */
function resolver(view) {
  return (key) => {
    const [kind, a, b] = String(key).split(':');
    const player = (s) => (view()?.players || []).find((p) => p.seat === Number(s));
    const market = view()?.gold?.market?.[Number(a)];
    const face = view()?.turn?.dice?.[Number(a)]?.face;
    switch (kind) {
      case 'card': case 'car': case 'special': case 'face': case 'station': case 'loco': case 'character': return key;
      case 'equip': return `equip:${b}`;
      case 'slot': return market ? `equip:${market}` : null;
      case 'char': case 'seat': return player(a)?.character ? `character:${player(a).character}` : null;
      case 'die': return face ? `face:${face}` : null;
      case 'pile': { const d = view()?.discard || []; return a === 'discard' && d.length ? `card:${d[d.length - 1]}` : null; }
      default: return null;
    }
  };
}

class GameScreen {
  constructor(main, id, { signal, showError, say }) {
    Object.assign(this, { id, signal, showError, say });
    this.token = store.credentialOf(id);
    this.state = null;
    this.lists = [];
    this.chooser = null;
    this.cat = null;
    this.live = true;
    this.busy = false;
    this.lastSeq = 0;
    this.afterIdle = null;
    this.reading = null;
    this.lastPlayed = new Map(); // seat → the card it played last (for "shoots you with …")
    this.resolve = resolver(() => this.state?.view);
    this.insp = inspector(this.resolve, () => this.cat);
    this.parts = layout({ speed: store.speed(), onSpeed: (s) => store.setSpeed(s), onSkip: () => this.playback.skip() });
    this.side = new SidePanel({ id, token: () => this.token, signal, showError, inspectorPanel: this.insp.panel, post: (a, s) => this.post(a, s) });
    this.playback = new Playback({
      id,
      token: () => this.token,
      onLines: (lines) => this.side.log.add(lines),
      speed: () => store.speed(),
      mine: (actor) => this.ctx().mySeats.includes(Number(actor)),
      signal,
      onStep: (step, how) => this.step(step, how),
      onIdle: () => this.refresh().catch((e) => !signal.aborted && showError(e)),
    });
    put(main, this.parts.root, this.insp.dialog);
    this.listen();
  }

  /** What every drawing reads: the ruleset, catalog, game, view and seats. */
  ctx() {
    const s = this.state;
    const mySeats = seatsOf(s);
    const mine = (s?.pending || []).find((p) => mySeats.includes(p.seat));
    return {
      ruleset: s?.game?.ruleset, cat: this.cat, game: s?.game, view: s?.view, mySeats, me: s ? viewerSeat(s, mySeats) : null,
      over: s?.game?.status === 'finished', reaction: Boolean(mine?.reaction || mine?.decision?.kind === 'window'),
      decision: mine?.decision?.kind, lastPlayed: this.lastPlayed,
    };
  }

  /** Reads the game (with your credential; as a spectator if it opens no seat here). */
  async read(at) {
    const q = at ? `?at=${at}` : '';
    try {
      return await api.get(`/v1/games/${this.id}${q}`, { token: this.token, signal: this.signal });
    } catch (e) {
      if (e.status !== 401 || !this.token || store.tokenOf(this.id)) throw e;
      this.token = null;
      return api.get(`/v1/games/${this.id}${q}`, { signal: this.signal });
    }
  }

  /** Your legal actions now, per seat asked (a solo game asks two seats). */
  async readActions(next) {
    const mySeats = seatsOf(next);
    if (!this.token || next.game.status !== 'active' || !next.your_turn) return [];
    const asked = [...new Set((next.pending || []).map((p) => p.seat).filter((s) => mySeats.includes(s)))];
    const seats = mySeats.length > 1 ? asked : [null];
    return Promise.all(seats.map(async (seat) => {
      const got = await api.get(`/v1/games/${this.id}/actions${seat === null ? '' : `?seat=${seat}`}`, { token: this.token, signal: this.signal });
      next.actionsVersion = got.version;
      return { seat: mySeats.length > 1 ? got.seat : null, actions: got.actions || [] };
    }));
  }

  /** Draws everything from the state (live: with your choices; else a past step). */
  draw() {
    const { parts } = this;
    const c = this.ctx();
    const focus = document.activeElement;
    const focusKey = focus?.dataset?.key || focus?.dataset?.choice || null;
    const hadFocus = parts.root.contains(focus);
    drawTable(parts, this.state, c);
    const ui = this.live && this.chooser && !this.chooser.empty ? this.chooser.ui() : null;
    const missing = markChoices(parts.root, ui);
    this.drawPrompt(c, ui, missing);
    markChoices(parts.prompt, ui);
    revealLit(parts, ui);
    this.drawBar(c);
    this.drawBanner(c);
    fitNames(parts.root);
    if (hadFocus && !parts.root.contains(document.activeElement)) this.restoreFocus(focusKey);
  }

  restoreFocus(key) {
    const sel = key ? `[data-key="${CSS.escape(key)}"], [data-choice="${CSS.escape(key)}"]` : null;
    const el = (sel && this.parts.root.querySelector(sel)) || document.getElementById('prompt-title');
    el?.focus({ preventScroll: true });
  }

  drawPrompt(c, ui, missing) {
    const { state, parts } = this;
    const more = this.playback.pending ? ` (${this.playback.pending} more)` : '';
    const sit = this.live ? situation(state, c) : { text: `Watching the last moves${more}…`, tone: 'watch' };
    const mineAsked = (state.pending || []).some((p) => c.mySeats.includes(p.seat));
    const due = this.live && mineAsked ? state.window_closes_at || state.move_due_at : null;
    const note = !this.token ? 'You are watching: you see what everyone may see.' : null;
    const hint = this.live ? ordersHint(state, this.lists, c) : null;
    const extras = this.controls(c);
    put(parts.prompt, promptEl({ sit, ui, ctx: c, missing, due, hint, extras, onKey: (k) => this.choose(k), resolve: this.resolve, note }));
    parts.tray.classList.toggle('asking', Boolean(ui));
    parts.tray.classList.toggle('reaction', sit.tone === 'reaction');
  }

  drawBar(c) {
    const { state, parts } = this;
    const g = state.game;
    parts.status.textContent = `v${state.version}`;
    parts.rated.hidden = !g.rated;
    Object.assign(parts.status.dataset, { status: g.status, version: state.version });
    parts.status.title = `${g.status}, version ${state.version}`;
    parts.skip.hidden = this.live && !this.playback.pending;
    notifyTitle(this.live && state.your_turn && g.status === 'active' ? `Your move · ${seatName(g, c.me)}` : null);
  }

  drawBanner(c) {
    const { banner } = this.parts;
    if (this.state.game.status !== 'finished') put(banner);
    else if (!banner.firstChild) put(banner, endBanner(this.state, { mySeats: c.mySeats, cat: this.cat, rematch: () => this.rematch() }));
  }

  /** Buttons for the table itself: start or leave an open table, take a seat back from a bot. */
  controls(c) {
    const g = this.state.game;
    if (!this.token || !c.mySeats.length) return [];
    const button = (what, label, note) => ({ id: what, label, note, onclick: () => this.control(what) });
    if (g.status === 'open') return [button('start', 'Start now (bots take the open seats)'), button('leave', 'Leave the table')];
    const kept = (g.seats || []).find((s) => c.mySeats.includes(s.seat) && s.kept_by_bot);
    return kept ? [button('reclaim', 'Take my seat back', `A bot (${kept.kept_by_bot}) keeps your seat: you missed its deadlines.`)] : [];
  }

  async control(what) {
    this.showError(null);
    try {
      await api.post(`/v1/games/${this.id}/${what}`, {}, { token: this.token, signal: this.signal });
      this.say(what === 'reclaim' ? 'Your seat is yours again.' : what === 'start' ? 'The table starts.' : 'You left the table.');
    } catch (e) {
      this.showError(e);
    }
    this.refresh();
  }

  async rematch() {
    try {
      location.hash = `#/g/${await rematch(this.state.game.id)}`;
    } catch (e) {
      this.showError(e);
    }
  }

  /** A touch or a word: the chooser narrows, or posts a listed action. */
  choose(key) {
    if (!this.chooser || this.busy) return;
    if (key === 'cancel') {
      this.chooser.cancel();
      this.draw();
      return;
    }
    const got = this.chooser.pick(key);
    if (got?.post) this.post(got.post.action, got.post.seat);
    else if (got) this.draw();
  }

  async post(action, seat) {
    this.showError(null);
    this.busy = true;
    this.parts.tray.classList.add('busy');
    const q = seat === null || seat === undefined ? '' : `?seat=${seat}`;
    const body = { action, action_id: api.actionId() };
    if (action.type !== 'set_orders' && this.state) body.expected_version = this.state.actionsVersion ?? this.state.version;
    try {
      const done = await api.post(`/v1/games/${this.id}/actions${q}`, body, { token: this.token, signal: this.signal });
      if (action.type === 'set_orders') this.say('Orders saved.');
      this.ingest(done.events || []);
    } catch (e) {
      if (!this.signal.aborted) this.showError(e);
      this.refresh();
    } finally {
      this.busy = false;
      this.parts.tray.classList.remove('busy');
    }
  }

  /** Reads the game as it is now, with your actions, and draws it (one read at a time). */
  refresh() {
    if (!this.reading) this.reading = this.reread().finally(() => { this.reading = null; });
    return this.reading;
  }

  async reread() {
    const next = await this.read();
    const lists = await this.readActions(next);
    if (this.signal.aborted) return;
    Object.assign(this, { state: next, lists, live: true, lastSeq: Math.max(this.lastSeq, next.version) });
    const c = this.ctx();
    this.chooser = lists.length ? new Chooser(lists, { ruleset: c.ruleset, cat: this.cat, view: next.view, mySeats: c.mySeats }) : null;
    store.remember(next.game);
    this.draw();
    if (this.afterIdle) highlight(this.parts.root, this.afterIdle);
    this.afterIdle = null;
    this.side.draw(this.parts.side, next, this.cat);
  }

  /** One step of the moves played: the table as it stood after it, highlighted. */
  async step(step, { rewind }) {
    this.parts.last.textContent = step.text.slice(0, 3).join(' · ') || this.parts.last.textContent;
    if (!rewind) {
      this.afterIdle = step;
      return;
    }
    const at = await this.read(step.to).catch(() => null);
    if (!at || this.signal.aborted) return;
    Object.assign(this, { state: at, live: false });
    this.draw();
    highlight(this.parts.root, step);
  }

  /** Events from the stream or from a post: each once, in order. */
  ingest(events) {
    const fresh = events.filter((e) => e.seq > this.lastSeq);
    if (!fresh.length) return;
    this.lastSeq = fresh[fresh.length - 1].seq;
    for (const { event } of fresh) {
      if (event?.type === 'card_played') this.lastPlayed.set(event.seat, event.card);
    }
    this.playback.push(fresh);
  }

  /** The cards played lately (for "shoots you with …" on a page opened mid-shot). */
  async loadRecent(version) {
    if (this.state.game.ruleset !== 'bang') return;
    const page = await api.get(`/v1/games/${this.id}/events?after=${Math.max(0, version - 40)}&limit=40`, { token: this.token, signal: this.signal }).catch(() => null);
    for (const { event } of page?.events || []) if (event?.type === 'card_played') this.lastPlayed.set(event.seat, event.card);
    if (this.lastPlayed.size) this.draw();
  }

  /** Clicks choose (or open the inspector), the pointer and focus show, Escape cancels. */
  listen() {
    const { root } = this.parts;
    root.addEventListener('click', (e) => {
      const el = e.target.closest('[data-key]');
      if (!el || !root.contains(el) || e.target.closest('#prompt .buttons')) return;
      const key = el.dataset.key;
      const c = this.live && this.chooser;
      if (c && (c.isChoice(key) || c.touches().has(key))) this.choose(key);
      else this.insp.open(key);
    });
    root.addEventListener('pointerover', (e) => this.insp.show(e.target.closest('[data-key]')?.dataset.key));
    root.addEventListener('focusin', (e) => this.insp.show(e.target.closest('[data-key]')?.dataset.key));
    root.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.chooser) this.choose('cancel');
    });
    longPress(root, (key) => this.insp.open(key), this.signal);
  }

  /** Reads the game, draws it, then follows its stream. */
  async start() {
    this.state = await this.read();
    this.cat = await loadCatalog(this.state.game.ruleset);
    this.lastSeq = this.state.version;
    await this.refresh();
    const [last] = await Promise.all([this.side.loadHistory(this.state.version), this.side.pollChat(), this.loadRecent(this.state.version)]);
    if (last) this.parts.last.textContent = last;
    this.side.follow(() => this.state?.game.status !== 'finished');
    if (this.state.game.status === 'finished') return;
    api.follow({
      id: this.id,
      token: this.token,
      after: this.lastSeq,
      signal: this.signal,
      onEvents: (events) => this.ingest(events),
      onClosed: async () => {
        await this.refresh().catch(() => {});
        return this.state.game.status === 'finished';
      },
    });
  }
}

export async function gameScreen(main, id, query, opts) {
  const fromLink = new URLSearchParams(query).get('token');
  if (fromLink) {
    store.setToken(id, fromLink);
    history.replaceState(null, '', `${location.pathname}#/g/${id}`);
  }
  await new GameScreen(main, id, opts).start();
}
