// Cabinet doors and drawer fronts drawn in a finish colour: shaker, slim shaker, craftsman, raised panel, slab.
import { darken, lighten, mix } from './color.mjs';
import { seededRandom } from './random.mjs';
import { poly, r1, rect, svgDocument } from './svg.mjs';

export const DOOR_TYPES = ['shaker', 'slim', 'craftsman', 'raised', 'slab'];

/** Gradients every door needs; include once per SVG document. */
export function doorDefs() {
  return [
    '<linearGradient id="door-sheen" x1="0" y1="0" x2="1" y2="1">',
    '<stop offset="0" stop-color="#fff" stop-opacity="0.16"/>',
    '<stop offset="0.55" stop-color="#fff" stop-opacity="0"/>',
    '<stop offset="1" stop-color="#000" stop-opacity="0.14"/>',
    '</linearGradient>',
    '<linearGradient id="door-gloss" x1="0" y1="0" x2="1" y2="1">',
    '<stop offset="0.18" stop-color="#fff" stop-opacity="0"/>',
    '<stop offset="0.3" stop-color="#fff" stop-opacity="0.38"/>',
    '<stop offset="0.42" stop-color="#fff" stop-opacity="0"/>',
    '<stop offset="0.62" stop-color="#fff" stop-opacity="0"/>',
    '<stop offset="0.68" stop-color="#fff" stop-opacity="0.18"/>',
    '<stop offset="0.74" stop-color="#fff" stop-opacity="0"/>',
    '</linearGradient>',
  ].join('');
}

/** Wavy grain lines inside a box; vertical unless horizontal is set. */
function grain(x, y, w, h, hex, rand, { horizontal = false, spacing = 7 } = {}) {
  const along = horizontal ? w : h;
  const across = horizontal ? h : w;
  const count = Math.max(2, Math.floor(across / spacing));
  const lines = [];
  for (let i = 0; i < count; i += 1) {
    const offset = ((i + 0.3 + rand() * 0.5) / count) * across;
    const amp = Math.min(across / count, 6) * (0.2 + rand() * 0.5);
    const segments = 3;
    let d = horizontal ? `M${r1(x)},${r1(y + offset)}` : `M${r1(x + offset)},${r1(y)}`;
    for (let s = 1; s <= segments; s += 1) {
      const p = (s / segments) * along;
      const c = ((s - 0.5) / segments) * along;
      const bend = (rand() - 0.5) * 2 * amp;
      const end = offset + (rand() - 0.5) * amp * 0.6;
      d += horizontal
        ? ` Q${r1(x + c)},${r1(y + Math.min(h, Math.max(0, offset + bend)))} ${r1(x + p)},${r1(y + Math.min(h, Math.max(0, end)))}`
        : ` Q${r1(x + Math.min(w, Math.max(0, offset + bend)))},${r1(y + c)} ${r1(x + Math.min(w, Math.max(0, end)))},${r1(y + p)}`;
    }
    const tone = rand() > 0.7 ? lighten(hex, 0.12) : darken(hex, 0.22 + rand() * 0.12);
    lines.push(`<path d="${d}" fill="none" stroke="${tone}" stroke-width="${r1(0.6 + rand() * 1.1)}" stroke-opacity="0.55"/>`);
  }
  return lines.join('');
}

/** A recessed (shaker) or raised panel edge: four trapezoids lit from the top left. */
function panelEdges(x, y, w, h, depth, hex, raised) {
  const [top, left, bottom, right] = raised
    ? [lighten(hex, 0.22), lighten(hex, 0.1), darken(hex, 0.2), darken(hex, 0.12)]
    : [darken(hex, 0.26), darken(hex, 0.16), lighten(hex, 0.2), lighten(hex, 0.08)];
  const d = depth;
  return [
    poly([[x, y], [x + w, y], [x + w - d, y + d], [x + d, y + d]], { fill: top }),
    poly([[x, y], [x + d, y + d], [x + d, y + h - d], [x, y + h]], { fill: left }),
    poly([[x, y + h], [x + d, y + h - d], [x + w - d, y + h - d], [x + w, y + h]], { fill: bottom }),
    poly([[x + w, y], [x + w, y + h], [x + w - d, y + h - d], [x + w - d, y + d]], { fill: right }),
  ].join('');
}

/**
 * One door or drawer front. finish: { hex, grain, gloss }. Returns SVG markup in the caller's coordinates.
 * seed keeps the grain of each door different but stable.
 */
