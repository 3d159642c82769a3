// What just happened, one move at a time: the events the stream brings are
// grouped into steps (an action and what it caused), told by the readable
// history (one request per batch), and played one by one at the chosen
// speed — the table as it stood after each step, its players highlighted,
// a "last action" line — so that a round of bots does not land at once.
// Skip jumps to now. When nothing is left to play, the page reads the game
// as it is now (once per batch, however many events it held).
import { get } from './api.js';
import { sleep } from './dom.js';

const STARTS = new Set(['acted', 'npc_acted', 'seat_control', 'window_expired', 'turn_started']);
/** Events whose sentences say nothing a player looks for. */
const QUIET = new Set(['window_opened', 'phase_started', 'stage_changed', 'batch_started', 'batch_stepped', 'batch_ended', 'window_closed', 'acted', 'orders_set']);
export const DELAYS = { slow: 1800, normal: 950, fast: 380, instant: 0 };

/** Groups events into steps: each starts at an action (or a turn). */
export function steps(events) {
  const out = [];
  for (const e of events) {
    const type = e.event?.type;
    const last = out[out.length - 1];
    const bare = last && last.events.every((x) => x.event?.type === 'acted');
    if (!last || (STARTS.has(type) && !bare)) {
      out.push({ from: e.seq, to: e.seq, actor: e.actor, events: [e], lines: [] });
    } else {
      last.to = e.seq;
      last.events.push(e);
    }
  }
  return out;
}

export class Playback {
  /**
   * id, token(): the game and the credential; speed(): the current speed;
   * onStep(step): draw the table after it; onIdle(): read the game as it
   * is now; onLines(lines): the history's sentences; mine(actor):
   * whether an actor is the viewer (his own steps go fast); signal.
   */
  constructor({ id, token, speed, onStep, onIdle, onLines, mine, signal }) {
    Object.assign(this, { id, token, speed, onStep, onIdle, onLines, mine, signal });
    this.queue = [];
    this.running = false;
    this.skipping = false;
    this.lines = new Map();
  }

  get pending() {
    return this.queue.length;
  }

  /** New events from the stream. */
  push(events) {
    const fresh = steps(events);
    if (!fresh.length) return;
    const at = fresh[0].from - 1;
    // One history read per batch tells every step of it.
    const told = get(`/v1/games/${this.id}/history?after=${at}&limit=1000`, { token: this.token(), signal: this.signal })
      .then((page) => {
        const lines = page.lines.filter((l) => !l.chat);
        lines.forEach((l) => this.lines.set(l.seq ?? l.version, l));
        this.onLines(lines);
      })
      .catch(() => {});
    for (const s of fresh) s.told = told;
    this.queue.push(...fresh);
    this.run();
  }

  skip() {
    this.skipping = true;
  }

  /** The step's sentences (quiet events left out). */
  text(step) {
    const quiet = new Set(step.events.filter((e) => QUIET.has(e.event?.type)).map((e) => e.seq));
    const out = [];
    for (let s = step.from; s <= step.to; s += 1) {
      const line = this.lines.get(s);
      if (line && !quiet.has(s)) out.push(line.text);
    }
    return out;
  }

  async run() {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length && !this.signal.aborted) {
        const step = this.queue.shift();
        await step.told;
        step.text = this.text(step);
        const delay = this.skipping || this.queue.length > 40 || !step.text.length ? 0 : DELAYS[this.speed()] ?? DELAYS.normal;
        const own = this.mine(step.actor);
        // The last step needs no rewind: the page reads the game as it is now.
        if (delay && this.queue.length) await this.onStep(step, { rewind: true });
        else await this.onStep(step, { rewind: false });
        if (delay && this.queue.length) await sleep(own ? Math.min(delay, DELAYS.fast) : delay, this.signal);
      }
      this.skipping = false;
      if (!this.signal.aborted) await this.onIdle();
    } finally {
      this.running = false;
    }
    if (this.queue.length && !this.signal.aborted) this.run();
  }
}
