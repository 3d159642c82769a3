// Choosing on the table: the listed actions grouped by what they touch.
// Nothing is chosen: every first touch lights up (cards, players, slots,
// railcars, dice) and the actions that touch nothing are buttons. Each
// touch narrows the listed actions to those that match; the next choice
// that still differs among them lights up in turn; when one is left it is
// posted, exactly as /actions listed it (never one made up). The dice
// game's re-roll is chosen by toggling dice. Pure: no DOM here.
import { pathsOf, IMMEDIATE } from './paths.js';

const valueOf = (entry, name) => {
  const step = entry.path.find(([n]) => n === name);
  return step ? step[1] : 'none';
};
const isButton = (key) => key.startsWith('btn:');
const isWord = (key) => key === 'none' || key.startsWith('opt:') || isButton(key);

export class Chooser {
  /** lists: [{ seat, actions }]; ctx: { ruleset, cat, view, mySeats }. */
  constructor(lists, ctx) {
    this.ruleset = ctx.ruleset;
    this.entries = [];
    this.rerolls = [];
    for (const { seat, actions } of lists) {
      for (const action of actions) {
        if (action.type === 'reroll') {
          this.rerolls.push({ action, seat });
          continue;
        }
        for (const path of pathsOf(ctx.ruleset, action, { ...ctx, seat })) this.entries.push({ action, seat, path });
      }
    }
    this.chosen = [];
    this.dice = new Set();
    this.confirming = null;
  }

  get empty() {
    return !this.entries.length && !this.rerolls.length;
  }

  remaining() {
    return this.entries.filter((e) => this.chosen.every(([name, key]) => valueOf(e, name) === key));
  }

  /** The next choice that still differs, or null when one action is left. */
  next() {
    const rem = this.remaining();
    if (!rem.length) return null;
    if (!this.chosen.length) return { name: 'touch', values: [...new Set(rem.map((e) => valueOf(e, 'touch')))] };
    for (const [name] of rem[0].path) {
      if (this.chosen.some(([n]) => n === name)) continue;
      const values = [...new Set(rem.map((e) => valueOf(e, name)))];
      if (values.length > 1) return { name, values };
    }
    return null;
  }

  /** The first touches: for switching to another card mid-choice. */
  touches() {
    return new Set(this.entries.map((e) => valueOf(e, 'touch')));
  }

  /** What the table shows now: lit keys, chosen keys, buttons. */
  ui() {
    const step = this.confirming ? null : this.next();
    const values = step ? step.values : [];
    return {
      step: this.confirming ? 'confirm' : step?.name || null,
      lit: new Set(values.filter((k) => !isWord(k))),
      words: values.filter(isWord),
      chosen: new Set(this.chosen.map(([, k]) => k).concat([...this.dice].map((i) => `die:${i}`))),
      subject: this.chosen[0]?.[1] || null,
      confirm: this.confirming,
      reroll: this.rerolls.length ? this.rerollState() : null,
      chosenSteps: this.chosen.slice(),
    };
  }

  rerollState() {
    const selectable = new Set(this.rerolls.flatMap((r) => r.action.dice));
    const want = [...this.dice].sort((a, b) => a - b).join(',');
    const match = this.rerolls.find((r) => [...r.action.dice].sort((a, b) => a - b).join(',') === want);
    return { selectable, selected: new Set(this.dice), match: match || null };
  }

  /** Whether `key` is a choice now (lit, a word, or a die to toggle). */
  isChoice(key) {
    const ui = this.ui();
    if (ui.lit.has(key) || ui.words.includes(key)) return true;
    if (this.confirming && key === this.chosen[0]?.[1]) return true;
    return Boolean(ui.reroll && !this.chosen.length && key.startsWith('die:') && ui.reroll.selectable.has(Number(key.slice(4))));
  }

  /**
   * A touch or a word chosen: { post: { action, seat } } when it settles
   * one listed action, else { changed: true }; null when it is no choice.
   */
  pick(key) {
    if (this.confirming) {
      if (key === 'confirm' || key === this.chosen[0]?.[1]) return this.settle(this.confirming);
      return null;
    }
    if (this.rerolls.length && !this.chosen.length && key.startsWith('die:')) return this.toggle(Number(key.slice(4)));
    if (key === 'reroll') {
      const match = this.rerollState().match;
      return match ? { post: match } : null;
    }
    const step = this.next();
    if (!step || !step.values.includes(key)) {
      if (this.chosen.length && this.touches().has(key)) {
        this.cancel();
        return this.pick(key);
      }
      return null;
    }
    this.chosen.push([step.name, key]);
    return this.advance();
  }

  toggle(index) {
    if (!this.rerollState().selectable.has(index)) return null;
    if (this.dice.has(index)) this.dice.delete(index);
    else this.dice.add(index);
    return { changed: true };
  }

  /** After a choice: post if settled (or ask to confirm a lone touch). */
  advance() {
    if (this.next()) return { changed: true };
    const entry = this.remaining()[0];
    const touch = this.chosen[0][1];
    const decided = this.chosen.length > 1 || isButton(touch) || /^(seat|face|hand|pile):/.test(touch) || IMMEDIATE.has(entry.action.type);
    if (decided) return this.settle(entry);
    this.confirming = entry;
    return { changed: true };
  }

  settle(entry) {
    const post = { action: entry.action, seat: entry.seat };
    this.cancel();
    return { post };
  }

  /** Back to nothing chosen. */
  cancel() {
    this.chosen = [];
    this.confirming = null;
    this.dice.clear();
  }
}
