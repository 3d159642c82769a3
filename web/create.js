// The form that sets up a table: the game, players and who sits where
// (you, bots of three levels, open seats for friends, a person with a
// link), each game's options (Old Saloon modules named by the catalog;
// expansions, variant, the solo mode), and play by post (deadlines, bot
// takeover, a public table, who reads the chat), and a seed. With an
// account, the table may be rated (accounts and bots only).
import { h } from './dom.js';
import { create, mySeat } from './lobby.js';
import * as store from './store.js';

const check = (name, value, text, title) =>
  h('label', { class: 'check', title }, h('input', { type: 'checkbox', name, value }), ` ${text}`);
const field = (id, text, control) => h('div', { class: 'field' }, h('label', { for: id }, text), control);
const select = (id, options, value) => {
  const s = h('select', { id, name: id }, options.map(([v, t]) => h('option', { value: v }, t)));
  if (value !== undefined) s.value = value;
  return s;
};

const SEAT_KINDS = [['normal', 'Bot (normal)'], ['strong', 'Bot (strong)'], ['random', 'Bot (random)'], ['open', 'Open seat: a friend joins'], ['person', 'A person (gets a link)']];
const DEADLINES = [['', 'none: the game waits'], ['1h', '1 hour'], ['12h', '12 hours'], ['24h', '24 hours'], ['3d', '3 days']];
const SOLO_FLAGS = [['night_brings_chaos', 'Night brings chaos'], ['four_most_wanted', 'The four most wanted'], ['final_challenge', 'The final challenge'], ['choose_characters', 'Choose the characters']];

function seatRows(form) {
  const rows = form.querySelector('#seat-rows');
  const n = Number(form.players.value) || 0;
  const kept = [...rows.querySelectorAll('.seat-row')].map((r) => [r.querySelector('select').value, r.querySelector('input').value]);
  rows.replaceChildren();
  for (let i = 1; i < Math.min(n, 8); i += 1) {
    const [kind, name] = kept[i - 1] || ['normal', ''];
    rows.append(h(
      'div',
      { class: 'seat-row' },
      field(`seat-kind-${i}`, `Seat ${i + 1}`, select(`seat-kind-${i}`, SEAT_KINDS, kind)),
      field(`seat-name-${i}`, 'name', h('input', { id: `seat-name-${i}`, value: name, placeholder: `Player ${i + 1}`, maxlength: 64, size: 9 })),
    ));
  }
  const ruleset = form.ruleset.value;
  const solo = ruleset === 'bang' && form.mode.value === 'lone_gunslinger';
  form.querySelector('#dice-options').hidden = ruleset !== 'dice';
  form.querySelector('#bang-options').hidden = ruleset !== 'bang';
  form.querySelector('#solo-options').hidden = !solo;
  rows.hidden = solo;
  form.players.disabled = solo;
  if (solo) form.players.value = 6;
  ratedSeats(form);
}

/**
 * A rated table seats player accounts and bots only: the creator's account,
 * bots, and open seats that accounts join. "A person (gets a link)" is then
 * not offered, and the hint says why.
 */
function ratedSeats(form) {
  const rated = Boolean(form.rated?.checked);
  for (const s of form.querySelectorAll('.seat-row select')) {
    const person = s.querySelector('option[value=person]');
    person.disabled = rated;
    if (rated && s.value === 'person') s.value = 'open';
  }
  const hint = form.querySelector('#rated-hint');
  if (hint) hint.hidden = !rated;
  form.seed.disabled = rated;
}

/** The Rated switch: with an account, else how to get one. */
function ratedBlock(account) {
  if (!account) return h('p', { class: 'note', id: 'rated-note' }, 'Sign up (above) to play rated tables: your rating, your profile, the leaderboards.');
  return h('div', { class: 'row rated-row' },
    check('rated', 'true', 'Rated', 'The result moves the players’ ratings'),
    h('p', { class: 'note', id: 'rated-hint', hidden: true },
      'A rated table takes player accounts and bots only: you sit as your account, open seats are joined by accounts, the server deals (no seed), and the result moves everyone’s rating.'));
}

function optionsBlock(diceCat) {
  const modules = diceCat ? [...diceCat.modules.values()] : [];
  return [
    h('fieldset', { id: 'dice-options' }, h('legend', {}, 'Old Saloon modules'), modules.map((m) => check('modules', m.id, m.name, m.text))),
    h(
      'fieldset',
      { id: 'bang-options', hidden: true },
      h('legend', {}, 'Expansions and mode'),
      check('expansions', 'gold_rush', 'Gold Rush'),
      check('expansions', 'train_robbery', 'The Great Train Robbery'),
      check('variants', 'shadow_gunslingers', 'Shadow-Gunslingers'),
      h('div', { class: 'row' },
        field('mode', 'Mode', select('mode', [['normal', 'Normal'], ['lone_gunslinger', 'Lone Gunslinger (solo)']])),
        field('character_choice', 'Characters dealt', select('character_choice', [['1', 'one'], ['2', 'two, keep one']]))),
      h('div', { id: 'solo-options', hidden: true, class: 'row' },
        field('difficulty', 'Difficulty', select('difficulty', [0, 1, 2, 3, 4].map((d) => [String(d), String(d)]), '2')),
        SOLO_FLAGS.map(([f, t]) => check('solo', f, t))),
    ),
  ];
}

