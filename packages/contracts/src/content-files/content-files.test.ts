import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentFileProblems, contentFileSchema, contentProblems, readContentValue, ContentFileError } from './index.js';
import { shippingSettingsSchema, taxSettingsSchema } from './commerce.js';
import { formatContentProblem } from './editor-rules.js';
import { halfStepRating } from './blogs.js';

const contentRoot = path.resolve(__dirname, '..', '..', '..', '..', 'content');
const read = (relativePath: string): unknown => JSON.parse(readFileSync(path.join(contentRoot, relativePath), 'utf8'));
const clone = <T>(relativePath: string): T => structuredClone(read(relativePath)) as T;
const lines = (relativePath: string, value: unknown) => contentFileProblems(relativePath, value).map(formatContentProblem);

function jsonFiles(dir = ''): string[] {
  return readdirSync(path.join(contentRoot, dir)).flatMap((name) => {
    const relativePath = dir ? `${dir}/${name}` : name;
    if (statSync(path.join(contentRoot, relativePath)).isDirectory()) return name === 'node_modules' ? [] : jsonFiles(relativePath);
    return name.endsWith('.json') && relativePath !== 'package.json' ? [relativePath] : [];
  });
}

describe('the content-file schemas', () => {
  it.each(jsonFiles())('%s has a schema and passes it', (relativePath) => {
    expect(contentFileSchema(relativePath)).toBeDefined();
    expect(lines(relativePath, read(relativePath))).toEqual([]);
  });

  it('name every problem of a file at its place, in the words of an editor', () => {
    const site = clone<Record<string, unknown>>('site/site.json');
    Object.assign(site, { email: 'nobody', phone: 5, sitename: 'x' });
    delete site.tagline;
    expect(lines('site/site.json', site)).toEqual(
      expect.arrayContaining([
        'email must be an e-mail address (got "nobody")',
        'phone must be a string (got 5)',
        'tagline is required',
        'sitename is not a known field (check the spelling)',
      ]),
    );
    expect(lines('site/site.json', [])).toEqual(['(file) must be an object (got a list)']);
  });

  it('check menus at every depth (a submenu is a menu)', () => {
    const menus = clone<{ header: Record<string, unknown>[] }>('site/menus.json');
    menus.header[0]!.submenu = [{ text: 'Deep', path: 'no-slash', colour: 'red' }];
    expect(lines('site/menus.json', menus)).toEqual([
      'header[0].submenu[0].path must be a site path starting with / (got "no-slash")',
      'header[0].submenu[0].colour is not a known field (check the spelling)',
    ]);
  });

  it('check each block by its type, let a type nobody draws yet through, and name head fields that moved to the page table', () => {
    const page = clone<{ blocks: Record<string, unknown>[]; title?: string }>('pages/home.json');
    page.blocks.push({ id: 'faq', type: 'contact-list', items: [{ type: 'fax', text: '1' }] });
    page.blocks.push({ id: 'later', type: 'not-built-yet', anything: true });
    page.blocks.push({ id: 'pic', type: 'media-block', title: 'Nothing to show' });
    page.title = 'Home';
    expect(lines('pages/home.json', page)).toEqual([
      "title belongs in site/page-table.json (the one source of a page's title, description, breadcrumb and schemas)",
      `blocks[${page.blocks.length - 3}].items[0].type must be one of address, phone, sms, email, hours, icon-link, link, image (got "fax")`,
      `blocks[${page.blocks.length - 1}] needs an image or a video`,
    ]);
  });

  it('check the form fields inside groups and a video card by its type', () => {
    const form = clone<{ fields: Record<string, unknown>[] }>('forms/contact.json');
    form.fields.push({ name: 'group', type: 'group', fields: [{ name: '9lives', type: 'texts' }] });
    expect(lines('forms/contact.json', form)).toEqual([
      `fields[${form.fields.length - 1}].fields[0].name must be a field name (letters, digits, _) (got "9lives")`,
      expect.stringMatching(new RegExp(`^fields\\[${form.fields.length - 1}\\]\\.fields\\[0\\]\\.type must be one of "text", "email"`)),
    ]);
    const categories = clone<{ video: Record<string, unknown> }[]>('catalogs/categories.json');
    categories[0]!.video = { ...categories[0]!.video, videoType: 'video', videoUrl: 'https://youtu.be/abcdefghijk' };
    expect(lines('catalogs/categories.json', categories)).toEqual([
      '[0].video.videoUrl must be an /images/ or https:// .mp4 or .webm file (got "https://youtu.be/abcdefghijk")',
    ]);
  });

  it('check the notification recipients (the one e-mail rule) and the keys of the form recipients', () => {
    const settings = { adminEmails: ['orders@example.com', 'Bob <b@example.com>'], fromAddress: 'orders@example.com', formRecipients: { Contact_Us: [], contact: ['x@example.com, y@example.com'] } };
    expect(lines('settings/notifications.json', settings)).toEqual([
      'adminEmails[1] must be an e-mail address (got "Bob <b@example.com>")',
      'formRecipients.Contact_Us key must be a form name or "default" (got "Contact_Us")',
      'formRecipients.Contact_Us must have at least 1 entry (has 0)',
      'formRecipients.contact[0] must be an e-mail address (got "x@example.com, y@example.com")',
    ]);
  });

  describe('shipping and tax settings', () => {
    const valid = {
      isEnabled: true,
      methods: [
        { type: 'ground', displayName: 'Ground', isEnabled: true, calculateRateBy: 'Order', rates: [{ startValue: 0, endValue: null, rate: 5 }], countries: [{ country: 'US' }] },
      ],
    };
    const method = (change: Record<string, unknown>) => ({ ...valid, methods: [{ ...valid.methods[0], ...change }] });

    it('accept a valid file', () => {
      expect(readContentValue('settings/shipping.json', shippingSettingsSchema, valid).methods[0]?.rates).toEqual([{ startValue: 0, endValue: null, rate: 5 }]);
    });

    it.each([
      [{ ...valid, isEnabled: 'yes' }, 'isEnabled must be true or false (got "yes")'],
      [method({ calculateRateBy: 'Weight' }), 'methods[0].calculateRateBy must be one of "Order", "Item" (got "Weight")'],
      [method({ rates: [{ startValue: 0, endValue: 10, rate: -1 }] }), 'methods[0].rates[0].rate must be at least 0 (got -1)'],
      [method({ rates: [{ startValue: 10, endValue: 5, rate: 1 }] }), 'methods[0].rates[0].endValue must not be below startValue'],
      [method({ calculateRateBy: 'Item' }), 'methods[0].ratePerItem is needed when calculateRateBy is "Item"'],
      [method({ rates: [] }), 'methods[0].rates needs at least one range when calculateRateBy is "Order"'],
      [
        method({ countries: [{ country: 'US', states: [{ state: 'NY', zipCodes: [{ zipCode: '1x*' }] }] }] }),
        'methods[0].countries[0].states[0].zipCodes[0].zipCode must be a zip ("99501"), a range ("10000-14999") or a wildcard ("*", "100*") (got "1x*")',
      ],
    ])('name the broken field (%#)', (input, message) => {
      expect(contentProblems(shippingSettingsSchema, input).map(formatContentProblem)).toEqual([message]);
      expect(() => readContentValue('settings/shipping.json', shippingSettingsSchema, input)).toThrow(new ContentFileError('settings/shipping.json', contentProblems(shippingSettingsSchema, input)));
    });

    it('refuse a tax percentage above 100 and a state without its default', () => {
      expect(contentProblems(taxSettingsSchema, { isEnabled: true, countries: [{ country: 'US', taxPercentage: 101 }] }).map(formatContentProblem)).toEqual([
        'countries[0].taxPercentage must be at most 100 (got 101)',
      ]);
      expect(contentProblems(taxSettingsSchema, { isEnabled: true, countries: [{ country: 'US', states: [{ state: 'NY' }] }] }).map(formatContentProblem)).toEqual([
        'countries[0].states[0].taxPercentage is required',
      ]);
    });
  });

  it('read a rating as a number or numeric text in half steps', () => {
    const review = { name: 'Ann', platform: 'Google', location: 'Edison, NJ', reviewText: 'Great' };
    expect(lines('data/reviews.json', [{ ...review, rating: '4.5' }, { ...review, rating: 3 }])).toEqual([]);
    expect(lines('data/reviews.json', [{ ...review, rating: '4.3' }])).toEqual([
      '[0].rating must be a rating from 1 to 5 in half steps, as a number or a string (e.g. 4.5 or "4.5")',
    ]);
  });
});

