import type { ConfirmedVideo, PageContent, ProductStyle, SiteSettings } from '@storefront/contracts';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  faqJsonLd,
  localBusinessJsonLd,
  openingHoursOf,
  organizationJsonLd,
  pageFaqs,
  pageVideoMentions,
  pageVideosJsonLd,
  productJsonLd,
  structuredDataFor,
  videoJsonLd,
} from './structured-data.js';

const SITE_URL = 'https://www.example-cabinets.com';

const site: SiteSettings = {
  name: 'Heartwood Cabinetry',
  tagline: 'Cabinets',
  phone: '(732) 555-0148',
  email: 'hello@example.com',
  address: { street: '2150 Industrial Parkway', city: 'Edison', state: 'NJ', zip: '08837', country: 'US' },
  hours: [
    { days: 'Monday - Friday', time: '9:00 AM - 6:00 PM ET' },
    { days: 'Saturday', time: '10:00 AM - 4:00 PM ET' },
    { days: 'Sunday', time: 'Closed' },
  ],
  social: [{ type: 'facebook', url: 'https://www.facebook.com/heartwood' }],
  featureFlags: {},
  copyright: '©',
};

function style(items: { price: number; isSample?: boolean }[]): ProductStyle {
  return {
    name: 'ssw',
    title: 'Shaker Snow White',
    description: 'A crisp white shaker.',
    shortDescription: '<ul><li>a</li></ul>',
    category: 'kitchen-cabinets',
    doorStyle: 'shaker',
    addedOn: '2026-01-01',
    layout: 'v1',
    images: [
      { src: '/images/styles/ssw-door.svg', altText: 'door', width: 600, height: 800, type: 'sample' },
      { src: '/images/kitchens/ssw.svg', altText: 'kitchen', width: 1200, height: 800, type: 'base' },
    ],
    finishes: [],
    items: items.map((item, index) => ({ sku: `SSW-${index}`, name: `Item ${index}`, weight: 1, ...item })),
    specifications: { specView: 'tabular', specs: [] },
  };
}

describe('absoluteUrl', () => {
  it('puts site paths under the public address and leaves URLs alone', () => {
    expect(absoluteUrl(SITE_URL, '/')).toBe(`${SITE_URL}/`);
    expect(absoluteUrl(SITE_URL, '/images/logo.svg')).toBe(`${SITE_URL}/images/logo.svg`);
    expect(absoluteUrl(SITE_URL, 'contact')).toBe(`${SITE_URL}/contact`);
    expect(absoluteUrl(SITE_URL, 'https://cdn.example.com/v.mp4')).toBe('https://cdn.example.com/v.mp4');
  });
});

describe('openingHoursOf', () => {
  it('turns the site hours into schema.org openingHours, leaving closed days out', () => {
    expect(openingHoursOf(site.hours)).toEqual(['Mo-Fr 09:00-18:00', 'Sa 10:00-16:00']);
  });

  it('reads abbreviations, noon and midnight, and skips what it cannot read', () => {
    expect(
      openingHoursOf([
        { days: 'Tues-Thurs', time: '12 PM - 11:30 p.m.' },
        { days: 'Sun', time: '12:00 AM - 5 AM' },
        { days: 'Weekdays', time: '9 AM - 5 PM' },
        { days: 'Monday', time: 'by appointment' },
      ]),
    ).toEqual(['Tu-Th 12:00-23:30', 'Su 00:00-05:00']);
  });
});

