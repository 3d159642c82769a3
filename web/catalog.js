// The rules catalog (GET /v1/rulesets/{id}): every name and rules text the
// client shows comes from here, never from a copy of its own. Each ruleset
// is read once per page; the browser's HTTP cache keeps it between visits
// (the server gives it an ETag and a long max-age).
import { get } from './api.js';

const loaded = new Map();
let list = null;

const SUIT_MARKS = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' };

/** The rulesets the server plays: [{ id, name, players: {min, max} }]. */
export async function rulesets() {
  if (!list) list = get('/v1/rulesets').then((r) => r.rulesets || []);
  return list;
}

const byId = (entries) => new Map((entries || []).map((e) => [e.id, e]));

/** One ruleset's catalog, indexed for lookups. */
class Catalog {
  constructor(doc) {
    const c = doc.catalog || {};
    this.id = doc.id;
    this.name = doc.name;
    this.players = doc.players;
    this.raw = c;
    this.cards = byId(c.cards);
    this.railcars = byId(c.railcars);
    this.stations = byId(c.stations);
    this.equipments = byId(c.equipment);
    this.characters = byId(c.characters);
    this.roles = byId(c.roles);
    this.faces = byId(c.faces);
    this.specials = byId(c.special_roles);
    this.modules = byId(c.modules);
    this.dice = new Map((c.dice || []).map((d) => [d.kind, d]));
    this.locomotive = c.locomotive || [];
  }

  /** A playing card or a railcar by id (both lie in play): with `mark`. */
  card(id) {
    const railcar = this.railcars.get(id);
    if (railcar) return { ...railcar, border: 'railcar', railcar: true, mark: '' };
    const c = this.cards.get(id);
    if (!c) return { id, name: `Card ${id}`, kind: 'unknown', border: 'brown', text: '', mark: '' };
    return { ...c, mark: `${c.value}${SUIT_MARKS[c.suit] || ''}` };
  }

  /** A playing card named with its value and suit; a railcar by its name. */
  cardText(id) {
    const c = this.card(id);
    return c.mark ? `${c.name} (${c.mark})` : c.name;
  }

  equipment(id) {
    return this.equipments.get(id) || { id, name: `Equipment ${id}`, cost: 0, border: 'black', text: '' };
  }

  station(id) {
    return this.stations.get(id) || { id, name: `Station ${id}`, text: '' };
  }

  character(id) {
    return this.characters.get(id) || { id, name: words(id), text: '', life: 0 };
  }

  role(id) {
    return this.roles.get(id) || { id, goal: '' };
  }

  face(id) {
    return this.faces.get(id) || { id, name: words(id), text: '' };
  }

  special(id) {
    return this.specials.get(id) || { id, name: words(id), text: '' };
  }

  module(id) {
    return this.modules.get(id) || { id, name: words(id), text: '' };
  }

  /** The Locomotive's side: Leland or Ironhorse. */
  side(leland) {
    const name = leland ? 'Leland' : 'Ironhorse';
    return this.locomotive.find((s) => s.name === name) || { name, text: '' };
  }
}

/** `bart_cassidy` -> `Bart cassidy`: a word the catalog does not name. */
export function words(value) {
  if (typeof value !== 'string') return String(value);
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Loads (once) and returns the catalog of `ruleset`. */
export async function loadCatalog(ruleset) {
  if (!loaded.has(ruleset)) {
    const promise = get(`/v1/rulesets/${ruleset}`).then((doc) => new Catalog(doc));
    loaded.set(ruleset, promise);
    promise.catch(() => loaded.delete(ruleset));
  }
  return loaded.get(ruleset);
}
