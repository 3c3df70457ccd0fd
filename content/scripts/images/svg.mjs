// Small SVG string helpers shared by the image renderers.

/** Round to 0.1 so files stay small and diffs stable. */
export const r1 = (n) => Math.round(n * 10) / 10;

export function attrs(map) {
  return Object.entries(map)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => `${k}="${typeof v === 'number' ? r1(v) : escapeXml(String(v))}"`)
    .join(' ');
}

export function escapeXml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const rect = (x, y, w, h, extra = {}) => `<rect ${attrs({ x, y, width: w, height: h, ...extra })}/>`;

export const poly = (points, extra = {}) =>
  `<polygon ${attrs({ points: points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' '), ...extra })}/>`;

export function svgDocument(width, height, body, { title, defs = '' } = {}) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    title ? `<title>${escapeXml(title)}</title>` : '',
    defs ? `<defs>${defs}</defs>` : '',
    body,
    '</svg>',
    '',
  ].join('\n');
}
