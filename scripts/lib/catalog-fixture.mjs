// A synthetic product-style catalog for the bench's "catalog listing at 5,000 styles": styles shaped
// like content/catalogs/product-styles.json, drawn from its real finishes (value, label, hex, colour
// family, finish type) and content/catalogs/listing-filters.json's door styles and labels, with a
// seeded generator so every run lists the same catalog.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content');

/** mulberry32: small, fast, seeded. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['Aspen', 'Beacon', 'Cedar', 'Dover', 'Easton', 'Fairfield', 'Glenwood', 'Harbor', 'Ivy', 'Juniper', 'Kent', 'Laurel', 'Madison', 'Newport', 'Oakley', 'Preston', 'Quincy', 'Raleigh', 'Salem', 'Tahoe', 'Union', 'Vernon', 'Weston', 'Yardley'];

/** `count` styles (codes bench00001...), valid for the content service's loader. */
export function generateCatalog(count, { seed = 8 } = {}) {
  const real = JSON.parse(readFileSync(path.join(contentDir, 'catalogs/product-styles.json'), 'utf8'));
  const listing = JSON.parse(readFileSync(path.join(contentDir, 'catalogs/listing-filters.json'), 'utf8'));
  const optionsOf = (field) => listing.filters.find((filter) => filter.field === field)?.options.map((option) => option.label) ?? [];
  const doorStyles = listing.filters.find((filter) => filter.field === 'doorStyle')?.options.map((option) => option.value) ?? ['shaker'];
  const labels = optionsOf('label');
  // finish groups by type, each with every finish the real catalog offers in it
  const groups = new Map();
  for (const style of real) {
    for (const group of style.finishes) {
      const entry = groups.get(group.name) ?? { name: group.name, group: group.group, title: group.title, items: new Map() };
      for (const finish of group.items) entry.items.set(finish.value, finish);
      groups.set(group.name, entry);
    }
  }
  const types = [...groups.values()].map((group) => ({ ...group, items: [...group.items.values()] }));
  const random = seededRandom(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const start = Date.UTC(2022, 0, 1);
  const days = 4 * 365;

  return Array.from({ length: count }, (_, i) => {
    const code = `bench${String(i + 1).padStart(5, '0')}`;
    const doorStyle = pick(doorStyles);
    const title = `${pick(WORDS)} ${pick(WORDS)} ${doorStyle.replace('-', ' ')} ${i + 1}`.replace(/\b\w/g, (c) => c.toUpperCase());
    const finishTypes = random() < 0.2 ? [pick(types), pick(types)].filter((t, n, all) => all.indexOf(t) === n) : [pick(types)];
    const finishes = finishTypes.map((type) => {
      const shuffled = [...type.items].sort(() => random() - 0.5);
      const items = shuffled.slice(0, Math.min(shuffled.length, 2 + Math.floor(random() * 3)));
      return {
        name: type.name,
        group: type.group,
        title: type.title,
        items: items.map((finish) => ({ ...finish, doorImage: `/images/styles/${code}-${finish.value}.svg` })),
      };
    });
    const samples = finishes.flatMap((group) =>
      group.items.map((finish, n) => ({
        sku: `${code.toUpperCase()}-SMPL-${group.name.toUpperCase()}-${n}`,
        name: `${title} Sample Door - ${finish.label}`,
        price: 0,
        weight: 3.2,
        isSample: true,
        finish: { type: group.name, value: finish.value },
      })),
    );
    return {
      name: code,
      title,
      description: `${title}: a synthetic style for the catalog benchmark.`,
      shortDescription: '<ul><li>Solid wood frame</li><li>Plywood box</li><li>Soft-close hinges</li></ul>',
      ...(random() < 0.25 ? { label: pick(labels) } : {}),
      category: 'kitchen-cabinets',
      doorStyle,
      addedOn: new Date(start + Math.floor(random() * days) * 86_400_000).toISOString().slice(0, 10),
      images: [{ src: `/images/kitchens/${code}.svg`, altText: `${title} kitchen`, width: 1200, height: 800, type: 'base' }],
      finishes,
      items: [
        ...samples,
        { sku: `${code.toUpperCase()}-B12`, name: `${title} Base Cabinet 12"W`, price: 188.99, weight: 31 },
        { sku: `${code.toUpperCase()}-W3030`, name: `${title} Wall Cabinet 30"W x 30"H`, price: 228.99, weight: 39 },
      ],
      specifications: { specView: 'tabular', specs: [] },
    };
  });
}
