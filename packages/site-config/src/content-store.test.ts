import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { ContentStore, normaliseSitePath } from './content-store.js';
import { contentDir } from './content-dir.js';
import { ContentInvalidError, ContentNotFoundError } from './errors.js';

let root: string;
let store: ContentStore;

async function put(relativePath: string, value: unknown): Promise<void> {
  const file = path.join(root, relativePath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-config-'));
  store = new ContentStore(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('contentDir', () => {
  it('uses CONTENT_DIR when set', () => {
    expect(contentDir({ CONTENT_DIR: '/srv/content' })).toBe('/srv/content');
  });

  it("defaults to the repository's content folder", () => {
    expect(contentDir({})).toBe(path.resolve(__dirname, '..', '..', '..', 'content'));
  });
});

describe('normaliseSitePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/contact/', '/contact'],
    ['contact', '/contact'],
    ['/contact?utm_source=mail#form', '/contact'],
    ['//products///kitchen-cabinets//', '/products/kitchen-cabinets'],
    ['/Products/RTA/SSW', '/Products/RTA/SSW'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseSitePath(input)).toBe(expected);
  });

  it.each(['/../etc/passwd', '/a\\b', '/a b', `/${'x'.repeat(300)}`])('rejects %s', (input) => {
    expect(normaliseSitePath(input)).toBeNull();
  });
});

/** A file of the repository's own content (valid by construction: the content check holds it). */
const real = (relativePath: string): unknown => JSON.parse(readFileSync(path.join(contentDir(), relativePath), 'utf8'));

const image = { src: '/images/logo.svg', altText: 'Logo', width: 10, height: 10 };
const site = {
  name: 'Cabinet Co',
  tagline: 'Cabinets',
  phone: '(732) 555-0148',
  email: 'hello@example.com',
  address: { street: '1 Main St', city: 'Edison', state: 'NJ', zip: '08837', country: 'US' },
  hours: [{ days: 'Monday - Friday', time: '9:00 AM - 6:00 PM ET' }],
  social: [],
  featureFlags: {},
  copyright: '©',
};
const menus = { header: [{ text: 'Home', path: '/' }], footer: [{ title: 'Shop', items: [{ text: 'Home', path: '/' }] }] };
const page = (slug: string, pagePath: string) => ({ slug, path: pagePath, blocks: [{ id: 'title', type: 'page-title', variant: 'plain', title: slug }] });
const form = (name: string) => ({ name, fields: [{ name: 'email', type: 'email', label: 'Email' }], buttons: { submit: 'Send' } });
const table = (routes: unknown[]) => ({ logo: '/images/logo.svg', notFound: { title: 'x', description: 'y' }, routes });
const notifications = (extra: Record<string, unknown> = {}) => ({ adminEmails: ['orders@example.com'], fromAddress: 'orders@example.com', ...extra });