describe('localBusinessJsonLd and organizationJsonLd', () => {
  it('describe the business from site.json with absolute URLs', () => {
    expect(localBusinessJsonLd(site, SITE_URL, '/images/logo.svg')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Heartwood Cabinetry',
      url: `${SITE_URL}/`,
      image: `${SITE_URL}/images/logo.svg`,
      telephone: '(732) 555-0148',
      email: 'hello@example.com',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '2150 Industrial Parkway',
        addressLocality: 'Edison',
        addressRegion: 'NJ',
        postalCode: '08837',
        addressCountry: 'US',
      },
      openingHours: ['Mo-Fr 09:00-18:00', 'Sa 10:00-16:00'],
      sameAs: ['https://www.facebook.com/heartwood'],
    });
    expect(organizationJsonLd(site, SITE_URL, '/images/logo.svg')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Heartwood Cabinetry',
      url: `${SITE_URL}/`,
      logo: `${SITE_URL}/images/logo.svg`,
      sameAs: ['https://www.facebook.com/heartwood'],
    });
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the trail from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { label: 'Home', path: '/' },
          { label: 'Contact Us', path: '/contact' },
        ],
        SITE_URL,
      ).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Contact Us', item: `${SITE_URL}/contact` },
    ]);
  });
});

describe('productJsonLd', () => {
  const context = { site, siteUrl: SITE_URL, pageUrl: `${SITE_URL}/products/kitchen-cabinets/rta-kitchen-cabinets/ssw` };

  it('offers the price range of the cabinets (samples left out) as an AggregateOffer', () => {
    const product = productJsonLd(style([{ price: 9.99, isSample: true }, { price: 188.99 }, { price: 358.5 }]), context);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Shaker Snow White',
      sku: 'SSW',
      brand: { '@type': 'Brand', name: 'Heartwood Cabinetry' },
      // the main (base) image first
      image: [`${SITE_URL}/images/kitchens/ssw.svg`, `${SITE_URL}/images/styles/ssw-door.svg`],
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: '188.99',
        highPrice: '358.50',
        offerCount: 2,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: context.pageUrl,
      },
    });
  });

  it('offers one Offer when every item costs the same, and samples when nothing else is sold', () => {
    expect(productJsonLd(style([{ price: 9.99, isSample: true }, { price: 9.99, isSample: true }]), context).offers).toEqual({
      '@type': 'Offer',
      price: '9.99',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: context.pageUrl,
    });
  });

  it('has no offers when the style sells nothing', () => {
    expect(productJsonLd(style([]), context)).not.toHaveProperty('offers');
  });
});

