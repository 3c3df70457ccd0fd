// A kitchen elevation: wall, window, upper and base cabinets, counter, range and hood, optional island and
// pendant lights. Every measurement is a share of the canvas so one renderer serves the 1920x787 banner,
// the 1200x800 style kitchens and the gallery scenes.
import { darken, lighten, luminance, mix } from './color.mjs';
import { doorDefs, drawDoor } from './door.mjs';
import { seededRandom } from './random.mjs';
import { poly, r1, rect, svgDocument } from './svg.mjs';

const BRASS = '#B8914F';

/**
 * options: width, height, title, cabinet {hex, grain, gloss}, doorType, island (finish or false),
 * wall, counter, floor, hardware, windowAt (0..1 of the width), pendants (count), hoodColor, seed.
 */
export function renderKitchen(options) {
  const o = {
    wall: '#EEE8DE',
    counter: '#F2F0EC',
    floor: '#B48A5E',
    hardware: BRASS,
    windowAt: 0.5,
    pendants: 3,
    island: false,
    seed: 'kitchen',
    ...options,
  };
  const W = o.width;
  const H = o.height;
  const u = H / 800; // one "pixel" of the 800-high design
  const rand = seededRandom(o.seed);

  const upperTop = H * 0.085;
  const upperBottom = H * 0.4;
  const counterTop = H * 0.585;
  const counterH = 15 * u;
  const baseTop = counterTop + counterH;
  const floorY = H * 0.875;
  const toe = 16 * u;

  const winW = Math.min(W * 0.2, H * 0.42);
  const winX0 = W * o.windowAt - winW / 2;
  const winX1 = winX0 + winW;
  const rangeW = 100 * u;
  const rangeX0 = o.windowAt < 0.5 ? Math.min(W - rangeW - 150 * u, winX1 + 170 * u) : Math.max(150 * u, winX0 - 170 * u - rangeW);
  const rangeX1 = rangeX0 + rangeW;

  const defs = [
    doorDefs(),
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(o.wall, 0.06)}"/><stop offset="1" stop-color="${lighten(o.wall, 0.1)}"/></linearGradient>`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#BFD9EC"/><stop offset="0.7" stop-color="#E8EFE9"/><stop offset="1" stop-color="#F6EBD6"/></linearGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(o.floor, 0.12)}"/><stop offset="1" stop-color="${lighten(o.floor, 0.08)}"/></linearGradient>`,
    `<linearGradient id="under-shadow" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`,
    `<linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#E3E5E6"/><stop offset="0.5" stop-color="#B9BDC0"/><stop offset="1" stop-color="#D4D7D9"/></linearGradient>`,
    `<radialGradient id="sunlight" cx="${r1((W * o.windowAt) / W)}" cy="0.35" r="0.75"><stop offset="0" stop-color="#FFF6E0" stop-opacity="0.35"/><stop offset="1" stop-color="#FFF6E0" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></radialGradient>`,
    `<radialGradient id="lamp-glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#FFE7B0" stop-opacity="0.5"/><stop offset="1" stop-color="#FFE7B0" stop-opacity="0"/></radialGradient>`,
    `<pattern id="tiles" width="${r1(36 * u)}" height="${r1(24 * u)}" patternUnits="userSpaceOnUse">`
      + rect(0, 0, 36 * u, 24 * u, { fill: lighten(o.wall, 0.35) })
      + `<path d="M0,${r1(0.5 * u)}H${r1(36 * u)}M0,${r1(12 * u)}H${r1(36 * u)}M${r1(0.5 * u)},0V${r1(12 * u)}M${r1(18 * u)},${r1(12 * u)}V${r1(24 * u)}" stroke="${darken(o.wall, 0.12)}" stroke-width="${r1(1.2 * u)}"/></pattern>`,
    `<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${r1(8 * u)}"/></filter>`,
  ].join('');

  const out = [];
  out.push(rect(0, 0, W, H, { fill: 'url(#wall)' }));
  // backsplash between the uppers and the counter
  out.push(rect(0, upperBottom, W, counterTop - upperBottom, { fill: 'url(#tiles)' }));
  out.push(windowShape(winX0, upperTop + 20 * u, winW, counterTop - upperTop - 40 * u, u, rand));

  // upper cabinets, skipping the window and the hood
  const crown = 12 * u;
  const uppers = [[0, winX0 - 14 * u], [winX1 + 14 * u, W]]
    .flatMap(([a, b]) => splitAround(a, b, rangeX0 - 10 * u, rangeX1 + 10 * u))
    .filter(([a, b]) => b - a > 40 * u);
  for (const [a, b] of uppers) {
    out.push(cabinetRun(a, upperTop, b - a, upperBottom - upperTop, 'upper', o, u, rand));
    out.push(rect(a - 4 * u, upperTop - crown, b - a + 8 * u, crown, { fill: darken(o.cabinet.hex, 0.05) }));
    out.push(rect(a - 4 * u, upperTop - crown, b - a + 8 * u, 3 * u, { fill: lighten(o.cabinet.hex, 0.2) }));
    out.push(rect(a, upperBottom, b - a, 22 * u, { fill: 'url(#under-shadow)' }));
  }
  out.push(hood(rangeX0 - 10 * u, rangeX1 + 10 * u, upperBottom + 10 * u, o, u));

  // base cabinets, counter, sink and range
  for (const [a, b] of splitAround(0, W, rangeX0, rangeX1)) {
    out.push(cabinetRun(a, baseTop, b - a, floorY - toe - baseTop, 'base', o, u, rand));
    out.push(rect(a, floorY - toe, b - a, toe, { fill: darken(o.cabinet.hex, 0.45) }));
  }
  out.push(range(rangeX0, baseTop - counterH, rangeW, floorY - baseTop + counterH, u));
  out.push(counter(0, counterTop, rangeX0, counterH, o.counter, u, rand));
  out.push(counter(rangeX1, counterTop, W - rangeX1, counterH, o.counter, u, rand));
  out.push(rect(0, baseTop, W, 8 * u, { fill: 'url(#under-shadow)' }));
  out.push(sink(W * o.windowAt, counterTop, u, o.hardware));
  out.push(counterProps(winX1 + 40 * u, counterTop, u, rand));

  // floor
  out.push(rect(0, floorY, W, H - floorY, { fill: 'url(#floor)' }));
  const rows = 5;
  for (let i = 1; i <= rows; i += 1) {
    const y = floorY + ((H - floorY) * (i * i)) / (rows * rows + 2);
    out.push(`<path d="M0,${r1(y)}H${r1(W)}" stroke="${darken(o.floor, 0.25)}" stroke-opacity="0.45" stroke-width="${r1(u)}"/>`);
  }

  if (o.island) out.push(island(W, H, o, u, rand));
  if (o.pendants) out.push(pendants(W, H, o, u));

  out.push(rect(0, 0, W, H, { fill: 'url(#sunlight)' }));
  out.push(rect(0, 0, W, H, { fill: 'url(#vignette)' }));
  return svgDocument(W, H, out.join('\n'), { title: o.title, defs });
}