describe('ContentStore', () => {
  it('loads site data with menus', async () => {
    await put('site/site.json', site);
    await put('site/menus.json', menus);
    const data = await store.loadSiteData();
    expect(data.site.name).toBe('Cabinet Co');
    expect(data.menus.header).toHaveLength(1);
  });

  it('adds the cookie banner and popups when their files exist, and leaves them out otherwise', async () => {
    await put('site/site.json', site);
    expect(await store.loadSiteData()).not.toHaveProperty('popups');
    await put('site/cookie-banner.json', real('site/cookie-banner.json'));
    await put('site/popups.json', [{ name: 'offer', title: 'Offer', description: 'x', triggers: [{ type: 'exit-intent' }] }]);
    const data = await new ContentStore(root).loadSiteData();
    expect(data.cookieBanner?.title).toBe((real('site/cookie-banner.json') as { title: string }).title);
    expect(data.popups?.[0]?.name).toBe('offer');
    await put('site/popups.json', { name: 'offer' });
    await expect(new ContentStore(root).loadSiteData()).rejects.toThrow('Invalid content file site/popups.json: (file) must be a list (got an object)');
  });

  it('refuses a file that breaks its schema with the words of the content check, naming the file and each field', async () => {
    await put('site/site.json', { ...site, email: 'nobody', sitename: 'x' });
    const error = await store.loadSiteData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentInvalidError);
    expect((error as Error).message).toBe(
      'Invalid content file site/site.json: email must be an e-mail address (got "nobody"); sitename is not a known field (check the spelling)',
    );
  });

  it('finds a page by its path, ignoring a trailing slash', async () => {
    await put('pages/home.json', page('home', '/'));
    await put('pages/kitchen.json', page('kitchen', '/kitchen'));
    expect((await store.loadPageByPath('/')).slug).toBe('home');
    expect((await store.loadPageByPath('/kitchen/')).slug).toBe('kitchen');
    await expect(store.loadPageByPath('/missing')).rejects.toBeInstanceOf(ContentNotFoundError);
  });

  it('loads the page table, and treats a missing one as broken content rather than a missing page', async () => {
    await expect(store.loadPageTable()).rejects.toBeInstanceOf(ContentInvalidError);
    // content is read once per deploy: each version of the file is read by a fresh store
    await put('site/page-table.json', table({} as unknown as unknown[]));
    await expect(new ContentStore(root).loadPageTable()).rejects.toThrow('routes must be a list');
    await put('site/page-table.json', table([{ path: '/aboutus', aliasOf: '/about-us' }]));
    expect((await new ContentStore(root).loadPageTable()).routes).toEqual([{ path: '/aboutus', aliasOf: '/about-us' }]);
  });

  it('loads one product style by name, and rejects unknown or unsafe names as not found', async () => {
    await put('catalogs/product-styles.json', real('catalogs/product-styles.json'));
    expect((await store.loadProductStyle('ssw')).name).toBe('ssw');
    await expect(store.loadProductStyle('nope')).rejects.toBeInstanceOf(ContentNotFoundError);
    await expect(store.loadProductStyle('SSW')).rejects.toBeInstanceOf(ContentNotFoundError);
  });

  it('never reads outside the content folder', async () => {
    await writeFile(path.join(root, '..', `secret-${path.basename(root)}.json`), '{}');
    await expect(store.loadFormDefinition(`../secret-${path.basename(root)}`)).rejects.toBeInstanceOf(
      ContentNotFoundError,
    );
    await expect(store.readJson(`../secret-${path.basename(root)}.json`)).rejects.toBeInstanceOf(ContentNotFoundError);
    await rm(path.join(root, '..', `secret-${path.basename(root)}.json`));
  });

  it('reports a missing file as not found and a broken file as invalid, naming the file', async () => {
    await expect(store.loadFormDefinition('contact')).rejects.toBeInstanceOf(ContentNotFoundError);
    await put('forms/contact.json', '{ "name": ');
    const error = await store.loadFormDefinition('contact').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentInvalidError);
    expect((error as Error).message).toContain('forms/contact.json');
  });

  it('loads an estimator with its pricing (same name unless priceTemplate says otherwise)', async () => {
    const template = real('estimator/kitchen.json') as Record<string, unknown>;
    await put('estimator/kitchen.json', template);
    await put('estimator/pricing/kitchen.json', real('estimator/pricing/kitchen.json'));
    const bundle = await store.loadEstimatorBundle('kitchen');
    expect(bundle.template.name).toBe('kitchen');
    expect(bundle.pricing).toEqual(real('estimator/pricing/kitchen.json'));

    await put('estimator/bath.json', { ...template, id: 'bath', name: 'bath', priceTemplate: 'kitchen' });
    expect((await store.loadEstimatorBundle('bath')).pricing).toEqual(bundle.pricing);
  });

  it('loads payment methods and reviews', async () => {
    await put('settings/payment-methods.json', real('settings/payment-methods.json'));
    await put('data/reviews.json', [{ name: 'Ann', rating: '4.5', platform: 'Google', location: 'Edison, NJ', reviewText: 'Great' }]);
    expect((await store.loadPaymentMethods()).length).toBeGreaterThan(0);
    expect((await store.loadReviews())[0]?.name).toBe('Ann');
  });

  it('loads notification settings, each address once, and refuses a malformed file with the field that is wrong', async () => {
    await put('settings/notifications.json', {
      adminEmails: ['orders@example.com', 'samples@example.com', 'orders@example.com'],
      fromAddress: 'orders@example.com',
      fromName: 'Cabinet Co',
      formRecipients: { contact: ['help@example.com', 'help@example.com'], default: ['staff@example.com'] },
    });
    expect(await store.loadNotificationSettings()).toEqual({
      adminEmails: ['orders@example.com', 'samples@example.com'],
      fromAddress: 'orders@example.com',
      fromName: 'Cabinet Co',
      formRecipients: { contact: ['help@example.com'], default: ['staff@example.com'] },
    });
    const refused = async (value: unknown): Promise<string> => {
      await put('settings/notifications.json', value);
      return ((await new ContentStore(root).loadNotificationSettings().catch((e: unknown) => e)) as Error).message;
    };
    expect(await refused(notifications({ adminEmails: 'a@example.com' }))).toMatch(/adminEmails must be a list/);
    expect(await refused(notifications({ adminEmails: ['a@example.com', 'Bob <b@example.com>'] }))).toMatch(/adminEmails\[1\] must be an e-mail address/);
    expect(await refused(notifications({ fromAddress: 'nobody' }))).toMatch(/fromAddress must be an e-mail address/);
    expect(await refused(notifications({ fromName: 'A\r\nBcc: x@example.com' }))).toMatch(/fromName must be one line/);
    expect(await refused(notifications({ formRecipients: ['x@example.com'] }))).toMatch(/formRecipients must be an object/);
    expect(await refused(notifications({ formRecipients: { contact: 'x@example.com' } }))).toMatch(/formRecipients.contact must be a list/);
    expect(await refused(notifications({ formRecipients: { contact: ['x@example.com, y@example.com'] } }))).toMatch(
      /formRecipients.contact\[0\] must be an e-mail address/,
    );
  });

  it('loads blog posts, authors and article HTML, and reads articles only inside blogs/', async () => {
    const author = { id: 'ann', name: 'Ann', designation: 'Designer', description: 'Draws kitchens.', logo: image, socials: [] };
    const post = {
      blogDetailPath: 'a',
      title: 'A',
      description: 'About a.',
      blogCategory: 'Design',
      author: 'ann',
      publishDate: '2026-01-31',
      isPopular: false,
      image,
      contentPath: 'articles/a.html',
    };
    await put('blogs/blogs.json', [post]);
    await put('blogs/authors.json', [author]);
    await put('blogs/articles/a.html', '<p>Hi</p>');
    await put('site/site.json', site);
    expect(await store.loadBlogPosts()).toEqual([post]);
    expect(await store.loadBlogAuthors()).toEqual([author]);
    expect(await store.loadBlogArticle('articles/a.html')).toBe('<p>Hi</p>');
    await expect(store.loadBlogArticle('articles/missing.html')).rejects.toBeInstanceOf(ContentNotFoundError);
    await expect(store.loadBlogArticle('../site/site.json')).rejects.toBeInstanceOf(ContentNotFoundError);
    await put('blogs/blogs.json', { not: 'a list' });
    await expect(new ContentStore(root).loadBlogPosts()).rejects.toBeInstanceOf(ContentInvalidError);
  });

  it('reads each file once: a running service keeps the content it started with', async () => {
    await put('forms/contact.json', form('contact'));
    expect((await store.loadFormDefinition('contact')).name).toBe('contact');
    await put('forms/contact.json', form('contact-us'));
    await put('pages/home.json', page('home', '/'));
    expect((await store.loadFormDefinition('contact')).name).toBe('contact');
    expect(await store.loadPages()).toHaveLength(1);
    await put('pages/kitchen.json', page('kitchen', '/kitchen'));
    expect(await store.loadPages()).toHaveLength(1);

    const restarted = new ContentStore(root);
    expect((await restarted.loadFormDefinition('contact')).name).toBe('contact-us');
    expect(await restarted.loadPages()).toHaveLength(2);
  });

  it('does not remember a missing file (it may be added before the next deploy is read)', async () => {
    await expect(store.loadFormDefinition('contact')).rejects.toBeInstanceOf(ContentNotFoundError);
    await put('forms/contact.json', form('contact'));
    expect((await store.loadFormDefinition('contact')).name).toBe('contact');
  });

  it('reads every file of the repository content without a problem', async () => {
    const repository = new ContentStore(contentDir());
    await expect(repository.loadSiteData()).resolves.toBeDefined();
    await expect(repository.loadPages()).resolves.not.toHaveLength(0);
    await expect(repository.loadPageTable()).resolves.toBeDefined();
    await expect(repository.loadNotificationSettings()).resolves.toBeDefined();
  });
});
