// 80x80 finish swatches for the finish selector.
import { doorDefs } from './door.mjs';
import { darken, lighten } from './color.mjs';
import { seededRandom } from './random.mjs';
import { r1, rect, svgDocument } from './svg.mjs';

export function renderSwatch({ label, finish, seed }) {
  const S = 80;
  const rand = seededRandom(seed ?? label);
  const parts = [rect(0, 0, S, S, { rx: 6, fill: finish.hex })];
  if (finish.grain) {
    for (let i = 0; i < 11; i += 1) {
      const x = 4 + i * 7 + rand() * 3;
      const bend = (rand() - 0.5) * 8;
      parts.push(`<path d="M${r1(x)},0 Q${r1(x + bend)},40 ${r1(x + bend * 0.3)},80" fill="none" stroke="${darken(finish.hex, 0.25)}" stroke-opacity="0.5" stroke-width="${r1(0.6 + rand())}"/>`);
    }
  }
  parts.push(rect(0, 0, S, S, { rx: 6, fill: 'url(#door-sheen)' }));
  if (finish.gloss) parts.push(rect(0, 0, S, S, { rx: 6, fill: 'url(#door-gloss)' }));
  parts.push(rect(0.5, 0.5, S - 1, S - 1, { rx: 6, fill: 'none', stroke: darken(finish.hex, 0.18), 'stroke-width': 1 }));
  parts.push(`<path d="M6,1.5H74" stroke="${lighten(finish.hex, 0.4)}" stroke-opacity="0.8"/>`);
  return svgDocument(S, S, parts.join(''), { title: `${label} finish swatch`, defs: doorDefs() });
}
