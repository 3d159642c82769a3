// The client's pictures, drawn here as small SVG shapes on a 24×24 grid
// (no image files, no emoji fonts): dice faces, card kinds, tokens, roles.
// Classes colour them from the style sheet: r red, y gold, g green, w white,
// m muted, k dark; the rest is the text colour.
import { svg } from './dom.js';

/** Points of an n-pointed star around (cx, cy). */
function star(cx, cy, outer, inner, n, turn = -90) {
  const pts = [];
  for (let i = 0; i < 2 * n; i += 1) {
    const r = i % 2 ? inner : outer;
    const a = ((turn + (180 / n) * i) * Math.PI) / 180;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

const line = (x1, y1, x2, y2, w = 2, cls = '') => ['line', { x1, y1, x2, y2, 'stroke-width': w, class: `s ${cls}`.trim() }];
const ring = (cx, cy, r, w = 2, cls = '') => ['circle', { cx, cy, r, 'stroke-width': w, class: `s nf ${cls}`.trim() }];
const dot = (cx, cy, r, cls = '') => ['circle', { cx, cy, r, class: cls }];
const path = (d, cls = '', more = {}) => ['path', { d, class: cls, ...more }];
const stroke = (d, w = 2, cls = '') => ['path', { d, 'stroke-width': w, class: `s nf ${cls}`.trim() }];
const rect = (x, y, width, height, rx = 0, cls = '') => ['rect', { x, y, width, height, rx, class: cls }];
const poly = (points, cls = '') => ['polygon', { points, class: cls }];
const text = (x, y, t, size = 10, cls = '') => ['text', { x, y, 'font-size': size, class: `t ${cls}`.trim() }, t];

const arrowShape = (cls = '') => [
  line(4.5, 19.5, 17, 7, 2.2, cls),
  poly('21,3 13.5,5.2 18.8,10.5', cls),
  poly('4.5,19.5 2.6,14.6 6.6,17.4', cls),
  poly('4.5,19.5 9.4,21.4 6.6,17.4', cls),
];
const mug = (x = 0, scale = 1) => [
  ['g', { transform: `translate(${x} 0) scale(${scale})` },
    rect(4, 8, 11, 13, 1.5, 'y'),
    stroke('M15 11h2.5a2.5 2.5 0 0 1 2.5 2.5v2a2.5 2.5 0 0 1-2.5 2.5H15', 2, 'y'),
    dot(6.5, 7.5, 2.6, 'w'), dot(10, 6.5, 3, 'w'), dot(13.5, 7.5, 2.4, 'w'),
    line(7.5, 12, 7.5, 18.5, 1.2, 'w'), line(11.5, 12, 11.5, 18.5, 1.2, 'w')],
];
const target = (label) => [ring(12, 12, 9.5, 1.8), ring(12, 12, 6, 1.2, 'm'), line(12, 0.8, 12, 4.5, 1.5), line(12, 19.5, 12, 23.2, 1.5),
  line(0.8, 12, 4.5, 12, 1.5), line(19.5, 12, 23.2, 12, 1.5), text(12, 15.8, label, label.length > 1 ? 9.5 : 11, 'b')];
const gatling = [rect(2, 5.5, 13, 2.2, 1), rect(2, 9, 13, 2.2, 1), rect(2, 12.5, 13, 2.2, 1), rect(13, 4, 7, 12, 1.5),
  ring(16.5, 19, 3.2, 1.8), line(16.5, 16, 16.5, 22, 1.2)];
const revolver = [path('M2 6.5h15.5v3.6h-2.8l-1 1.6h-2.9l-.8-1.6H2z'), path('M12.5 11.6h6.3l-2.1 9.4h-4.6z'),
  stroke('M11.2 11.8a2.6 2.6 0 0 0 2.6 3', 1.4), rect(16.5, 5, 2.2, 1.5)];
const chest = [path('M3 10q9-8 18 0z', 'k'), rect(3, 10, 18, 10, 1, 'k'), rect(10.4, 11.5, 3.2, 4.4, .6, 'y'), line(3, 13.5, 21, 13.5, 1, 'y')];
const mask = [path('M2 9.5Q12 5 22 9.5q-.5 6-10 5.3Q2.5 15.5 2 9.5z', 'k'), ['ellipse', { cx: 8.2, cy: 10.8, rx: 2.4, ry: 1.6, class: 'w' }],
  ['ellipse', { cx: 15.8, cy: 10.8, rx: 2.4, ry: 1.6, class: 'w' }], path('M9 15l3 6 3-6z', 'k')];
const rifle = [path('M1 10.2h14v1.8H1z'), path('M13 10h4.5l5.5 1.6v4.2l-2.4.4-4.8-3H13z'), stroke('M13.6 13.2q.2 2.6 2.6 2.4', 1.2),
  rect(1.5, 9, 1, 1.2)];
const outlined = (d, cls, w = 1.2) => [path(d, cls), stroke(d, w)];
const wheel = (cx, cy, r, w = 1.6) => [ring(cx, cy, r, w), line(cx - r, cy, cx + r, cy, 1), line(cx, cy - r, cx, cy + r, 1), dot(cx, cy, 1.2)];

/** Every picture by name. */
export const ICONS = {
  arrow: arrowShape(),
  broken_arrow: [line(4.5, 19.5, 9.5, 14.5, 2.2), line(11.8, 12.2, 17, 7, 2.2), poly('21,3 13.5,5.2 18.8,10.5'),
    poly('4.5,19.5 2.6,14.6 6.6,17.4'), poly('4.5,19.5 9.4,21.4 6.6,17.4'), stroke('M8.2 11.2l3.4 1.4-1.6 1.4 3.6 1', 1.4, 'r')],
  chief: [...arrowShape('r'), path('M3.5 13.5C1 9 3 6 6.5 4.5 6 8 7 11 8.8 13.6z', 'y')],
  dynamite: [['g', { transform: 'rotate(-35 12 14)' }, rect(3, 11, 15, 6.5, 1.5, 'r'), line(6.5, 11, 6.5, 17.5, 1, 'k'),
    line(14.5, 11, 14.5, 17.5, 1, 'k')], stroke('M16.6 7.4q1.6-2.4 3.4-3', 1.5), poly(star(20.3, 4, 3.4, 1.3, 6), 'y')],
  bullseye_1: target('1'),
  bullseye_2: target('2'),
  double_bullseye_1: target('11'),
  double_bullseye_2: target('22'),
  beer: mug(),
  double_beer: [...mug(-1.5, 0.72), ['g', { transform: 'translate(8 6)' }, ...mug(0, 0.72)]],
  gatling,
  double_gatling: [...gatling, text(7, 23, '×2', 8, 'b')],
  bullet: [path('M9 10q3-9 6 0z', 'k'), rect(9, 10, 6, 10, .6, 'y'), rect(8.2, 20, 7.6, 2.2, .6, 'y')],
  bang: [poly(star(12, 12, 11.5, 5.5, 12), 'r'), poly(star(12, 12, 6.5, 3.2, 12), 'y')],
  missed: [ring(9, 14, 6, 2), stroke('M2 4Q19 3 19.5 17', 2), poly('16.3,15.6 22.6,15.3 19.7,20.8')],
  saloon: [path('M3 6h7.5v10.5q-3.7 3-7.5 0z', 'k'), path('M13.5 6H21v10.5q-3.8 3-7.5 0z', 'k'), line(2, 3, 2, 21, 1.5), line(22, 3, 22, 21, 1.5),
    line(4.5, 9, 9, 9, 1, 'w'), line(15, 9, 19.5, 9, 1, 'w'), line(4.5, 12, 9, 12, 1, 'w'), line(15, 12, 19.5, 12, 1, 'w')],
  stagecoach: [ring(12, 12, 9.5, 2.2), dot(12, 12, 2.2), ...[0, 45, 90, 135].map((a) =>
    ['line', { x1: 12, y1: 3, x2: 12, y2: 21, 'stroke-width': 1.5, class: 's', transform: `rotate(${a} 12 12)` }])],
  wells_fargo: chest,
  strongbox: chest,
  general_store: [poly('1.5,10 12,2.5 22.5,10', 'r'), rect(3.5, 10, 17, 11.5, 0, 'k'), rect(10, 14, 4, 7.5, 0, 'w'), rect(5, 12, 3.5, 3, 0, 'w'),
    rect(15.5, 12, 3.5, 3, 0, 'w')],
  panic: [rect(11, 3, 9.5, 14, 1.5, 'w s'), stroke('M14 10H4.5', 2.2), poly('2.5,10 7.5,6.5 7.5,13.5'), path('M14 19.5q-3 2-6 0', '', { class: 's nf', 'stroke-width': 1.5 })],
  cat_balou: [rect(5.5, 2.5, 13, 19, 1.8, 'w s'), line(8.5, 7, 15.5, 17, 2.4, 'r'), line(15.5, 7, 8.5, 17, 2.4, 'r')],
  duel: [['g', { transform: 'rotate(38 12 12)' }, ...revolver], ['g', { transform: 'translate(24 0) scale(-1 1) rotate(38 12 12)' }, ...revolver]],
  indians: [path('M12 1.5C18.5 8 18 16 12 22.5 6 16 5.5 8 12 1.5z', 'r'), line(12, 4, 12, 22.5, 1.2, 'w'),
    line(12, 9, 15.5, 6.5, 1, 'w'), line(12, 13, 15.8, 10.5, 1, 'w'), line(12, 11, 8.2, 8.5, 1, 'w'), line(12, 15, 8, 12.5, 1, 'w')],
  barrel: [path('M6.5 2.5h11q3.5 9.5 0 19h-11q-3.5-9.5 0-19z', 'k'), line(4.6, 7.5, 19.4, 7.5, 1.4, 'w'), line(4.6, 16.5, 19.4, 16.5, 1.4, 'w')],
  scope: [ring(12, 12, 7.5, 2), line(12, 1.5, 12, 8, 1.8), line(12, 16, 12, 22.5, 1.8), line(1.5, 12, 8, 12, 1.8), line(16, 12, 22.5, 12, 1.8), dot(12, 12, 1.3, 'r')],
  mustang: [['path', { d: 'M6.5 3.5v8a5.5 5.5 0 0 0 11 0v-8', 'stroke-width': 4, class: 's nf', 'stroke-linecap': 'round' }],
    dot(6.5, 7, .9, 'w'), dot(17.5, 7, .9, 'w'), dot(7.3, 12.5, .9, 'w'), dot(16.7, 12.5, .9, 'w')],
  jail: [rect(3.5, 2.5, 17, 19, 1, 's nf'), line(8, 3, 8, 21), line(12, 3, 12, 21), line(16, 3, 16, 21), line(3.5, 12, 20.5, 12, 1.6)],
  weapon: revolver,
  cactus: [path('M10 21.5V5.5a2 2 0 0 1 4 0v16z', 'g'), path('M10 15H7.2a1.8 1.8 0 0 1-1.8-1.8V9.6a1.2 1.2 0 0 1 2.4 0v3h2.2z', 'g'),
    path('M14 12h2.8v-3.6a1.2 1.2 0 0 1 2.4 0v3.8a1.8 1.8 0 0 1-1.8 1.8H14z', 'g'), line(6, 21.5, 18, 21.5, 1.5)],
  evaded: [stroke('M4 19C3 9 12 4.5 19 7.5', 2.2), poly('21.8,9.2 15.8,10.8 18.2,4.4'), line(2, 12, 6, 12, 1.2, 'm'), line(3, 7, 7, 8, 1.2, 'm')],
  full_steam: [dot(7.5, 11, 4, 'm'), dot(13, 8.5, 5, 'm'), dot(17.5, 12.5, 4, 'm'), dot(11, 14.5, 4, 'm'), rect(9.5, 17, 5, 5.5, .5, 'k')],
  knife_revolver: [path('M3 19.5 16.5 6l3.5.8-12.2 13.4z'), path('M2.2 20.3l2.4 2.4 2.6-2.4-2.4-2.4z', 'k'), ...revolver.map((e) => ['g', { transform: 'translate(9 11) scale(.55)' }, e])],
  map: [poly('2.5,5 8.5,3 15.5,5 21.5,3 21.5,19 15.5,21 8.5,19 2.5,21', 'w s'), line(8.5, 3, 8.5, 19, 1), line(15.5, 5, 15.5, 21, 1),
    stroke('M4.5 16q4-6 7-2t7.5-6', 1.5, 'r dash'), text(18.5, 17.5, 'x', 7, 'b r')],
  money_bag: [path('M8.5 7.5h7l-2-3.8h-3z', 'k'), path('M12 7.5C2.5 10.5 3.5 22 12 22s9.5-11.5 0-14.5z', 'k'), text(12, 19, '$', 9, 'b y')],
  most_wanted: [rect(4, 2, 16, 20, 1, 'w s'), dot(12, 11, 3.3), path('M6.8 19.5q5.2-7 10.4 0z'), line(6.5, 5.2, 17.5, 5.2, 1.6, 'r')],
  next_stop: [rect(11, 3.5, 2, 18.5), poly('3.5,6 17,6 20.5,8.6 17,11.2 3.5,11.2', 'r'), line(8, 22, 16, 22, 1.5)],
  refund: [dot(12, 12, 8.5, 'y'), text(12, 16, '$', 10, 'b k'), stroke('M3 6.5Q6 2.5 11 2.3', 1.6), poly('12.8,2.2 9.6,-0.4 9.8,4.8')],
  switch: [stroke('M3 8h14', 2.2), poly('21,8 15.5,4.5 15.5,11.5'), stroke('M21 16H7', 2.2), poly('3,16 8.5,12.5 8.5,19.5')],
  train_robbery: mask,
  water_tower: [rect(5.5, 2.5, 13, 8.5, 2, 'k'), line(7, 11, 5, 22, 1.6), line(17, 11, 19, 22, 1.6), line(6.2, 16, 17.8, 16, 1.2), line(6, 17, 18, 13, 1)],
  railcar: [rect(1.5, 6, 21, 10.5, 1.2, 'k'), rect(4, 8.5, 4, 3.5, .5, 'w'), rect(10, 8.5, 4, 3.5, .5, 'w'), rect(16, 8.5, 4, 3.5, .5, 'w'),
    dot(6.5, 18.5, 2.6), dot(17.5, 18.5, 2.6)],
  locomotive: [rect(2, 9.5, 13, 7.5, 1.5, 'k'), rect(13.5, 5, 8, 12, 1, 'r'), rect(15.5, 7, 4, 3.5, .5, 'w'), rect(4.5, 3.5, 3.5, 6, .5, 'k'),
    dot(6.5, 19, 2.8), dot(17.5, 19, 2.8), poly('2,17 0.2,21.5 4,17')],
  station: [poly('1.5,9.5 12,3 22.5,9.5', 'r'), rect(3.5, 9.5, 17, 12, 0, 'k'), ring(12, 13.5, 2.2, 1.2, 'w'), rect(10.2, 16.5, 3.6, 5, 0, 'w')],
  nugget: [poly('4.5,15.5 6.5,8.5 12.5,5 18.5,7.5 21,13.5 16.5,19 9,19.5', 'y'), line(8, 10, 11.5, 8, 1.2, 'w'), line(15, 14, 17.5, 11.5, 1.2, 'w')],
  sheriff: [poly(star(12, 12.5, 10.5, 4.6, 6), 'y'), ...[0, 1, 2, 3, 4, 5].map((i) => dot(12 + 10.5 * Math.cos((i * 60 - 90) * Math.PI / 180),
    12.5 + 10.5 * Math.sin((i * 60 - 90) * Math.PI / 180), 1.5, 'y')), dot(12, 12.5, 2.5, 'k')],
  deputy: [ring(12, 12, 10, 1.8, 'b2'), poly(star(12, 12, 7.5, 3.3, 5), 'b2')],
  outlaw: mask,
  renegade: [['ellipse', { cx: 12, cy: 16.5, rx: 11, ry: 3, class: 'k' }], path('M6 16q-.5-9 3-10.5 3 1.5 3 0 0 1.5 3 0 3.5 1.5 3 10.5z', 'k'), line(6.2, 13.5, 17.8, 13.5, 1.6, 'r')],
  skull: [dot(12, 10, 7.5), rect(8.2, 14, 7.6, 6, 1.5), dot(9.2, 10, 2, 'w'), dot(14.8, 10, 2, 'w'), poly('12,12.5 10.8,15 13.2,15', 'w'),
    line(10.5, 17.5, 10.5, 20, 1, 'w'), line(13.5, 17.5, 13.5, 20, 1, 'w')],
  hand: [['g', { transform: 'rotate(-18 12 21)' }, rect(7, 5, 10, 14, 1.5, 'w s')], ['g', { transform: 'rotate(18 12 21)' }, rect(7, 5, 10, 14, 1.5, 'w s')],
    rect(7, 4, 10, 14, 1.5, 'r s')],
  deck: [rect(6, 6, 13, 16, 1.5, 'k'), rect(4.5, 4, 13, 16, 1.5, 'r s'), rect(3, 2, 13, 16, 1.5, 'r s')],
  robot: [line(12, 2.5, 12, 6, 1.5), dot(12, 2.5, 1.6, 'r'), rect(4, 6, 16, 12, 3, 'k'), dot(9, 11.5, 2, 'y'), dot(15, 11.5, 2, 'y'),
    line(9, 15.3, 15, 15.3, 1.3, 'w'), rect(1.5, 10, 2.5, 4, 1), rect(20, 10, 2.5, 4, 1), rect(8, 18, 8, 3.5, 1)],
  clock: [ring(12, 12, 9.5, 2), stroke('M12 6.5V12l3.8 2.5', 2)],
  trophy: [path('M7 3h10v6a5 5 0 0 1-10 0z', 'y'), stroke('M7 5H3.5q0 5 4 5.5M17 5h3.5q0 5-4 5.5', 1.6, 'y'), rect(10.8, 13.5, 2.4, 4, 0, 'y'), rect(7, 18, 10, 3.5, 1, 'y')],
  eye: [path('M1.5 12Q12 2 22.5 12 12 22 1.5 12z', 'w s'), dot(12, 12, 4), dot(12, 12, 1.6, 'w')],
  equipment: [poly('4.5,15.5 6.5,8.5 12.5,5 18.5,7.5 21,13.5 16.5,19 9,19.5', 'y'), line(8, 10, 11.5, 8, 1.2, 'w')],
  life: [path('M9 9q3-8.5 6 0z', 'k'), rect(9, 9, 6, 11, .6, 'y'), rect(8.2, 20, 7.6, 2.2, .6, 'y')],
  // Dodge City: each new card kind has a picture of its own.
  punch: [rect(5, 5, 3.8, 8, 1.9), rect(8.8, 4.2, 3.8, 8, 1.9), rect(12.6, 4.6, 3.8, 8, 1.9), rect(16.4, 5.6, 3.4, 7.5, 1.7),
    rect(5, 9, 14.8, 9.5, 3), line(8.8, 6, 8.8, 11, .9, 'w'), line(12.6, 5.5, 12.6, 11, .9, 'w'), line(16.4, 6.5, 16.4, 11, .9, 'w'),
    stroke('M5.5 12h8.6a1.9 1.9 0 0 1 1.9 1.9', 1.1, 'w'), rect(7.5, 18, 10, 4.5, .8),
    line(1, 6, 3.5, 7.5, 1.4, 'r'), line(.8, 11, 3.5, 11, 1.4, 'r'), line(1, 16, 3.5, 14.5, 1.4, 'r')],
  dodge: [dot(16, 10.5, 2.6), stroke('M14 13q-4.5 0-6.5 4.5', 3), stroke('M7.5 17.5l4.5.5 1 4M7.5 17.5l-2.5 4.5M12.5 14.5l3.5 3', 2),
    path('M13 3.2h7.5q2 0 2 1.1t-2 1.1H13z', 'y'), line(2, 4.3, 10, 4.3, 1.2, 'm'), line(4, 1.8, 10, 1.8, 1, 'm'), line(4, 6.8, 10, 6.8, 1, 'm')],
  springfield: [['g', { transform: 'rotate(-30 12 12)' }, ...rifle]],
  rag_time: [['ellipse', { cx: 6.5, cy: 18, rx: 3.2, ry: 2.4, transform: 'rotate(-20 6.5 18)' }],
    ['ellipse', { cx: 17.5, cy: 15.5, rx: 3.2, ry: 2.4, transform: 'rotate(-20 17.5 15.5)' }],
    line(9.3, 17.5, 9.3, 5, 2), line(20.3, 15, 20.3, 2.5, 2), poly('8.3,4 21.3,1.5 21.3,5 8.3,7.5')],
  brawl: [dot(8, 11, 5), dot(14.5, 8.5, 5.5), dot(16, 14.5, 5), dot(9.5, 15.5, 4.5),
    line(3, 18, 0.8, 22, 2.4), line(20.5, 18.5, 23, 22, 2.4), line(21, 5, 23.2, 2.5, 2.4), dot(0.8, 22, 1.5), dot(23.2, 2.5, 1.6),
    poly(star(11, 11, 4, 1.6, 5), 'y'), poly(star(17.2, 12.5, 2.6, 1, 5), 'y'), poly(star(4.5, 5, 2.6, 1, 5), 'y')],
  tequila: [...outlined('M7.5 1.5h3v5q3.5 1.5 3.5 5v10a1.5 1.5 0 0 1-1.5 1.5H6A1.5 1.5 0 0 1 4.5 21.5v-10q0-3.5 3-5z', 'w', 1.4),
    rect(5.2, 12, 8.1, 4.5, 0, 'y'), path('M11 22a7 7 0 0 1 12.5-5z', 'g'), path('M13 21a5 5 0 0 1 8.8-3.6z', 'w'),
    line(15.5, 19.7, 17.3, 18, .9, 'g'), line(17.5, 20.3, 19.3, 18.3, .9, 'g')],
  whisky: [path('M10 1.5h4v5.5q4 1 4 4.5v10a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 6 21.5v-10q0-3.5 4-4.5z', 'k s', { 'stroke-width': 1.2 }),
    rect(9.5, 1, 5, 2, .5, 'r'), rect(7.5, 12, 9, 7, .8, 'y'), text(12, 17.8, 'XXX', 4.8, 'k')],
  binocular: [rect(3, 4, 5.5, 7, 1.5), rect(15.5, 4, 5.5, 7, 1.5), rect(9, 7.5, 6, 3.5, 1), dot(6, 15.5, 5.5), dot(18, 15.5, 5.5),
    ring(6, 15.5, 3, 1.2, 'w'), ring(18, 15.5, 3, 1.2, 'w'), dot(5, 14.5, 1, 'w'), dot(17, 14.5, 1, 'w')],
  hideout: [path('M.5 21.5Q2 9 8 6.5q3-3.5 7-1.5 7 2 8.5 16.5z', 'm'), path('M7 21.5q0-9 5-9t5 9z', 'k'), dot(10.5, 16.5, 1, 'w'),
    dot(13.5, 16.5, 1, 'w'), line(.5, 21.5, 23.5, 21.5, 1.5), stroke('M4 12.5l2 1M18.5 10l1.5-1.5', 1)],
  bible: [rect(4.5, 2, 15, 20, 1.5, 'k s'), rect(17, 3.5, 2, 17, .5, 'w'), rect(4.5, 2, 2.2, 20, 1, ''), rect(11, 5.5, 2.4, 12, .4, 'y'),
    rect(8, 8.8, 8.4, 2.4, .4, 'y')],
  canteen: [stroke('M8 6.5Q3 6 3.5 13M16 6.5q5-.5 4.5 6.5', 1.5), rect(10, 2, 4, 4.5, .8, 'y'),
    ['circle', { cx: 12, cy: 14, r: 8.3, class: 'k s', 'stroke-width': 1.2 }], ring(12, 14, 6, 1, 'm'),
    ['ellipse', { cx: 9.5, cy: 11.5, rx: 1.5, ry: 2.5, class: 'm', transform: 'rotate(35 9.5 11.5)' }]],
  can_can: [stroke('M11 14Q16 9.5 20.5 3.5', 3.2), line(13.4, 12, 15.4, 10, 3.4, 'r'), path('M19 2.4l4 .6-.5 2.7-3.6.2z', 'r'),
    path('M11 14L9.4 23.5A2.5 2.5 0 0 1 4.9 21.8A2.5 2.5 0 0 1 1.7 18A2.5 2.5 0 0 1 1 13.1A2.5 2.5 0 0 1 2.8 8.6A2.5 2.5 0 0 1 6.8 5.4z', 'r'),
    path('M11 14L9.9 20.4A2 2 0 0 1 6.4 18.6A2 2 0 0 1 4.6 15.1A2 2 0 0 1 5.1 11.3A2 2 0 0 1 7.7 8.4z', 'w')],
  conestoga: [...outlined('M4 13V9Q4 2.5 12 2.5T20 9v4z', 'w', 1.4), line(9, 3.5, 8.6, 13, 1), line(15, 3.5, 15.4, 13, 1),
    rect(1.5, 13, 21, 3.5, .5), ...wheel(6, 18.5, 3.5), ...wheel(18, 18.5, 3.5)],
  derringer: [rect(4, 8, 12.5, 3, .6), rect(4, 11.2, 12.5, 2.6, .6), rect(14.5, 7.5, 5.5, 6.5, 1.2), line(4.5, 11.1, 14.5, 11.1, .8, 'w'),
    path('M16 13.5h4q1.5 3-.5 6.5l-1 2.5h-3.5l.8-3q.9-3-.2-5z', 'y'), poly('13.5,13.8 15.5,13.8 14.2,16.5'), rect(19, 6, 1.6, 2.2, .5)],
  buffalo_rifle: [['g', { transform: 'rotate(-30 12 12)' }, ...rifle, rect(5.5, 7.2, 8.5, 2.2, 1), rect(4.5, 6.7, 1.6, 3.2, .5)],
    ...outlined('M23 14.5q.5 6.5-7.5 8.5-2.5 0-3.5-1.5 5.5 0 11-7z', 'w', 1.2)],
  howitzer: [['g', { transform: 'rotate(-22 12 12)' }, path('M2 8.5l12-1.8v6.6l-12-1.8z'), rect(1, 8, 2, 3.5, .6), dot(14.5, 10, 3.4)],
    line(12, 14, 23, 21.5, 2.2), ...wheel(12, 16, 5.5, 1.8)],
  iron_plate: [...outlined('M5 2.5h3.5q3.5 4 7 0H19l2 6.5q0 9-9 13-9-4-9-13z', 'm', 1.4), line(12, 7, 12, 19.5, 1),
    dot(6.5, 6, 1, 'k'), dot(17.5, 6, 1, 'k'), dot(7, 13, 1, 'k'), dot(17, 13, 1, 'k'), ring(15, 9.5, 1.5, 1, 'w')],
  knife: [...outlined('M21.5 2.5 9.5 11.5 12.5 14.5q8-5 9-12z', 'w', 1.3), line(7, 10.5, 13.5, 17, 2.2, 'y'),
    path('M8.7 14.2l2.6 2.6-6.2 6.2a1.8 1.8 0 0 1-2.6-2.6z', 'k s', { 'stroke-width': 1 })],
  pepperbox: [rect(2, 6, 12, 7, 1.2), line(2.5, 8.3, 13.5, 8.3, .9, 'w'), line(2.5, 10.7, 13.5, 10.7, .9, 'w'), rect(13, 6.5, 6, 6, 1),
    path('M15.5 12.5h4.5l2 8.5h-4.5z'), stroke('M13 12.8q0 3 3 2.8', 1.3), stroke('M19 6.5q1.5-2.5 3-2', 1.3)],
  pony_express: [path('M20.5 22.5V13q0-8.5-7-10l-1-2-1.2 2.4Q8 4 4.5 10l-2.6 3.6q0 1.6 2 1.8l5.4-1q2.2.6 2.4 3l-1 5.1z'),
    dot(11, 7.5, 1, 'w'), stroke('M14 3.5q4.5 1.5 5.5 6.5', 1.2, 'w'), rect(12.5, 15.5, 7.5, 5.5, .5, 'w'),
    stroke('M12.5 15.5l3.75 3 3.75-3', 1, 'm')],
  sombrero: [['ellipse', { cx: 12, cy: 16, rx: 11.5, ry: 3.5, class: 'y' }], path('M7.5 16q0-12 4.5-12t4.5 12z', 'y'),
    stroke('M.5 16q0-2 2.5-2.5M23.5 16q0-2-2.5-2.5', 1.5, 'y'), line(7.3, 12.5, 16.7, 12.5, 2, 'r'),
    stroke('M3 17.5l2 1.5 2-1.5 2 1.5 2-1.5 2 1.5 2-1.5 2 1.5 2-1.5 2 1.5', 1, 'r')],
  ten_gallon_hat: [...outlined('M.8 9.5Q2 16 12 16.5T23.2 9.5Q23 19 12 19.2T.8 9.5z', 'm', 1),
    ...outlined('M6.3 15.5Q6 8 8.5 3q1.8-1 3.5 1.2 1.7-2.2 3.5-1.2 2.5 5 2.2 12.5-5.7 1.8-11.4 0z', 'm', 1),
    path('M6.2 12.2q5.8 1.6 11.6 0v2.6q-5.8 1.6-11.6 0z', 'k')],
};

/** Which picture a card kind gets (weapons share the revolver). */
const KIND_ICON = {
  volcanic: 'weapon', schofield: 'weapon', remington: 'weapon', rev_carabine: 'weapon', winchester: 'weapon', dragoon: 'weapon',
};

/** The picture's name for a card kind, railcar or anything with one. */
export function iconFor(kind) {
  if (ICONS[kind]) return kind;
  if (KIND_ICON[kind]) return KIND_ICON[kind];
  if (typeof kind === 'string' && kind.endsWith('_car')) return 'railcar';
  return 'equipment';
}

function build([tag, attrs, ...children]) {
  if (tag === 'g') return svg('g', attrs, children.map(build));
  return svg(tag, attrs, ...children.map((c) => (Array.isArray(c) ? build(c) : c)));
}

/** An <svg> picture; `label` names it for screen readers, else it is decoration. */
export function icon(name, { label, cls = '' } = {}) {
  const parts = ICONS[name] || ICONS.equipment;
  const attrs = { viewBox: '0 0 24 24', class: `icon i-${name} ${cls}`.trim(), focusable: 'false' };
  if (label) Object.assign(attrs, { role: 'img', 'aria-label': label });
  else attrs['aria-hidden'] = 'true';
  return svg('svg', attrs, parts.map(build));
}