export function drawDoor(x, y, w, h, type, finish, seed = 'door') {
  const { hex } = finish;
  const rand = seededRandom(seed);
  const small = Math.min(w, h);
  const grainSpacing = Math.max(5, small / 22); // fewer lines on small doors keeps kitchen scenes light
  const parts = [rect(x, y, w, h, { fill: hex })];
  const isSlab = type === 'slab' || small < 18;

  if (isSlab) {
    if (finish.grain) parts.push(grain(x, y, w, h, hex, rand, { horizontal: w > h * 1.6, spacing: grainSpacing }));
  } else {
    const stile = small * (type === 'slim' ? 0.1 : type === 'craftsman' ? 0.17 : 0.16);
    const rail = type === 'craftsman' ? stile * 1.35 : stile;
    const px = x + stile;
    const py = y + rail;
    const pw = w - stile * 2;
    const ph = h - rail * 2;
    if (finish.grain) {
      parts.push(grain(x, y, stile, h, hex, rand, { spacing: grainSpacing }));
      parts.push(grain(x + w - stile, y, stile, h, hex, rand, { spacing: grainSpacing }));
      parts.push(grain(px, y, pw, rail, hex, rand, { horizontal: true, spacing: grainSpacing }));
      parts.push(grain(px, y + h - rail, pw, rail, hex, rand, { horizontal: true, spacing: grainSpacing }));
      // joints between rails and stiles
      const joint = darken(hex, 0.3);
      parts.push(`<path d="M${r1(px)},${r1(y)}V${r1(py)}M${r1(px + pw)},${r1(y)}V${r1(py)}M${r1(px)},${r1(py + ph)}V${r1(y + h)}M${r1(px + pw)},${r1(py + ph)}V${r1(y + h)}" stroke="${joint}" stroke-opacity="0.5" stroke-width="0.8"/>`);
    }
    if (type === 'raised') {
      const groove = Math.max(1, small * 0.012);
      parts.push(rect(px, py, pw, ph, { fill: darken(hex, 0.18) }));
      const ix = px + groove * 2;
      const iy = py + groove * 2;
      const iw = pw - groove * 4;
      const ih = ph - groove * 4;
      const bevel = Math.min(iw, ih) * 0.16;
      parts.push(rect(ix, iy, iw, ih, { fill: hex }));
      if (finish.grain) parts.push(grain(ix, iy, iw, ih, hex, rand, { spacing: grainSpacing }));
      parts.push(panelEdges(ix, iy, iw, ih, bevel, hex, true));
      parts.push(rect(ix + bevel, iy + bevel, iw - bevel * 2, ih - bevel * 2, { fill: 'none', stroke: lighten(hex, 0.3), 'stroke-opacity': 0.5, 'stroke-width': Math.max(0.5, groove * 0.6) }));
    } else {
      const depth = Math.max(1.2, small * (type === 'slim' ? 0.018 : 0.024));
      parts.push(rect(px, py, pw, ph, { fill: darken(hex, 0.035) }));
      if (finish.grain) parts.push(grain(px + depth, py + depth, pw - depth * 2, ph - depth * 2, darken(hex, 0.035), rand, { spacing: grainSpacing }));
      parts.push(panelEdges(px, py, pw, ph, depth, hex, false));
      // the soft shadow the top rail casts into the recess
      parts.push(rect(px + depth, py + depth, pw - depth * 2, depth * 2.5, { fill: '#000', 'fill-opacity': 0.06 }));
    }
  }

  parts.push(rect(x, y, w, h, { fill: 'url(#door-sheen)' }));
  if (finish.gloss) parts.push(rect(x, y, w, h, { fill: 'url(#door-gloss)' }));
  // outer edge: highlight on top/left, a dark line bottom/right for the door's thickness
  const edge = Math.max(0.6, small * 0.006);
  parts.push(`<path d="M${r1(x)},${r1(y + h)}V${r1(y)}H${r1(x + w)}" fill="none" stroke="${lighten(hex, 0.35)}" stroke-width="${r1(edge)}"/>`);
  parts.push(`<path d="M${r1(x + w)},${r1(y)}V${r1(y + h)}H${r1(x)}" fill="none" stroke="${darken(hex, 0.35)}" stroke-width="${r1(edge)}"/>`);
  return `<g>${parts.join('')}</g>`;
}

/** What a finish group's name says about the surface. */
export function finishLook(groupName, hex) {
  return {
    hex,
    grain: groupName === 'stain' || groupName === 'woodgrain',
    gloss: groupName === 'high-gloss',
  };
}

/** The product-style sample door image: 600x800, door on a soft studio backdrop. */
export function renderDoorImage({ type, finish, title }) {
  const W = 600;
  const H = 800;
  const dx = 105;
  const dy = 62;
  const dw = 390;
  const dh = 650;
  const thickness = 12;
  const backdrop = mix('#f4f1ea', finish.hex, 0.06);
  const defs = [
    doorDefs(),
    `<linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(backdrop, 0.4)}"/><stop offset="0.85" stop-color="${backdrop}"/><stop offset="1" stop-color="${darken(backdrop, 0.06)}"/></linearGradient>`,
    '<filter id="drop" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>',
  ].join('');
  const body = [
    rect(0, 0, W, H, { fill: 'url(#backdrop)' }),
    `<ellipse cx="${W / 2 + 10}" cy="${dy + dh + 14}" rx="${dw * 0.58}" ry="16" fill="#000" fill-opacity="0.22" filter="url(#drop)"/>`,
    rect(dx + 18, dy + 18, dw, dh, { fill: '#000', 'fill-opacity': 0.18, filter: 'url(#drop)' }),
    // right-hand edge shows the door's thickness
    poly([[dx + dw, dy], [dx + dw + thickness, dy + thickness * 0.6], [dx + dw + thickness, dy + dh + thickness * 0.6], [dx + dw, dy + dh]], { fill: darken(finish.hex, 0.28) }),
    poly([[dx, dy + dh], [dx + dw, dy + dh], [dx + dw + thickness, dy + dh + thickness * 0.6], [dx + thickness, dy + dh + thickness * 0.6]], { fill: darken(finish.hex, 0.4) }),
    drawDoor(dx, dy, dw, dh, type, finish, `${title}-${finish.hex}`),
  ].join('');
  return svgDocument(W, H, body, { title, defs });
}