function splitAround(a, b, gapA, gapB) {
  if (gapB <= a || gapA >= b) return [[a, b]];
  return [[a, Math.max(a, gapA)], [Math.min(b, gapB), b]].filter(([x, y]) => y - x > 1);
}

/** A run of cabinets filling [x, x+w] with evenly sized boxes; base boxes alternate drawer stacks and doors. */
function cabinetRun(x, y, w, h, kind, o, u, rand) {
  const target = kind === 'upper' ? 92 * u : 108 * u;
  const count = Math.max(1, Math.round(w / target));
  const boxW = w / count;
  const gap = 3 * u;
  const frame = darken(o.cabinet.hex, 0.12);
  const parts = [rect(x, y, w, h, { fill: frame })];
  for (let i = 0; i < count; i += 1) {
    const bx = x + i * boxW + gap;
    const bw = boxW - gap * 2;
    const seed = `${o.seed}-${kind}-${Math.round(x)}-${i}`;
    if (kind === 'upper') {
      const doors = bw > 70 * u ? 2 : 1;
      const dw = (bw - gap * (doors - 1)) / doors;
      for (let d = 0; d < doors; d += 1) {
        const dx = bx + d * (dw + gap);
        parts.push(drawDoor(dx, y + gap, dw, h - gap * 2, o.doorType, o.cabinet, `${seed}-${d}`));
        const kx = doors === 2 ? (d === 0 ? dx + dw - 9 * u : dx + 9 * u) : dx + dw - 9 * u;
        parts.push(knob(kx, y + h - 22 * u, u, o.hardware, 'vertical'));
      }
    } else if ((i + Math.round(x / 97)) % 3 === 1) {
      // three-drawer stack
      const dh = (h - gap * 4) / 3;
      for (let d = 0; d < 3; d += 1) {
        const dy = y + gap + d * (dh + gap);
        parts.push(drawDoor(bx, dy, bw, dh, o.doorType, o.cabinet, `${seed}-${d}`));
        parts.push(knob(bx + bw / 2, dy + Math.min(dh / 2, 16 * u), u, o.hardware, 'horizontal'));
      }
    } else {
      const drawerH = Math.min(40 * u, h * 0.22);
      parts.push(drawDoor(bx, y + gap, bw, drawerH, o.doorType, o.cabinet, `${seed}-top`));
      parts.push(knob(bx + bw / 2, y + gap + drawerH / 2, u, o.hardware, 'horizontal'));
      const doors = bw > 70 * u ? 2 : 1;
      const dw = (bw - gap * (doors - 1)) / doors;
      const dy = y + gap * 2 + drawerH;
      const dh = h - drawerH - gap * 3;
      for (let d = 0; d < doors; d += 1) {
        const dx = bx + d * (dw + gap);
        parts.push(drawDoor(dx, dy, dw, dh, o.doorType, o.cabinet, `${seed}-${d}`));
        const kx = doors === 2 ? (d === 0 ? dx + dw - 9 * u : dx + 9 * u) : dx + dw - 9 * u;
        parts.push(knob(kx, dy + 20 * u, u, o.hardware, 'vertical'));
      }
    }
  }
  void rand;
  return `<g>${parts.join('')}</g>`;
}

