import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ContentStore, normaliseSitePath, parseNotificationSettings } from './content-store.js';
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

describe('ContentStore', () => {
  it('loads site data with menus', async () => {
    await put('site/site.json', { name: 'Cabinet Co' });
    await put('site/menus.json', { header: [{ text: 'Home', path: '/' }], footer: [] });
    const data = await store.loadSiteData();
    expect(data.site.name).toBe('Cabinet Co');
    expect(data.menus.header).toHaveLength(1);
  });

  it('adds the cookie banner and popups when their files exist, and leaves them out otherwise', async () => {
    await put('site/site.json', { name: 'Cabinet Co' });
    expect(await store.loadSiteData()).not.toHaveProperty('popups');
    await put('site/cookie-banner.json', { title: 'Cookies', message: 'We use cookies.', buttons: [] });
    await put('site/popups.json', [{ name: 'offer', title: 'Offer', description: 'x', triggers: [] }]);
    const data = await new ContentStore(root).loadSiteData();
    expect(data.cookieBanner?.title).toBe('Cookies');
    expect(data.popups?.[0]?.name).toBe('offer');
    await put('site/popups.json', { name: 'offer' });
    await expect(new ContentStore(root).loadSiteData()).rejects.toBeInstanceOf(ContentInvalidError);
  });

  it('finds a page by its path, ignoring a trailing slash', async () => {
    await put('pages/home.json', { slug: 'home', path: '/', blocks: [] });
    await put('pages/kitchen.json', { slug: 'kitchen', path: '/kitchen', blocks: [] });
    expect((await store.loadPageByPath('/')).slug).toBe('home');
    expect((await store.loadPageByPath('/kitchen/')).slug).toBe('kitchen');
    await expect(store.loadPageByPath('/missing')).rejects.toBeInstanceOf(ContentNotFoundError);
  });

  it('loads the page table, and treats a missing one as broken content rather than a missing page', async () => {
    await expect(store.loadPageTable()).rejects.toBeInstanceOf(ContentInvalidError);
    // content is read once per deploy: each version of the file is read by a fresh store
    await put('site/page-table.json', { logo: '/images/logo.svg', notFound: { title: 'x', description: 'y' }, routes: {} });
    await expect(new ContentStore(root).loadPageTable()).rejects.toThrow('routes must be a list');
    await put('site/page-table.json', { logo: '/images/logo.svg', notFound: { title: 'x', description: 'y' }, routes: [] });
    expect((await new ContentStore(root).loadPageTable()).routes).toEqual([]);
  });

  it('loads one product style by name, and rejects unknown or unsafe names as not found', async () => {
    await put('catalogs/product-styles.json', [{ name: 'ssw', title: 'Shaker White' }]);
    expect((await store.loadProductStyle('ssw')).title).toBe('Shaker White');
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
    await put('estimator/kitchen.json', { id: 'k', name: 'kitchen', groups: [] });
    await put('estimator/pricing/kitchen.json', { size: { small: { price: { min: 1, max: 2 } } } });
    const bundle = await store.loadEstimatorBundle('kitchen');
    expect(bundle.template.name).toBe('kitchen');
    expect(Object.keys(bundle.pricing)).toEqual(['size']);

    await put('estimator/bath.json', { id: 'b', name: 'bath', groups: [], priceTemplate: 'kitchen' });
    expect((await store.loadEstimatorBundle('bath')).pricing).toEqual(bundle.pricing);
  });

  it('loads payment methods and reviews', async () => {
    await put('settings/payment-methods.json', [{ name: 'credit-card', enabled: true }]);
    await put('data/reviews.json', [{ name: 'Ann', rating: 5, reviewText: 'Great' }]);
    expect(await store.loadPaymentMethods()).toHaveLength(1);
    expect((await store.loadReviews())[0]?.name).toBe('Ann');
  });

  it('loads notification settings and refuses a malformed file with the field that is wrong', async () => {
    await put('settings/notifications.json', {
      adminEmails: ['orders@example.com', 'samples@example.com', 'orders@example.com'],
      fromAddress: 'orders@example.com',
      fromName: 'Cabinet Co',
    });
    expect(await store.loadNotificationSettings()).toEqual({
      adminEmails: ['orders@example.com', 'samples@example.com'],
      fromAddress: 'orders@example.com',
      fromName: 'Cabinet Co',
    });
    expect(() => parseNotificationSettings({ adminEmails: 'a@example.com', fromAddress: 'a@example.com' })).toThrow(/adminEmails must be a list/);
    expect(() => parseNotificationSettings({ adminEmails: ['a@example.com', 'Bob <b@example.com>'], fromAddress: 'a@example.com' })).toThrow(
      /adminEmails\[1\] must be an e-mail address/,
    );
    expect(() => parseNotificationSettings({ adminEmails: [], fromAddress: 'nobody' })).toThrow(/fromAddress must be an e-mail address/);
    expect(() => parseNotificationSettings({ adminEmails: [], fromAddress: 'a@example.com', fromName: 'A\r\nBcc: x@example.com' })).toThrow(
      /fromName must be one line/,
    );
    expect(parseNotificationSettings({ adminEmails: [], fromAddress: 'a@example.com' })).toEqual({ adminEmails: [], fromAddress: 'a@example.com' });
  });

  it('reads the staff recipients of form notifications and refuses anything but addresses', () => {
    const base = { adminEmails: [], fromAddress: 'a@example.com' };
    expect(
      parseNotificationSettings({ ...base, formRecipients: { contact: ['help@example.com', 'help@example.com'], default: ['staff@example.com'] } })
        .formRecipients,
    ).toEqual({ contact: ['help@example.com'], default: ['staff@example.com'] });
    expect(() => parseNotificationSettings({ ...base, formRecipients: ['x@example.com'] })).toThrow(/formRecipients must be an object/);
    expect(() => parseNotificationSettings({ ...base, formRecipients: { contact: 'x@example.com' } })).toThrow(/formRecipients.contact must be a list/);
    expect(() => parseNotificationSettings({ ...base, formRecipients: { contact: ['x@example.com, y@example.com'] } })).toThrow(
      /formRecipients.contact\[0\] must be an e-mail address/,
    );
  });

  it('loads blog posts, authors and article HTML, and reads articles only inside blogs/', async () => {
    await put('blogs/blogs.json', [{ blogDetailPath: 'a' }]);
    await put('blogs/authors.json', [{ id: 'x' }]);
    await put('blogs/articles/a.html', '<p>Hi</p>');
    await put('site/site.json', {});
    expect(await store.loadBlogPosts()).toEqual([{ blogDetailPath: 'a' }]);
    expect(await store.loadBlogAuthors()).toEqual([{ id: 'x' }]);
    expect(await store.loadBlogArticle('articles/a.html')).toBe('<p>Hi</p>');
    await expect(store.loadBlogArticle('articles/missing.html')).rejects.toBeInstanceOf(ContentNotFoundError);
    await expect(store.loadBlogArticle('../site/site.json')).rejects.toBeInstanceOf(ContentNotFoundError);
    await put('blogs/blogs.json', { not: 'a list' });
    await expect(new ContentStore(root).loadBlogPosts()).rejects.toBeInstanceOf(ContentInvalidError);
  });

  it('reads each file once: a running service keeps the content it started with', async () => {
    await put('forms/contact.json', { name: 'contact', fields: [] });
    expect((await store.loadFormDefinition('contact')).name).toBe('contact');
    await put('forms/contact.json', { name: 'contact-us', fields: [] });
    await put('pages/home.json', { slug: 'home', path: '/', blocks: [] });
    expect((await store.loadFormDefinition('contact')).name).toBe('contact');
    expect(await store.loadPages()).toHaveLength(1);
    await put('pages/kitchen.json', { slug: 'kitchen', path: '/kitchen', blocks: [] });
    expect(await store.loadPages()).toHaveLength(1);

    const restarted = new ContentStore(root);
    expect((await restarted.loadFormDefinition('contact')).name).toBe('contact-us');
    expect(await restarted.loadPages()).toHaveLength(2);
  });

  it('does not remember a missing file (it may be added before the next deploy is read)', async () => {
    await expect(store.loadFormDefinition('contact')).rejects.toBeInstanceOf(ContentNotFoundError);
    await put('forms/contact.json', { name: 'contact', fields: [] });
    expect((await store.loadFormDefinition('contact')).name).toBe('contact');
  });
});
