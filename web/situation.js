// What the game waits for, in a sentence that says who is responsible and
// why: "Bot 2 shoots you with a BANG! (needs 1 Missed!)", "Your turn: play
// cards, then end it", "Waiting for Bob: a Duel". Both games.
import { seatName, kindName, railcarName } from './labels.js';
import { words } from './catalog.js';

const you = (ctx, seat) => (ctx.mySeats.includes(seat) ? 'you' : seatName(ctx.game, seat));
// Names from the catalog: a character, a card by kind, a railcar by kind, a die face.
const ch = (ctx, id) => ctx.cat.character(id).name;
const kind = (ctx, k) => kindName(ctx.cat, k);
const car = (ctx, k) => railcarName(ctx.cat, k);
const face = (ctx, f) => ctx.cat.face(f).name;

/** "with a BANG! (5♣)": the card that made the shot, when the page saw it played. */
function shotCard(view, ctx, source) {
  const e = view.effect || {};
  const id = view.shot?.card ?? e.card ?? ctx.lastPlayed?.get(source);
  if (id !== undefined && id !== null) return ` with ${ctx.cat.cardText(id)}`;
  return e.bang_card ? ` with a ${kind(ctx, 'bang')}` : '';
}

function shotText(view, ctx, needed) {
  const shot = view.shot || {};
  const e = view.effect || {};
  const source = shot.source ?? e.source;
  const anonymous = shot.anonymous || e.anonymous;
  const who = anonymous ? `The ${ctx.cat.side(false).name}` : seatName(ctx.game, source);
  const what = anonymous ? '' : shotCard(view, ctx, source);
  return `${who} shoots ${you(ctx, shot.target ?? ctx.me)}${what} (needs ${needed} ${kindName(ctx.cat, 'missed')})`;
}

/** The card game's decision of `p`, in words (for the asked or the others). */
function bangDecision(p, view, ctx) {
  const d = p.decision || {};
  const e = view.effect || {};
  const name = (s) => seatName(ctx.game, s);
  switch (d.kind) {
    case 'play': return 'play cards, then end the turn';
    case 'draw': return 'draw: choose where the first card comes from';
    case 'discard': return `discard ${d.count} card${d.count === 1 ? '' : 's'} (too many in hand)`;
    case 'shot': return shotText(view, ctx, d.needed);
    case 'dying': return `dying${view.dying?.by !== undefined && view.dying?.by !== null ? ` (shot by ${name(view.dying.by)})` : ''}: a ${kind(ctx, 'beer')} saves, or pass`;
    case 'indians': return `${kind(ctx, 'indians')} from ${name(e.source)}: discard a ${kind(ctx, 'bang')} or lose 1 life`;
    case 'duel': return `${kind(ctx, 'duel')} with ${name(e.challenger === p.seat ? e.target : e.challenger)}: discard a ${kind(ctx, 'bang')} or lose 1 life`;
    case 'store': return `${kind(ctx, 'general_store')}: pick a card`;
    case 'give_up': return `${name(e.taker)} takes a card: give up one of the lit cards`;
    case 'choose_check': return `${ch(ctx, 'lucky_duke')}: choose the "draw!" result`;
    case 'put_back': return `${ch(ctx, 'kit_carlson')}: put one card back on the deck`;
    case 'drop_one': return `${ch(ctx, 'dutch_will')}: discard one of the new cards`;
    case 'use_equipment': return `${ch(ctx, 'josh_mc_cloud')}: use the equipment card taken`;
    case 'railcar_chance': return 'End of the Line: take a railcar now, or pass';
    case 'map': return `${kind(ctx, 'map')}: discard one of the top cards, or pass`;
    case 'robbery': return `${kind(ctx, 'train_robbery')} by ${name(e.source)}: each card in play is discarded or shot for`;
    case 'evan_babbit': return `${ch(ctx, 'evan_babbit')}: redirect the ${kind(ctx, 'bang')} to a neighbour, or pass`;
    case 'sgt_blaze': return `${ch(ctx, 'sgt_blaze')}: exempt one player from the Locomotive`;
    case 'shade_o_connor': return `${ch(ctx, 'shade_o_connor')}: discard a card to draw 1, or pass`;
    case 'circus_wagon': return `${car(ctx, 'circus_wagon')}: discard one of the cards in play`;
    case 'lounge_car': return `${car(ctx, 'lounge_car')}: place the railcars drawn`;
    case 'mail_car': return `${car(ctx, 'mail_car')}: give one of the three cards drawn`;
    case 'choose_character': return 'choose a character';
    default: return words(d.kind || 'decide');
  }
}