describe('halfStepRating', () => {
  it('takes ratings 1-5 in half steps given as numbers or strings', () => {
    expect([5, '4', ' 3 ', 4.5, ' 1.5'].map(halfStepRating)).toEqual([5, 4, 3, 4.5, 1.5]);
  });

  it('refuses anything the reviews table cannot hold', () => {
    for (const value of [0, 0.5, 6, 4.3, '4.25', 'five', '', null, undefined, Number.NaN]) expect(halfStepRating(value)).toBeUndefined();
  });

  describe('spec §3 fields the schemas used to refuse', () => {
    const accordionPage = (answer: unknown) => ({
      slug: 'faqs',
      path: '/faqs',
      blocks: [{ id: 'faq', type: 'accordion', faqs: [{ question: 'What ships?', answer }] }],
    });

    it('an accordion answer is HTML or a list of HTML items, nothing else', () => {
      expect(lines('pages/faqs.json', accordionPage('<p>Doors</p>'))).toEqual([]);
      expect(lines('pages/faqs.json', accordionPage(['Doors', '<strong>Boxes</strong>']))).toEqual([]);
      expect(lines('pages/faqs.json', accordionPage([]))).toEqual(['blocks[0].faqs[0].answer must be HTML text or a list of HTML texts, none empty (got a list)']);
      expect(lines('pages/faqs.json', accordionPage(['Doors', 3]))).toEqual(['blocks[0].faqs[0].answer must be HTML text or a list of HTML texts, none empty (got a list)']);
      expect(lines('pages/faqs.json', accordionPage(7))).toEqual(['blocks[0].faqs[0].answer must be HTML text or a list of HTML texts, none empty (got 7)']);
    });

    const cardsPage = (card: Record<string, unknown>) => ({
      slug: 'cards',
      path: '/cards',
      blocks: [{ id: 'cards', type: 'image-cards', version: 'v1', cards: [{ title: 'Doors', description: 'Solid wood.', ...card }] }],
    });
    const image = { src: '/images/kitchens/a.svg', altText: 'A kitchen', width: 800, height: 600 };

    it("accepts the spec's card fields: class name, rich images, author, publish date, action target and icon", () => {
      const card = {
        className: 'highlight',
        images: [{ ...image, hoverSrc: '/images/kitchens/b.svg', hoverEffect: 'swap', objectFit: 'contain', iconName: 'door', hoverIconName: 'door-open', label: 'New', thumbnail: '/images/kitchens/t.svg', fullSize: '/images/kitchens/f.svg' }],
        author: 'Derek Hale',
        publishDate: '2026-10-28',
        action: { text: 'Read', url: 'https://example.com/guide', target: '_blank', showIcon: true },
      };
      expect(lines('pages/cards.json', cardsPage(card))).toEqual([]);
    });

    it('keeps cards strict: typos, unsafe class names, bad dates and two picture fields are refused', () => {
      expect(lines('pages/cards.json', cardsPage({ imgaes: [image] }))).toEqual(['blocks[0].cards[0].imgaes is not a known field (check the spelling)']);
      expect(lines('pages/cards.json', cardsPage({ className: 'sf-container wide' }))).toEqual([
        'blocks[0].cards[0].className must be a lower-case class token (letters, digits, hyphens; up to 32) (got "sf-container wide")',
      ]);
      expect(lines('pages/cards.json', cardsPage({ publishDate: 'Oct 28' }))).toEqual(['blocks[0].cards[0].publishDate must be a date like 2026-01-31 (got "Oct 28")']);
      expect(lines('pages/cards.json', cardsPage({ action: { text: 'Go', url: '/x', target: 'blank' } }))[0]).toMatch(/^blocks\[0\]\.cards\[0\]\.action\.target must be one of/);
      expect(lines('pages/cards.json', cardsPage({ image, images: [image] }))).toEqual(['blocks[0].cards[0].images cannot be given with image (use one of the two)']);
    });

    it("accepts a menu item's data (short names, text values) and still refuses unknown menu fields", () => {
      const menus = clone<{ header: Record<string, unknown>[] }>('site/menus.json');
      menus.header[0]!.data = { analyticsLabel: 'kitchens', position: '1' };
      expect(lines('site/menus.json', menus)).toEqual([]);
      menus.header[0]!.data = { 'bad key': 'x', count: 2 };
      expect(lines('site/menus.json', menus)).toEqual(
        expect.arrayContaining(['header[0].data.bad key key must be a short name (letters, digits, _ and -) (got "bad key")', 'header[0].data.count must be a string (got 2)']),
      );
      menus.header[0]!.dta = {};
      expect(lines('site/menus.json', menus)).toContain('header[0].dta is not a known field (check the spelling)');
    });
  });
});
