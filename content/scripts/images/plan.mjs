// The list of every image the build writes, derived from the content files. generate-images.mjs writes it;
// check-content.mjs compares every /images/... reference in content/ against it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAYMENT_ICON_NAMES, renderAuthorLogo, renderLogo, renderPaymentIcon } from './brand.mjs';
import { luminance } from './color.mjs';
import { finishLook, renderDoorImage } from './door.mjs';
import { renderDesignPlan, renderSampleDoors } from './illustrations.mjs';
import { renderKitchen } from './kitchen.mjs';
import { addMediaImages } from './media.mjs';
import { GALLERY_SCENES, GALLERY_VIEWS, HOME_BANNER } from './scenes.mjs';
import { renderSwatch } from './swatch.mjs';

export const IMAGE_URL_PREFIX = '/images/';

/** Which door the drawings use, read from the style's "Door style" spec so editors control it in one place. */
export function doorTypeOf(style) {
  const props = style?.specifications?.specs?.flatMap((s) => s?.props ?? []) ?? [];
  const text = (props.find((p) => p?.label === 'Door style')?.value ?? '').toLowerCase();
  if (text.includes('slab')) return 'slab';
  if (text.includes('raised')) return 'raised';
  if (text.includes('slim')) return 'slim';
  if (text.includes('craftsman')) return 'craftsman';
  return 'shaker';
}

const isHex = (v) => typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v);

function readJson(contentDir, file) {
  try {
    return JSON.parse(readFileSync(join(contentDir, file), 'utf8'));
  } catch {
    return undefined; // the content check reports unreadable files; the plan just has fewer images
  }
}

/** Every image as { path (relative to the images folder), render() -> svg text }. */
export function planImages(contentDir) {
  const plan = new Map();
  const add = (path, render) => {
    if (!plan.has(path)) plan.set(path, render);
  };

  const site = readJson(contentDir, 'site/site.json');
  add('logo.svg', () => renderLogo(typeof site?.name === 'string' ? site.name : 'Cabinetry'));

  add('banners/home-hero.svg', () => renderKitchen({ ...HOME_BANNER, width: 1920, height: 787, seed: 'home-hero' }));
  add('banners/home-hero-mobile.svg', () => renderKitchen({ ...HOME_BANNER, width: 768, height: 900, windowAt: 0.5, pendants: 2, seed: 'home-hero-mobile' }));

  for (const [name, scene] of Object.entries(GALLERY_SCENES)) {
    add(`scenes/${name}.svg`, () => renderKitchen({ ...scene, width: 1200, height: 800, seed: name }));
    for (const [view, options] of Object.entries(GALLERY_VIEWS)) {
      add(`scenes/${name}-${view}.svg`, () => renderKitchen({ ...scene, ...options, seed: `${name}-${view}` }));
    }
  }
  add('scenes/kitchen-design-plan.svg', () => renderDesignPlan());

  const styles = Array.isArray(readJson(contentDir, 'catalogs/product-styles.json')) ? readJson(contentDir, 'catalogs/product-styles.json') : [];
  const fanFinishes = [];
  for (const style of styles) {
    const code = style?.name;
    if (typeof code !== 'string') continue;
    const type = doorTypeOf(style);
    for (const group of Array.isArray(style.finishes) ? style.finishes : []) {
      for (const option of Array.isArray(group?.items) ? group.items : []) {
        if (typeof option?.value !== 'string' || !isHex(option.hex)) continue;
        const finish = finishLook(group.name, option.hex);
        const label = option.label ?? option.value;
        if (fanFinishes.length < 7 && !fanFinishes.some((f) => f.hex === finish.hex) && code.length <= 3 && fanFinishes.every((f) => f.code !== code)) {
          fanFinishes.push({ ...finish, type, code });
        }
        add(`swatches/${option.value}.svg`, () => renderSwatch({ label, finish, seed: option.value }));
        add(`styles/${code}-${option.value}.svg`, () => renderDoorImage({ type, finish, title: `${style.title ?? code} door in ${label}` }));
        add(`kitchens/${code}-${option.value}.svg`, () =>
          renderKitchen({
            width: 1200,
            height: 800,
            title: `${style.title ?? code} kitchen in ${label}`,
            cabinet: finish,
            doorType: type,
            island: true,
            // light painted cabinets get a dark counter for contrast; dark or wood cabinets a white quartz one
            counter: !finish.grain && luminance(option.hex) > 0.45 ? '#3B3D40' : '#F2F0EC',
            hardware: finish.grain ? '#2B2B2B' : '#B8914F',
            seed: `${code}-${option.value}`,
          }),
        );
      }
    }
  }
  add('scenes/sample-doors.svg', () => renderSampleDoors(fanFinishes.length ? fanFinishes : [{ hex: '#F4F3EE', type: 'shaker' }]));

  const methods = readJson(contentDir, 'settings/payment-methods.json');
  for (const method of Array.isArray(methods) ? methods : []) {
    const icon = method?.metadata?.methodIcon;
    if (typeof icon !== 'string' || !icon.startsWith(`${IMAGE_URL_PREFIX}payment/`)) continue;
    const name = icon.slice(`${IMAGE_URL_PREFIX}payment/`.length).replace(/\.svg$/, '');
    if (!PAYMENT_ICON_NAMES.includes(name)) continue; // reported by the content check
    add(`payment/${name}.svg`, () => renderPaymentIcon(name, method.metadata.iconWidth ?? 120, method.metadata.iconHeight ?? 32));
  }

  // Blogs: one cover per post (a gallery scene named by the post's coverScene), a monogram per author,
  // and the category pages' banner.
  const blogs = readJson(contentDir, 'blogs/blogs.json');
  for (const post of Array.isArray(blogs) ? blogs : []) {
    const src = post?.image?.src;
    const scene = GALLERY_SCENES[post?.coverScene] ?? HOME_BANNER;
    if (typeof src !== 'string' || !src.startsWith(`${IMAGE_URL_PREFIX}blogs/`)) continue;
    const title = typeof post.title === 'string' ? post.title : 'Blog cover';
    add(src.slice(IMAGE_URL_PREFIX.length), () => renderKitchen({ ...scene, title, width: 1200, height: 800, seed: `blog-${post.blogDetailPath}` }));
  }
  const authors = readJson(contentDir, 'blogs/authors.json');
  (Array.isArray(authors) ? authors : []).forEach((author, index) => {
    const src = author?.logo?.src;
    if (typeof src !== 'string' || !src.startsWith(`${IMAGE_URL_PREFIX}blogs/`) || typeof author.name !== 'string') return;
    add(src.slice(IMAGE_URL_PREFIX.length), () => renderAuthorLogo(author.name, index));
  });
  add('blogs/category-banner.svg', () => renderKitchen({ ...HOME_BANNER, title: 'A bright shaker kitchen with an island', width: 1920, height: 712, seed: 'blog-category-banner' }));
  // media blocks
  addMediaImages(add, contentDir);
  return plan;
}
