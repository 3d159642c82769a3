// Distances and reach at the card game's table, from a view, as the rules
// count them (bang.md §7; train-robbery.md TR-11.10, TR-11.12): seats
// between players in play, Mustang and Paul Regret +1, Scope and Rose
// Doolan -1, the Lumber Flatcar and the Observation Car; at least 1. Reach is
// the weapon's, or 1. The engine counts the same from the same view.

function has(cat, inPlay, kinds) {
  return (inPlay || []).filter((id) => kinds.includes(cat.card(id).kind)).length;
}

/** Seats between `from` and `to` among players in play (both counted in). */
function seatDistance(players, from, to) {
  const ring = players.filter((p) => p.alive || p.seat === from || p.seat === to).map((p) => p.seat);
  const a = ring.indexOf(from);
  const b = ring.indexOf(to);
  if (a < 0 || b < 0) return 0;
  const n = ring.length;
  const cw = (b - a + n) % n;
  return Math.min(cw, n - cw);
}

/** The distance from seat `from` to seat `to`. */
export function distance(cat, view, from, to) {
  const players = view.players || [];
  const p = (s) => players.find((x) => x.seat === s) || {};
  const a = p(from);
  const b = p(to);
  const plus = has(cat, b.in_play, ['mustang']) + (b.character === 'paul_regret' ? 1 : 0)
    + has(cat, a.in_play, ['lumber_flatcar']) + has(cat, b.in_play, ['observation_car']);
  const minus = has(cat, a.in_play, ['scope']) + (a.character === 'rose_doolan' ? 1 : 0) + has(cat, a.in_play, ['observation_car']);
  return Math.max(1, seatDistance(players, from, to) + plus - minus);
}

/** The reach of `seat`: its weapon's, or 1. */
export function reach(cat, view, seat) {
  const p = (view.players || []).find((x) => x.seat === seat);
  for (const id of p?.in_play || []) {
    const r = cat.card(id).reach;
    if (r) return r;
  }
  return 1;
}
