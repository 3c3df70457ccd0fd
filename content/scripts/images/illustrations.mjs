// Home-page illustrations that are not kitchens: a fan of sample doors and a designer's floor plan.
import { darken, lighten } from './color.mjs';
import { doorDefs, drawDoor } from './door.mjs';
import { r1, rect, svgDocument } from './svg.mjs';

/** Sample doors fanned out on a light oak table. finishes: [{hex, grain, gloss, type}] */
export function renderSampleDoors(finishes) {
  const W = 800;
  const H = 600;
  const defs = [
    doorDefs(),
    '<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#E9DCC6"/><stop offset="1" stop-color="#D2BC98"/></linearGradient>',
    '<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter>',
  ].join('');
  const parts = [rect(0, 0, W, H, { fill: 'url(#table)' })];
  for (let i = 0; i < 14; i += 1) {
    parts.push(`<path d="M0,${r1(20 + i * 43 + (i % 3) * 4)} Q400,${r1(10 + i * 43)} 800,${r1(26 + i * 43)}" fill="none" stroke="#C4A67C" stroke-opacity="0.35" stroke-width="1.2"/>`);
  }
  const n = finishes.length;
  finishes.forEach((f, i) => {
    const angle = -30 + (60 * i) / Math.max(1, n - 1);
    const dw = 190;
    const dh = 300;
    const x = W / 2 - dw / 2;
    const y = 150;
    const t = `rotate(${r1(angle)} ${W / 2} ${H + 60})`;
    parts.push(`<g transform="${t}">${rect(x + 10, y + 14, dw, dh, { fill: '#000', 'fill-opacity': 0.22, filter: 'url(#shadow)' })}${drawDoor(x, y, dw, dh, f.type, f, `sample-fan-${i}`)}</g>`);
  });
  return svgDocument(W, H, parts.join(''), { title: 'Cabinet sample doors in several finishes', defs });
}

/** A floor plan on drafting paper with an L-shaped run, an island and dimension lines. */
export function renderDesignPlan() {
  const W = 800;
  const H = 600;
  const ink = '#2C4A6B';
  const cab = '#DCE6EF';
  const defs = [
    '<pattern id="grid" width="20" height="20" patternUnits="userSpaceOnUse"><path d="M20,0H0V20" fill="none" stroke="#C9D8E6" stroke-width="0.8"/></pattern>',
    '<pattern id="grid-major" width="100" height="100" patternUnits="userSpaceOnUse"><path d="M100,0H0V100" fill="none" stroke="#AFC4D8" stroke-width="1.2"/></pattern>',
  ].join('');
  const label = (x, y, text, size = 12, anchor = 'middle') =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="'Courier New', monospace" font-size="${size}" font-weight="700" fill="${ink}">${text}</text>`;
  const box = (x, y, w, h, name) => rect(x, y, w, h, { fill: cab, stroke: ink, 'stroke-width': 2 }) + label(x + w / 2, y + h / 2 + 4, name, 11);
  const p = [rect(0, 0, W, H, { fill: '#F5F8FB' }), rect(0, 0, W, H, { fill: 'url(#grid)' }), rect(0, 0, W, H, { fill: 'url(#grid-major)' })];
  // room walls
  p.push(`<path d="M120,90 H680 V520 H430 M330,520 H120 Z" fill="none" stroke="${ink}" stroke-width="8" stroke-linejoin="round"/>`);
  // door swing
  p.push(`<path d="M330,520 A100,100 0 0 1 430,420" fill="none" stroke="${ink}" stroke-width="1.5" stroke-dasharray="6 4"/>`);
  // window on the top wall
  p.push(rect(252, 84, 120, 12, { fill: '#fff', stroke: ink, 'stroke-width': 2 }));
  // top run: B24, DB18, SB36, B24, RANGE, B12 (60 px = 24")
  const top = [['W-B24', 60], ['DB18', 45], ['B15', 38], ['SB36', 90], ['B24', 60], ['RANGE 30', 75], ['B12', 30]];
  let x = 124;
  for (const [name, w] of top) {
    p.push(box(x, 94, w, 60, name.replace('W-', '')));
    x += w;
  }
  // left run down the wall
  const left = [['BLS36', 90], ['DB30', 75], ['REF', 90], ['PANTRY', 75]];
  let y = 154;
  for (const [name, h] of left) {
    p.push(rect(124, y, 60, h, { fill: name === 'REF' ? '#fff' : cab, stroke: ink, 'stroke-width': 2 }));
    p.push(`<text transform="translate(158 ${y + h / 2}) rotate(-90)" text-anchor="middle" font-family="'Courier New', monospace" font-size="11" font-weight="700" fill="${ink}">${name}</text>`);
    y += h;
  }
  // island with seating overhang
  p.push(rect(330, 260, 240, 100, { fill: cab, stroke: ink, 'stroke-width': 2 }));
  p.push(rect(330, 360, 240, 30, { fill: '#fff', stroke: ink, 'stroke-width': 1.5, 'stroke-dasharray': '5 4' }));
  p.push(label(450, 315, 'ISLAND 96" x 42"', 13));
  for (let i = 0; i < 3; i += 1) p.push(`<circle cx="${370 + i * 80}" cy="${412}" r="14" fill="none" stroke="${ink}" stroke-width="2"/>`);
  // dimension lines
  p.push(`<path d="M124,60 H676 M124,52 V68 M676,52 V68" stroke="${ink}" stroke-width="1.5"/>`);
  p.push(rect(355, 50, 90, 20, { fill: '#F5F8FB' }) + label(400, 65, '13\'-10"', 13));
  p.push(`<path d="M720,94 V516 M712,94 H728 M712,516 H728" stroke="${ink}" stroke-width="1.5"/>`);
  p.push(`<text transform="translate(735 305) rotate(90)" text-anchor="middle" font-family="'Courier New', monospace" font-size="13" font-weight="700" fill="${ink}">10'-6"</text>`);
  // title block
  p.push(rect(530, 540, 250, 48, { fill: '#fff', stroke: ink, 'stroke-width': 1.5 }));
  p.push(label(545, 560, 'KITCHEN PLAN  SCALE 1/2"=1\'', 11, 'start') + label(545, 578, 'FREE DESIGN  REV B', 11, 'start'));
  // a designer's pencil
  p.push(`<g transform="rotate(-35 150 560)">${rect(60, 552, 170, 14, { fill: '#F2C14E', stroke: darken('#F2C14E', 0.3) })}${rect(40, 552, 20, 14, { fill: lighten('#E58A8A', 0.1) })}<path d="M230,552 L252,559 L230,566 Z" fill="#E8C9A0"/><path d="M246,557 L252,559 L246,561 Z" fill="#333"/></g>`);
  return svgDocument(W, H, p.join(''), { title: 'Kitchen floor plan drawn by a designer', defs });
}