function knob(cx, cy, u, hex, direction) {
  const shade = darken(hex, 0.3);
  if (direction === 'horizontal') {
    const len = 34 * u;
    return rect(cx - len / 2, cy - 2.2 * u, len, 4.4 * u, { rx: 2.2 * u, fill: hex, stroke: shade, 'stroke-width': 0.6 * u });
  }
  const len = 26 * u;
  return rect(cx - 2.2 * u, cy - len / 2, 4.4 * u, len, { rx: 2.2 * u, fill: hex, stroke: shade, 'stroke-width': 0.6 * u });
}

function counter(x, y, w, h, hex, u, rand) {
  const parts = [rect(x, y, w, h, { fill: hex }), rect(x, y, w, 2.5 * u, { fill: lighten(hex, 0.4) })];
  if (luminance(hex) > 0.5) {
    // quartz veining
    for (let i = 0; i < Math.max(1, Math.round(w / (260 * u))); i += 1) {
      const sx = x + rand() * w;
      parts.push(`<path d="M${r1(sx)},${r1(y + 3 * u)} q${r1(30 * u)},${r1(6 * u)} ${r1(70 * u)},${r1(h - 4 * u)}" fill="none" stroke="${darken(hex, 0.2)}" stroke-opacity="0.5" stroke-width="${r1(0.8 * u)}"/>`);
    }
  }
  parts.push(rect(x, y + h - 2 * u, w, 2 * u, { fill: darken(hex, 0.2) }));
  return parts.join('');
}

function windowShape(x, y, w, h, u, rand) {
  const trim = 12 * u;
  const parts = [
    rect(x - trim, y - trim, w + trim * 2, h + trim * 2, { fill: '#F7F5F0' }),
    rect(x - trim, y - trim, w + trim * 2, h + trim * 2, { fill: 'none', stroke: '#D9D4CA', 'stroke-width': 1.5 * u }),
    rect(x, y, w, h, { fill: 'url(#sky)' }),
  ];
  // a garden outside: hills and leafy trees
  parts.push(`<path d="M${r1(x)},${r1(y + h * 0.72)} Q${r1(x + w * 0.35)},${r1(y + h * 0.6)} ${r1(x + w * 0.6)},${r1(y + h * 0.7)} T${r1(x + w)},${r1(y + h * 0.66)} V${r1(y + h)} H${r1(x)}Z" fill="#9DB58A"/>`);
  for (let i = 0; i < 5; i += 1) {
    const cx = x + w * (0.1 + rand() * 0.8);
    const cy = y + h * (0.5 + rand() * 0.2);
    const rr = w * (0.09 + rand() * 0.08);
    parts.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rr)}" fill="${mix('#6E8F5A', '#A9BF8E', rand())}" fill-opacity="0.9"/>`);
  }
  parts.push(rect(x, y + h * 0.82, w, h * 0.18, { fill: '#B9C9A4' }));
  // mullions and sill
  const bar = 6 * u;
  parts.push(rect(x + w / 2 - bar / 2, y, bar, h, { fill: '#F7F5F0' }));
  parts.push(rect(x, y + h * 0.42 - bar / 2, w, bar, { fill: '#F7F5F0' }));
  parts.push(rect(x - trim * 1.6, y + h + trim * 0.4, w + trim * 3.2, 8 * u, { fill: '#FBFAF7', stroke: '#D9D4CA', 'stroke-width': u }));
  return `<g>${parts.join('')}</g>`;
}