const WINDOW_WORDS = { turn_start: 'at the start of the turn', roll: 'after the roll', last_roll: 'after the last roll', gain: 'before a gain', turn_end: 'at the end of the turn', elimination: 'before an elimination', reveal: 'after a reveal' };

/** The dice game's decision of `p`. */
function diceDecision(p, view, ctx) {
  const d = p.decision || {};
  const turn = view.turn || {};
  switch (d.kind) {
    case 'first_roll': return 'roll the dice';
    case 'reroll': return `tap the dice to re-roll, or keep them (roll ${turn.rolls} of ${turn.roll_limit})`;
    case 'bullseye': return `${ctx.cat.face(d.symbol).name}: shoot a lit player${d.result > 1 ? ` (${d.result} to give)` : ''}`;
    case 'beer': return `${face(ctx, 'beer')}: give 1 life to a lit player${d.left > 1 ? ` (${d.left} left)` : ''}`;
    case 'sid_gift': return `${ch(ctx, 'sid_ketchum')}: give 1 life to a player`;
    case 'kit_discard': return `${ch(ctx, 'kit_carlson')}: return up to ${d.left} arrow${d.left === 1 ? '' : 's'}`;
    case 'arrows_instead_of_life': return `${ch(ctx, 'bart_cassidy')}: take up to ${d.max} arrows instead of life`;
    case 'return_arrows': return `${ch(ctx, 'pedro_ramirez')}: return up to ${d.max} arrows`;
    case 'take_token': return "take a token: the Chief's Arrow or a regular one";
    case 'broken_arrow': return `${face(ctx, 'broken_arrow')}: choose whose arrow goes back`;
    case 'elena_gift': return `${ch(ctx, 'elena_fuente')}: hand an arrow to a player, or keep them`;
    case 'molly_take_over': return `${ch(ctx, 'molly_stark')}: take over a player's loss, or no more`;
    case 'ghost_gift': return 'the Ghost gives a token';
    case 'window': return `special roles: reveal yours ${WINDOW_WORDS[d.window] || d.window}, or pass`;
    case 'rescue_tokens': return 'saved by The Left Hand: return the tokens, or keep them';
    default: return words(d.kind || 'decide');
  }
}

/**
 * The line at the top of the prompt: { text, tone } where tone is `turn`,
 * `reaction`, `wait`, `watch` or `over`.
 */
export function situation(state, ctx) {
  const view = state.view || {};
  const g = state.game;
  if (g.status === 'open') return { text: 'The table waits for its players.', tone: 'wait' };
  if (g.status === 'finished') return { text: 'The game is over.', tone: 'over' };
  const pending = state.pending || [];
  const decide = ctx.ruleset === 'dice' ? diceDecision : bangDecision;
  const mine = pending.filter((p) => ctx.mySeats.includes(p.seat));
  if (mine.length) {
    const p = mine.find((x) => x.seat === ctx.me) || mine[0];
    const text = decide(p, view, ctx);
    const reaction = p.reaction || p.decision?.kind === 'window';
    const lead = p.decision?.kind === 'shot' ? '' : reaction ? 'You are asked: ' : 'Your turn: ';
    const as = ctx.mySeats.length > 1 ? ` (as ${seatName(g, p.seat)})` : '';
    return { text: `${lead}${text.charAt(0).toUpperCase() + text.slice(1)}${as}`, tone: reaction ? 'reaction' : 'turn', decision: p.decision?.kind };
  }
  if (!pending.length) return { text: 'Nobody is asked anything right now.', tone: 'wait' };
  const p = pending[0];
  const more = pending.length > 1 ? ` and ${pending.length - 1} more` : '';
  const watching = ctx.mySeats.length ? 'wait' : 'watch';
  return { text: `Waiting for ${seatName(g, p.seat)}${more}: ${decide(p, view, ctx)}`, tone: watching };
}

/** A hint when the only answer left is to take it: standing orders. */
export function ordersHint(state, lists, ctx) {
  const types = lists.flatMap((l) => l.actions.map((a) => a.type));
  const kind = (state.pending || []).find((p) => ctx.mySeats.includes(p.seat))?.decision?.kind;
  if (ctx.ruleset !== 'bang' || !['shot', 'indians', 'duel', 'dying'].includes(kind)) return null;
  if (types.some((t) => t !== 'pass')) return null;
  return `You have nothing to answer with. Standing orders can answer for you next time: set "${words(kind)}" to "auto" or "pass" under Standing orders.`;
}