describe('FAQ and video data', () => {
  /** the registry of confirmed videos (content/data/videos.json) */
  const registry: ConfirmedVideo[] = [
    { provider: 'youtube', id: 'realVideo01', title: 'Measuring a Kitchen', duration: 'PT3M5S', uploadDate: '2026-02-01', thumbnail: 'https://i.ytimg.com/vi/realVideo01/hqdefault.jpg' },
    { provider: 'file', id: '/images/videos/a.webm', title: 'A Door Going On', description: 'Four seconds.', duration: 'PT4S', uploadDate: '2026-11-23', thumbnail: '/images/videos/a.svg' },
  ];
  const page: PageContent = {
    slug: 'faqs',
    path: '/faqs',
    blocks: [
      { id: 'intro', type: 'banner' },
      { id: 'shipping', type: 'accordion', faqs: [{ question: 'How long?', answer: '<p>5 days</p>' }, { question: 'broken' }] },
      {
        id: 'how-to',
        type: 'media-block',
        video: { name: 'Assembly', description: 'How to', thumbnailUrl: '/images/t.svg', contentUrl: '/images/videos/a.webm' },
      },
      { id: 'channel', type: 'media-block', video: { name: 'x', description: 'y', thumbnailUrl: '/t', embedUrl: 'https://www.youtube.com/@heartwoodcabinetry' } },
    ],
  };

  it('collects the questions and the videos the page names', () => {
    expect(pageFaqs(page)).toEqual([{ question: 'How long?', answer: '<p>5 days</p>' }]);
    // a link to a channel names no video
    expect(pageVideoMentions(page)).toEqual([{ ref: { provider: 'file', id: '/images/videos/a.webm' }, description: 'How to' }]);
    expect(pageFaqs(undefined)).toEqual([]);
  });

  it('builds FAQPage only when there are questions', () => {
    expect(faqJsonLd([])).toBeUndefined();
    expect(faqJsonLd(pageFaqs(page))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'How long?', acceptedAnswer: { '@type': 'Answer', text: '<p>5 days</p>' } }],
    });
  });

  it('carries a list-valued answer into FAQPage as the same bulleted list the page shows', () => {
    const listed: PageContent = { slug: 'f', path: '/f', blocks: [{ id: 'a', type: 'accordion', faqs: [{ question: 'In the box?', answer: ['Doors', 'Hinges'] }] }] };
    expect(faqJsonLd(pageFaqs(listed))?.mainEntity).toEqual([
      { '@type': 'Question', name: 'In the box?', acceptedAnswer: { '@type': 'Answer', text: '<ul><li>Doors</li><li>Hinges</li></ul>' } },
    ]);
  });

  it("builds a confirmed video's VideoObject from the registry's facts, not the page's", () => {
    expect(pageVideosJsonLd(page, registry, SITE_URL)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'VideoObject',
        name: 'A Door Going On',
        description: 'Four seconds.',
        thumbnailUrl: `${SITE_URL}/images/videos/a.svg`,
        uploadDate: '2026-11-23',
        duration: 'PT4S',
        contentUrl: `${SITE_URL}/images/videos/a.webm`,
      },
    ]);
  });

  it('writes a VideoObject only for the video cards the registry confirms, each once', () => {
    const withCards: PageContent = {
      slug: 'how-to-buy-kitchen',
      path: '/how-to-buy-kitchen',
      blocks: [
        {
          id: 'videos',
          type: 'video-cards',
          videos: [
            { videoType: 'youtube', videoUrl: 'https://www.youtube.com/watch?v=realVideo01', title: 'Measuring', description: 'Tape first.' },
            { videoType: 'youtube', videoUrl: 'https://www.youtube.com/watch?v=hwMeasure01', title: 'Unconfirmed', description: 'Made up.' },
            { videoType: 'video', videoUrl: '/images/videos/unlisted.webm', title: 'Unlisted file' },
            { videoType: 'youtube', videoUrl: 'https://youtu.be/realVideo01', title: 'Measuring again' },
            { videoType: 'youtube', videoUrl: 'https://example.com/not-youtube', title: 'Broken' },
          ],
        },
      ],
    };
    expect(pageVideosJsonLd(withCards, registry, SITE_URL)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'VideoObject',
        name: 'Measuring a Kitchen',
        // the registry has no description: the page's words about the video
        description: 'Tape first.',
        thumbnailUrl: 'https://i.ytimg.com/vi/realVideo01/hqdefault.jpg',
        uploadDate: '2026-02-01',
        duration: 'PT3M5S',
        embedUrl: 'https://www.youtube.com/embed/realVideo01',
      },
    ]);
    expect(pageVideosJsonLd(withCards, [], SITE_URL)).toEqual([]);
  });

  it('falls back to the title when neither the registry nor the page describes the video', () => {
    expect(videoJsonLd(registry[0]!, SITE_URL)).toMatchObject({ name: 'Measuring a Kitchen', description: 'Measuring a Kitchen' });
  });

  it('adds only what the flags ask for and the data supports', () => {
    const subject = { site, siteUrl: SITE_URL, logo: '/images/logo.svg', pageUrl: `${SITE_URL}/faqs`, breadcrumb: [{ label: 'Home', path: '/' }] };
    const types = (schemas: object, extra = {}) =>
      structuredDataFor(schemas, { ...subject, ...extra }).map((entry) => entry['@type']);
    expect(types({ organization: true, localBusiness: true, breadcrumb: true })).toEqual(['Organization', 'LocalBusiness', 'BreadcrumbList']);
    expect(types({ faq: true, video: true })).toEqual([]);
    expect(types({ faq: true, video: true }, { page })).toEqual(['FAQPage']);
    expect(types({ faq: true, video: true }, { page, videos: registry })).toEqual(['FAQPage', 'VideoObject']);
    expect(types({ faq: false, video: false }, { page, videos: registry })).toEqual([]);
    expect(types({ product: true })).toEqual([]);
    expect(types({ product: true }, { style: style([{ price: 1 }]) })).toEqual(['Product']);
    expect(types({})).toEqual([]);
  });
});