function hood(x0, x1, bottom, o, u) {
  const color = o.hoodColor ?? lighten(o.wall, 0.25);
  const w = x1 - x0;
  const chimneyW = w * 0.42;
  const cx = (x0 + x1) / 2;
  const canopyTop = bottom - 70 * u;
  return [
    rect(cx - chimneyW / 2, 0, chimneyW, canopyTop + 2, { fill: color }),
    rect(cx - chimneyW / 2, 0, 5 * u, canopyTop, { fill: darken(color, 0.06) }),
    poly([[cx - chimneyW / 2, canopyTop], [cx + chimneyW / 2, canopyTop], [x1, bottom - 10 * u], [x0, bottom - 10 * u]], { fill: darken(color, 0.04) }),
    rect(x0 - 4 * u, bottom - 12 * u, w + 8 * u, 12 * u, { fill: darken(color, 0.12) }),
    rect(x0, bottom, w, 26 * u, { fill: 'url(#under-shadow)' }),
  ].join('');
}

function range(x, y, w, h, u) {
  const parts = [rect(x, y, w, h, { fill: 'url(#steel)' })];
  parts.push(rect(x, y, w, 8 * u, { fill: '#2E3133' }));
  for (let i = 0; i < 4; i += 1) parts.push(`<circle cx="${r1(x + w * (0.18 + i * 0.21))}" cy="${r1(y + 22 * u)}" r="${r1(4 * u)}" fill="#2E3133"/>`);
  const doorY = y + 40 * u;
  parts.push(rect(x + 8 * u, doorY, w - 16 * u, h - 60 * u, { fill: 'none', stroke: '#8E9396', 'stroke-width': 1.5 * u, rx: 3 * u }));
  parts.push(rect(x + 16 * u, doorY + 22 * u, w - 32 * u, (h - 60 * u) * 0.5, { fill: '#1F2224', rx: 3 * u }));
  parts.push(rect(x + 12 * u, doorY + 8 * u, w - 24 * u, 5 * u, { fill: '#D9DCDE', rx: 2.5 * u }));
  return `<g>${parts.join('')}</g>`;
}

function sink(cx, counterTop, u, hardware) {
  const w = 120 * u;
  return [
    rect(cx - w / 2, counterTop - 1, w, 5 * u, { fill: '#9AA0A4' }),
    // a gooseneck faucet
    `<path d="M${r1(cx)},${r1(counterTop)} V${r1(counterTop - 62 * u)} q0,${r1(-22 * u)} ${r1(22 * u)},${r1(-22 * u)} q${r1(22 * u)},0 ${r1(22 * u)},${r1(22 * u)} v${r1(10 * u)}" fill="none" stroke="${hardware}" stroke-width="${r1(5 * u)}" stroke-linecap="round"/>`,
    rect(cx - 7 * u, counterTop - 8 * u, 14 * u, 8 * u, { fill: darken(hardware, 0.15) }),
  ].join('');
}

/** A potted herb and a cutting board, so the counter looks lived in. */
function counterProps(x, counterTop, u, rand) {
  const board = rect(x, counterTop - 70 * u, 46 * u, 70 * u, { rx: 18 * u, fill: '#C08A56' });
  const potX = x + 80 * u;
  const pot = rect(potX, counterTop - 26 * u, 30 * u, 26 * u, { fill: '#F3EFE6', stroke: '#D2CCC0', 'stroke-width': u });
  const leaves = [];
  for (let i = 0; i < 7; i += 1) {
    const a = -Math.PI / 2 + (rand() - 0.5) * 2.2;
    const len = (22 + rand() * 18) * u;
    const bx = potX + 15 * u;
    const by = counterTop - 26 * u;
    leaves.push(`<ellipse cx="${r1(bx + Math.cos(a) * len * 0.6)}" cy="${r1(by + Math.sin(a) * len * 0.6)}" rx="${r1(len * 0.5)}" ry="${r1(5 * u)}" transform="rotate(${r1((a * 180) / Math.PI)} ${r1(bx + Math.cos(a) * len * 0.6)} ${r1(by + Math.sin(a) * len * 0.6)})" fill="${mix('#4F7A45', '#86A86A', rand())}"/>`);
  }
  return `<g>${board}${leaves.join('')}${pot}</g>`;
}

