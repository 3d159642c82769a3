// DOM helpers: h() makes HTML elements, svg() SVG ones. Text is always a
// text node, never parsed as HTML, so nothing a player types can run.

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(el, attrs, children, isSvg) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') el.setAttribute('class', v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (!isSvg && (k === 'value' || k === 'checked')) el[k] = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false || c === '') continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** An HTML element: h('p', {class: 'x'}, 'text', child, [more]). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children, false);
}

/** An SVG element, same shape as h(). */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children, true);
}

/** Replaces the children of `el`, leaving out nulls. */
export function put(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/** "1 card", "3 cards". */
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Waits `ms`, or less if `signal` aborts. */
export const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

/** "in 23 h", "in 5 min", "in 40 s" until `iso` (or "now"). */
export function within(iso) {
  const ms = new Date(iso).getTime() - Date.now();
  if (!(ms > 0)) return 'now';
  const s = Math.round(ms / 1000);
  if (s < 90) return `${s} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 48 * 3600) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} days`;
}

/** "5 min ago" for a past moment. */
export function ago(iso) {
  const s = Math.round((Date.now() - new Date(iso).getTime()) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 48 * 3600) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} days ago`;
}
