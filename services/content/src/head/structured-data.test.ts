import type { PageContent, ProductStyle, SiteSettings } from '@storefront/contracts';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  faqJsonLd,
  localBusinessJsonLd,
  openingHoursOf,
  organizationJsonLd,
  pageFaqs,
  pageVideos,
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
  const page: PageContent = {
    slug: 'faqs',
    path: '/faqs',
    blocks: [
      { id: 'intro', type: 'banner' },
      { id: 'shipping', type: 'accordion', faqs: [{ question: 'How long?', answer: '<p>5 days</p>' }, { question: 'broken' }] },
      {
        id: 'how-to',
        type: 'video-card',
        video: { name: 'Assembly', description: 'How to', thumbnailUrl: '/images/t.svg', uploadDate: '2026-01-05', embedUrl: 'https://youtu.be/x' },
      },
      { id: 'no-url', type: 'video-card', video: { name: 'x', description: 'y', thumbnailUrl: '/t', uploadDate: '2026-01-01' } },
    ],
  };

  it('collects the questions and the playable videos of the page blocks', () => {
    expect(pageFaqs(page)).toEqual([{ question: 'How long?', answer: '<p>5 days</p>' }]);
    expect(pageVideos(page).map((video) => video.name)).toEqual(['Assembly']);
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

  it('builds VideoObject with an absolute thumbnail', () => {
    expect(videoJsonLd(pageVideos(page)[0]!, SITE_URL)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Assembly',
      description: 'How to',
      thumbnailUrl: `${SITE_URL}/images/t.svg`,
      uploadDate: '2026-01-05',
      embedUrl: 'https://youtu.be/x',
    });
  });

  it('lists the video cards of a video-cards block that have an upload date', () => {
    const withCards: PageContent = {
      slug: 'how-to-buy-kitchen',
      path: '/how-to-buy-kitchen',
      blocks: [
        {
          id: 'videos',
          type: 'video-cards',
          videos: [
            { videoType: 'youtube', videoUrl: 'https://www.youtube.com/watch?v=hwMeasure01', title: 'Measuring', description: 'Tape first.', uploadDate: '2026-02-01', duration: 'PT3M' },
            { videoType: 'video', videoUrl: '/images/videos/a.webm', title: 'Assembly', thumbnail: { src: '/images/videos/a.svg', altText: 'a', width: 1280, height: 720 }, uploadDate: '2026-02-02' },
            { videoType: 'youtube', videoUrl: 'https://www.youtube.com/watch?v=hwNoDate001', title: 'No date' },
            { videoType: 'youtube', videoUrl: 'https://example.com/not-youtube', title: 'Broken', uploadDate: '2026-02-03' },
          ],
        },
      ],
    };
    expect(pageVideos(withCards).map((video) => videoJsonLd(video, SITE_URL))).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'VideoObject',
        name: 'Measuring',
        description: 'Tape first.',
        thumbnailUrl: 'https://i.ytimg.com/vi/hwMeasure01/hqdefault.jpg',
        uploadDate: '2026-02-01',
        embedUrl: 'https://www.youtube.com/embed/hwMeasure01',
        duration: 'PT3M',
      },
      {
        '@context': 'https://schema.org',
        '@type': 'VideoObject',
        name: 'Assembly',
        description: 'Assembly',
        thumbnailUrl: `${SITE_URL}/images/videos/a.svg`,
        uploadDate: '2026-02-02',
        contentUrl: `${SITE_URL}/images/videos/a.webm`,
      },
    ]);
  });

  it('adds only what the flags ask for and the data supports', () => {
    const subject = { site, siteUrl: SITE_URL, logo: '/images/logo.svg', pageUrl: `${SITE_URL}/faqs`, breadcrumb: [{ label: 'Home', path: '/' }] };
    const types = (schemas: object, extra = {}) =>
      structuredDataFor(schemas, { ...subject, ...extra }).map((entry) => entry['@type']);
    expect(types({ organization: true, localBusiness: true, breadcrumb: true })).toEqual(['Organization', 'LocalBusiness', 'BreadcrumbList']);
    expect(types({ faq: true, video: true })).toEqual([]);
    expect(types({ faq: true, video: true }, { page })).toEqual(['FAQPage', 'VideoObject']);
    expect(types({ product: true })).toEqual([]);
    expect(types({ product: true }, { style: style([{ price: 1 }]) })).toEqual(['Product']);
    expect(types({})).toEqual([]);
  });
});
