// The logo and the payment-method icons.
import { escapeXml, rect, svgDocument } from './svg.mjs';

/** A wordmark with a small cabinet-door mark; the name comes from site.json. */
export function renderLogo(siteName) {
  const [first, ...rest] = siteName.split(' ');
  const second = rest.join(' ').toUpperCase();
  const body = [
    rect(2, 6, 40, 52, { rx: 3, fill: '#2F4A3A' }),
    rect(9, 13, 26, 38, { rx: 1.5, fill: 'none', stroke: '#E8D9B5', 'stroke-width': 2.5 }),
    // growth rings: the heart of the wood
    '<circle cx="22" cy="32" r="8" fill="none" stroke="#C9A66B" stroke-width="1.6"/>',
    '<circle cx="22" cy="32" r="4" fill="none" stroke="#C9A66B" stroke-width="1.6"/>',
    '<circle cx="22" cy="32" r="1.2" fill="#C9A66B"/>',
    `<text x="52" y="34" font-family="Georgia, 'Times New Roman', serif" font-size="27" font-weight="700" fill="#2F4A3A">${escapeXml(first)}</text>`,
    `<text x="53" y="53" font-family="'Helvetica Neue', Arial, sans-serif" font-size="11.5" letter-spacing="4.2" fill="#8A6A3B">${escapeXml(second)}</text>`,
  ].join('');
  return svgDocument(240, 64, body, { title: siteName });
}

function cardGlyph(x, y, fill) {
  return [rect(x, y, 30, 20, { rx: 3, fill }), rect(x, y + 5, 30, 4, { fill: '#1B1F24', 'fill-opacity': 0.55 }), rect(x + 4, y + 13, 10, 3, { rx: 1, fill: '#fff', 'fill-opacity': 0.85 })].join('');
}

const icons = {
  'credit-card': (w, h) => [
    cardGlyph(4, (h - 20) / 2, '#3D5A80'),
    `<text x="40" y="${h / 2 + 4}" font-family="Arial, sans-serif" font-size="11" font-weight="700" fill="#1A1F71">VISA</text>`,
    `<circle cx="${Math.min(w - 22, 84)}" cy="${h / 2}" r="7" fill="#EB001B"/><circle cx="${Math.min(w - 14, 92)}" cy="${h / 2}" r="7" fill="#F79E1B" fill-opacity="0.9"/>`,
    rect(Math.min(w - 6, 104) - 4, h / 2 - 6, 14, 12, { rx: 2, fill: '#2E77BC' }),
  ].join(''),
  'online-payment': (w, h) => [
    `<text x="${w / 2}" y="${h / 2 + 6}" text-anchor="middle" font-family="Verdana, Arial, sans-serif" font-size="18" font-weight="700" font-style="italic"><tspan fill="#003087">Pay</tspan><tspan fill="#009CDE">Pal</tspan></text>`,
  ].join(''),
  'split-payment': (w, h) => [
    `<circle cx="18" cy="${h / 2}" r="11" fill="#E4ECF4"/>`,
    `<path d="M18,${h / 2} V${h / 2 - 11} A11,11 0 0 1 28.5,${h / 2 + 3.4} Z" fill="#2F4A3A"/>`,
    `<text x="36" y="${h / 2 + 4}" font-family="Arial, sans-serif" font-size="11" font-weight="700" fill="#2F4A3A">Split Pay</text>`,
  ].join(''),
};

export const PAYMENT_ICON_NAMES = Object.keys(icons);

export function renderPaymentIcon(name, width = 120, height = 32) {
  const draw = icons[name];
  if (!draw) throw new Error(`no payment icon design for "${name}" (known: ${PAYMENT_ICON_NAMES.join(', ')})`);
  const body = rect(0.5, 0.5, width - 1, height - 1, { rx: 5, fill: '#fff', stroke: '#D5DAE0' }) + draw(width, height);
  return svgDocument(width, height, body, { title: name });
}

const AUTHOR_COLOURS = ['#2F4A3A', '#3E5C76', '#8A6A3B', '#6C5B7B'];

/** A blog author's round monogram; the colour follows the author's place in authors.json. */
export function renderAuthorLogo(name, index = 0) {
  const initials = name.split(/\s+/).filter(Boolean).map((part) => part[0].toUpperCase()).slice(0, 2).join('');
  const body = [
    `<circle cx="100" cy="100" r="100" fill="${AUTHOR_COLOURS[index % AUTHOR_COLOURS.length]}"/>`,
    '<circle cx="100" cy="100" r="86" fill="none" stroke="#E8D9B5" stroke-width="3"/>',
    `<text x="100" y="118" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="64" font-weight="700" fill="#F6F1E6">${escapeXml(initials)}</text>`,
  ].join('');
  return svgDocument(200, 200, body, { title: name });
}
