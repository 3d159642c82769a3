// Making games: creating one (from the form, a quick start or a rematch)
// with the account's key when signed in, keeping the tokens and the links
// to share, and joining a table. Shared by the home, game and join screens.
import * as api from './api.js';
import * as store from './store.js';
import { seatName } from './labels.js';
import { readInbox } from './notify.js';

const base = () => `${location.origin}${location.pathname}`;
export const gameUrl = (id, token) => `${base()}#/g/${id}${token ? `?token=${token}` : ''}`;

/** Posts a creation body; keeps tokens and links; returns the game id. */
export async function create(body) {
  const account = store.account();
  return keep(await api.post('/v1/games', body, { token: account?.key }));
}

/**
 * Asks the server for a rematch of finished game `id` (with this seat's
 * token or the account's key): the same table, every seat one place on, the
 * players' seats kept for them and the others open to the invite.
 */
export async function rematch(id) {
  return keep(await api.post(`/v1/games/${id}/rematch`, {}, { token: store.credentialOf(id) }));
}

/** Keeps a made game's tokens (ours) and links (the others'); returns its id. */
function keep(made) {
  const id = made.game.id;
  const links = [];
  const mine = (made.tokens || [])[0];
  for (const t of made.tokens || []) {
    if (t === mine) store.setToken(id, t.token);
    else links.push({ text: `Seat ${t.seat + 1} (${seatName(made.game, t.seat)})`, href: gameUrl(id, t.token) });
  }
  if (made.invite) links.push({ text: 'Invite to the open seats', href: `${base()}#/join/${id}/${made.invite}` });
  else if (made.game.status === 'open') links.push({ text: 'Join link (public table)', href: `${base()}#/join/${id}/` });
  store.setLinks(id, links);
  store.remember(made.game);
  if (store.account()) readInbox(true);
  return id;
}

/** The first seat of a creation: the account's, else a name. */
export function mySeat(name) {
  const account = store.account();
  return account ? { player: account.id } : { name: name || 'Me' };
}

/** Joins a table: with the account's key (the seat is then the account's), or a name. */
export async function join(id, { invite, name, entropy }) {
  const account = store.account();
  const body = {};
  if (invite) body.invite = invite;
  if (name) body.name = name;
  if (entropy) body.entropy = entropy;
  const joined = await api.post(`/v1/games/${id}/join`, body, { token: account?.key });
  store.setToken(id, joined.token);
  store.remember(joined.game);
  if (account) readInbox(true);
  return joined;
}
