// The Great Train Robbery's train as a row of stations (S1 first, then the
// End of the Line) with the Locomotive and its railcars under the stops
// where they stand, heading right; railcars still behind the first station
// wait at the left. Railcars are buttons keyed car:<id> (to take one),
// stations station:<id> and the Locomotive loco:<side> (to read them).
import { h, plural } from './dom.js';
import { icon } from './icons.js';

function carEl(cat, car) {
  const c = cat.card(car.railcar);
  const at = car.station ? `, beside ${cat.station(car.station).name}` : '';
  return h(
    'button',
    { type: 'button', class: 'car', 'data-key': `car:${car.railcar}`, 'aria-label': `${c.name}${at}`, title: `${c.name}: ${c.text}` },
    icon('railcar'),
    h('span', { class: 'c-name' }, c.name),
  );
}

function locoEl(cat, train) {
  const side = cat.side(train.leland);
  return h(
    'button',
    { type: 'button', class: `loco ${train.leland ? 'leland' : 'ironhorse'}`, 'data-key': `loco:${train.leland ? 'leland' : 'ironhorse'}`, 'aria-label': `Locomotive: ${side.name}`, title: `${side.name}: ${side.text}` },
    icon('locomotive'),
    h('span', { class: 'c-name' }, side.name),
  );
}

/** The train of a view (view.train). */
export function trainEl(cat, train) {
  const stations = train.stations || [];
  const stops = [];
  for (let i = 1; i <= stations.length + 1; i += 1) {
    const here = [];
    if (train.position === i) here.push(locoEl(cat, train));
    for (const car of train.cars || []) if (car.position === i) here.push(carEl(cat, car));
    const id = stations[i - 1];
    const s = id ? cat.station(id) : null;
    stops.push(
      h(
        'li',
        { class: `stop${s ? '' : ' end'}${train.position === i ? ' loco-here' : ''}` },
        s
          ? h('button', { type: 'button', class: 'station', 'data-key': `station:${id}`, 'aria-label': `Station ${i}: ${s.name}`, title: `${s.name}: ${s.text}` },
            icon('station'), h('span', { class: 'c-name' }, s.name), h('span', { class: 'cost' }, s.text))
          : h('span', { class: 'station end-line' }, 'End of the Line'),
        h('div', { class: 'at' }, here),
      ),
    );
  }
  const waiting = (train.cars || []).filter((c) => c.position < 1).sort((a, b) => a.position - b.position);
  return h(
    'section',
    { class: 'train', 'aria-label': 'The train' },
    h('h3', {}, 'The train', h('span', { class: 'sub' }, ` · railcar deck ${train.deck}${train.taken ? ` · ${plural(train.taken, 'railcar')} taken this turn` : ''}`)),
    h(
      'div',
      { class: 'track-box' },
      waiting.length ? h('div', { class: 'waiting', 'aria-label': 'Railcars not yet at a station' }, waiting.map((c) => carEl(cat, c))) : null,
      h('ol', { class: 'track' }, stops),
    ),
  );
}