function island(W, H, o, u, rand) {
  const finish = o.island === true ? o.cabinet : o.island;
  const x0 = W * 0.5 - Math.min(W * 0.26, 380 * u);
  const x1 = W - x0;
  const top = H * 0.715;
  const bottom = H * 0.985;
  const slab = 18 * u;
  const parts = [`<ellipse cx="${r1(W / 2)}" cy="${r1(bottom)}" rx="${r1((x1 - x0) * 0.55)}" ry="${r1(14 * u)}" fill="#000" fill-opacity="0.3" filter="url(#soft)"/>`];
  parts.push(cabinetRun(x0 + 12 * u, top + slab, x1 - x0 - 24 * u, bottom - top - slab - 10 * u, 'base', { ...o, cabinet: finish, seed: `${o.seed}-island` }, u, rand));
  parts.push(rect(x0 + 12 * u, bottom - 10 * u, x1 - x0 - 24 * u, 10 * u, { fill: darken(finish.hex, 0.45) }));
  parts.push(counter(x0, top, x1 - x0, slab, o.counter, u, rand));
  parts.push(rect(x0 + 12 * u, top + slab, x1 - x0 - 24 * u, 10 * u, { fill: 'url(#under-shadow)' }));
  // a bowl of lemons and a vase on the island
  const bx = x0 + (x1 - x0) * 0.3;
  parts.push(`<path d="M${r1(bx - 30 * u)},${r1(top)} q${r1(30 * u)},${r1(-34 * u)} ${r1(60 * u)},0 z" fill="#F1ECE2" stroke="#CFC7B8" stroke-width="${r1(u)}"/>`);
  for (let i = 0; i < 3; i += 1) parts.push(`<circle cx="${r1(bx - 12 * u + i * 12 * u)}" cy="${r1(top - 20 * u - (i === 1 ? 6 * u : 0))}" r="${r1(8 * u)}" fill="#E8C547"/>`);
  const vx = x0 + (x1 - x0) * 0.72;
  parts.push(rect(vx - 9 * u, top - 44 * u, 18 * u, 44 * u, { rx: 8 * u, fill: '#F4F2EE', stroke: '#D8D2C8', 'stroke-width': u }));
  parts.push(`<path d="M${r1(vx)},${r1(top - 44 * u)} q${r1(-10 * u)},${r1(-40 * u)} ${r1(-28 * u)},${r1(-62 * u)} M${r1(vx)},${r1(top - 44 * u)} q${r1(8 * u)},${r1(-46 * u)} ${r1(26 * u)},${r1(-70 * u)}" fill="none" stroke="#6A8C56" stroke-width="${r1(2 * u)}"/>`);
  return `<g>${parts.join('')}</g>`;
}

function pendants(W, H, o, u) {
  const parts = [];
  const n = o.pendants;
  const span = Math.min(W * 0.42, 620 * u);
  const shadeY = H * 0.33;
  for (let i = 0; i < n; i += 1) {
    const cx = W / 2 - span / 2 + (span * (i + 0.5)) / n;
    const rr = 30 * u;
    parts.push(`<ellipse cx="${r1(cx)}" cy="${r1(shadeY + 30 * u)}" rx="${r1(120 * u)}" ry="${r1(100 * u)}" fill="url(#lamp-glow)"/>`);
    parts.push(`<path d="M${r1(cx)},0 V${r1(shadeY - rr * 0.9)}" stroke="#2B2B2B" stroke-width="${r1(1.6 * u)}"/>`);
    parts.push(`<path d="M${r1(cx - rr)},${r1(shadeY)} a${r1(rr)},${r1(rr)} 0 0 1 ${r1(rr * 2)},0 z" fill="${o.hardware}" stroke="${darken(o.hardware, 0.3)}" stroke-width="${r1(u)}"/>`);
    parts.push(`<ellipse cx="${r1(cx)}" cy="${r1(shadeY)}" rx="${r1(rr * 0.82)}" ry="${r1(4 * u)}" fill="#FFF1C9"/>`);
    parts.push(rect(cx - 3 * u, shadeY - rr - 6 * u, 6 * u, 8 * u, { fill: darken(o.hardware, 0.2) }));
  }
  return parts.join('');
}
