// The replay screen (#/replay/{id}): the table at any version with a
// slider (?at=N), the history up to there, the coach at your decisions
// (with your seat's token), the audit (chain valid, seed revealed, dice
// and cards re-derived, the record to download once it is over) and a fork
// where the slider stands.
import * as api from './api.js';
import { h, put } from './dom.js';
import { loadCatalog } from './catalog.js';
import { coachPanel } from './coach.js';
import { drawTable } from './gameview.js';
import * as store from './store.js';

const yes = (v) => (v === true ? 'yes' : v === false ? 'NO' : 'not yet (the game is not over)');

function auditList(a) {
  return h(
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
    a.imported_from ? [h('dt', {}, 'Imported from'), h('dd', { class: 'hash' }, `game ${a.imported_from.game}, chain head ${a.imported_from.head_hash}`)] : null,
  );
}

// Once the game is over: its record, to keep and check with `bang-verify`
// on any machine, without this server.
function recordLink(id, a) {
  if (!a.seed) return null;
  return h('p', {},
    h('a', { id: 'download-record', href: `/v1/games/${id}/record`, download: `bang-${id}.json` }, 'Download the game record'),
    ' — check it anywhere with ', h('code', {}, 'bang-verify'), ', no server needed.');
}

async function allHistory(id, signal) {
  let all = [];
  for (let after = 0; ;) {
    const page = await api.get(`/v1/games/${id}/history?after=${after}&limit=1000`, { signal });
    all = all.concat(page.lines);
    const top = page.lines.reduce((m, l) => Math.max(m, l.version), after);
    if (page.lines.length < 1000 || top === after) return all;
    after = top;
  }
}

export async function replayScreen(main, id, query, { signal, showError }) {
  const slider = h('input', { id: 'at', type: 'range', min: 1, max: 1, value: 1, 'aria-label': 'Version' });
  const shown = h('output', { id: 'at-shown', for: 'at' });
  const parts = { table: h('div', { id: 'table-box' }), mine: h('div', { id: 'mine-box' }) };
  const board = h('div', { id: 'board', class: 'replay-board' }, parts.table, parts.mine);
  const lines = h('ol', { id: 'history', class: 'log' });
  const audit = h('section', { id: 'audit', class: 'panel', 'aria-labelledby': 'audit-title' }, h('h2', { id: 'audit-title' }, 'Audit'), h('p', {}, 'Checking…'));
  const forkButton = h('button', { type: 'button', id: 'fork' }, 'Fork here and play on');
  const step = (d) => h('button', { type: 'button', onclick: () => go(Number(slider.value) + d) }, d < 0 ? 'Previous' : 'Next');
  put(main,
    h('h1', { id: 'title', tabindex: '-1' }, 'Replay'),
    h('nav', { class: 'row', 'aria-label': 'This game' }, h('a', { href: `#/g/${id}` }, 'Live view'), h('a', { href: '#/' }, 'Home')),
    h('div', { class: 'row slider panel' }, h('label', { for: 'at' }, 'Version'), slider, shown, step(-1), step(1), forkButton),
    board,
    h('section', { class: 'panel', 'aria-labelledby': 'history-title' }, h('h2', { id: 'history-title' }, 'History up to here'),
      h('div', { class: 'scroll', tabindex: '0', 'aria-label': 'History' }, lines)),
    audit);
  let all = [];
  let seq = 0;
  let cat = null;
  let summary = null;
  let shownView = null;
  // The coach, for a browser that holds a seat's token (or the player's key).
  const credential = store.credentialOf(id);
  const coach = credential ? coachPanel(id, credential, { signal, go: (at) => go(at), context: () => ({ cat, game: summary, view: shownView }) }) : null;
  if (coach) board.after(coach.panel);
  async function show(at) {
    const mine = ++seq;
    const state = await api.get(`/v1/games/${id}?at=${at}`, { signal });
    if (mine !== seq) return;
    shown.textContent = `${state.version} of ${state.game.version}`;
    board.dataset.version = state.version;
    const ctx = { ruleset: state.game.ruleset, cat, game: state.game, view: state.view, mySeats: [], me: null, over: at >= state.game.version && state.game.status === 'finished' };
    drawTable(parts, state, ctx);
    summary = state.game;
    shownView = state.view;
    coach?.showAt(state.version);
    put(lines, all.filter((l) => l.version <= at).map((l) => h('li', { class: l.chat ? 'chat' : '' }, h('span', { class: 'rule' }, `v${l.version} `), l.text)));
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
      const first = (made.tokens || [])[0];
      if (first) store.setToken(made.game.id, first.token);
      store.remember(made.game);
      location.hash = `#/g/${made.game.id}`;
    } catch (e) {
      showError(e);
    }
  });
  try {
    const state = await api.get(`/v1/games/${id}`, { signal });
    cat = await loadCatalog(state.game.ruleset);
    slider.max = Math.max(1, state.version);
    slider.value = state.version;
    all = await allHistory(id, signal);
    await show(state.version);
    const a = await api.get(`/v1/games/${id}/audit`, { signal });
    put(audit, h('h2', { id: 'audit-title' }, 'Audit'), auditList(a), recordLink(id, a));
    if (query.includes('audit')) audit.scrollIntoView();
  } catch (e) {
    if (!signal.aborted) showError(e);
  }
}