function postBlock() {
  return h(
    'fieldset',
    { id: 'post-options' },
    h('legend', {}, 'Play by post'),
    h('div', { class: 'row' },
      field('move_deadline', 'Move deadline', select('move_deadline', DEADLINES)),
      field('response_deadline', 'Answers out of turn', select('response_deadline', [['', 'as the moves'], ['10m', '10 minutes'], ['1h', '1 hour'], ['12h', '12 hours']])),
      field('misses_before_bot', 'A bot keeps the seat after', select('misses_before_bot', [['2', '2 missed deadlines'], ['1', '1 missed deadline'], ['3', '3 missed deadlines'], ['0', 'never']]))),
    h('div', { class: 'row' },
      check('public', 'true', 'Open seats: anyone may join (else only with the invite)'),
      field('chat', 'Chat readable by', select('chat', [['', 'everyone'], ['players', 'the players only']]))),
  );
}

/** The creation body the form describes. */
function creation(form) {
  const ruleset = form.ruleset.value;
  const all = (name) => [...form.querySelectorAll(`input[name=${name}]:checked`)].map((i) => i.value);
  const solo = ruleset === 'bang' && form.mode.value === 'lone_gunslinger';
  const seats = [mySeat(form.myname?.value.trim())];
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
    Object.assign(options, { expansions: all('expansions'), variants: all('variants'), mode: form.mode.value });
    if (form.character_choice.value === '2') options.character_choice = 2;
    if (solo) {
      options.difficulty = Number(form.difficulty.value);
      for (const f of all('solo')) options[f] = true;
    }
  }
  if (form.reaction_seconds.value) options.reaction_seconds = Number(form.reaction_seconds.value);
  const body = { ruleset, players: Number(form.players.value), seats, options };
  if (form.seed.value !== '' && !form.seed.disabled) body.seed = Number(form.seed.value);
  if (form.move_deadline.value) {
    body.move_deadline = form.move_deadline.value;
    body.misses_before_bot = Number(form.misses_before_bot.value);
  }
  if (form.response_deadline.value) body.response_deadline = form.response_deadline.value;
  if (form.chat.value) body.chat = form.chat.value;
  if (seats.some((s) => s.open) && all('public').length) body.public = true;
  if (form.rated?.checked) body.rated = true;
  return body;
}

/** The form; `rulesets` from /v1/rulesets, `diceCat` for the modules' names. */
export function createForm({ rulesets, diceCat, showError }) {
  const account = store.account();
  const form = h(
    'form',
    { id: 'create', class: 'panel', 'aria-labelledby': 'create-title' },
    h('h2', { id: 'create-title' }, 'Set up a table'),
    h('div', { class: 'row' },
      field('ruleset', 'Game', select('ruleset', rulesets.map((r) => [r.id, r.name]), 'dice')),
      field('players', 'Players', h('input', { id: 'players', name: 'players', type: 'number', min: 3, max: 8, value: 4 })),
      account ? h('p', { class: 'note' }, `You sit as ${account.name} (your account).`)
        : field('my-name', 'Your name', h('input', { id: 'my-name', name: 'myname', value: 'Ann', maxlength: 64, required: true, size: 10 }))),
    ratedBlock(account),
    h('fieldset', { id: 'seat-rows-box' }, h('legend', {}, 'The other seats'), h('div', { id: 'seat-rows' })),
    optionsBlock(diceCat),
    postBlock(),
    h('details', { id: 'more-options' }, h('summary', {}, 'More options'),
      h('div', { class: 'row' },
        field('reaction_seconds', 'Live reaction seconds', h('input', { id: 'reaction_seconds', name: 'reaction_seconds', type: 'number', min: 1, size: 5 })),
        field('seed', 'Seed (replayable, not provably fair)', h('input', { id: 'seed', name: 'seed', type: 'number', min: 0, size: 8 })))),
    h('button', { type: 'submit', id: 'create-game', class: 'primary big' }, 'Create the table'),
  );
  form.addEventListener('change', (e) => {
    if (['ruleset', 'mode'].includes(e.target.name)) seatRows(form);
    if (e.target.name === 'rated') ratedSeats(form);
  });
  form.players.addEventListener('input', () => seatRows(form));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    showError(null);
    const button = form.querySelector('#create-game');
    button.disabled = true;
    try {
      location.hash = `#/g/${await create(creation(form))}`;
    } catch (err) {
      showError(err);
    } finally {
      button.disabled = false;
    }
  });
  seatRows(form);
  return form;
}
