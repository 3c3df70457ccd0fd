// The shapes of the content files, mirroring packages/contracts/src/*.ts field by field.
import { any, anyOf, arr, bool, hex, imagePath, num, obj, oneOf, opt, path, record, slug, str } from './shape.mjs';

// site.ts
const deviceClass = oneOf(['mobile', 'tablet', 'desktop']);
export const imageRef = obj({
  src: imagePath(),
  altText: str(),
  width: num({ min: 1, integer: true }),
  height: num({ min: 1, integer: true }),
  mobileSrc: opt(imagePath()),
  tabletSrc: opt(imagePath()),
  type: opt(str()),
  label: opt(str()),
});
const linkAction = obj({ text: str(), url: path(), title: opt(str()), type: opt(oneOf(['button', 'link'])) });

const menuItem = (item, p, report) =>
  obj({
    text: str(),
    path: path(),
    displayAs: opt(oneOf(['link', 'dropdown', 'mega-menu'])),
    devices: opt(arr(deviceClass, { min: 1 })),
    alignment: opt(oneOf(['left', 'right'])),
    submenu: opt(arr(menuItem, { min: 1 })),
    megasubmenu: opt(megaSubmenu),
  })(item, p, report);

export const menus = obj({
  header: arr(menuItem, { min: 1 }),
  footer: arr(obj({ title: str(), items: arr(menuItem, { min: 1 }) }), { min: 1 }),
});

export const siteSettings = obj({
  name: str(),
  tagline: str(),
  phone: str(),
  email: str({ pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, patternText: 'an e-mail address' }),
  sms: opt(str()),
  address: obj({ street: str(), city: str(), state: str(), zip: str(), country: str() }),
  hours: arr(obj({ days: str(), time: str() }), { min: 1 }),
  social: arr(obj({ type: str(), url: str({ pattern: /^https:\/\//, patternText: 'an https:// address' }) })),
  // flags are strings on purpose: the spec compares the my-account flag with the string "true"
  featureFlags: record(oneOf(['true', 'false'])),
  copyright: str(),
  // the header search's results page (site search)
  search: opt(obj({ resultsPath: opt(path()) })),
});

// Site chrome: mega menus (menus.json), the cookie banner (cookie-banner.json), popups (popups.json).
// megaSubmenu is used by menuItem above; it is read when a check runs, after this module has loaded.
const megaSubmenu = (value, p, report) =>
  obj({
    columns: opt(num({ min: 1, max: 4, integer: true })),
    menuGroups: arr(obj({ title: str(), items: arr(menuItem, { min: 1 }) }), { min: 1 }),
    image: opt(imageRef),
    action: opt(linkAction),
  })(value, p, report);

export const cookieBanner = obj({
  title: str(),
  message: str(),
  buttons: arr(
    obj({ label: str(), action: oneOf(['acceptAll', 'rejectAll', 'managePreferences']), className: opt(str()) }),
    { min: 2 },
  ),
  cookieExpiry: opt(num({ min: 1, integer: true })),
});

const popupTrigger = anyOf(
  obj({ type: oneOf(['delay']), delayMs: num({ min: 0, integer: true }) }),
  obj({ type: oneOf(['scroll']), percentage: opt(num({ min: 1, max: 100 })) }),
  obj({ type: oneOf(['exit-intent']) }),
);

export const popups = arr(
  obj({
    name: slug(),
    title: str(),
    description: str(),
    layout: opt(oneOf(['center', 'image-left'])),
    image: opt(imageRef),
    action: opt(linkAction),
    // a form of content/forms/ shown in the popup (checked to exist by check-content.mjs)
    form: opt(slug()),
    paths: opt(arr(str({ pattern: /^\/[^\s*]*(\/\*)?$/, patternText: 'a site path, or one ending in /* for the pages under it' }), { min: 1 })),
    triggers: arr(popupTrigger, { min: 1 }),
    delays: opt(obj({ autoCloseMs: opt(num({ min: 0, integer: true })), formSuccessCloseMs: opt(num({ min: 0, integer: true })) })),
    // the shell's parsePopupExpiry reads the same forms: a whole number and m, h, d or w
    cookieExpiry: opt(str({ pattern: /^[1-9]\d*[mhdw]$/, patternText: 'a duration like 30m, 2h, 3d or 1w' })),
    enabled: opt(bool()),
  }),
);

// pages.ts
const blockBase = { id: slug(), type: str() };
const bannerBlock = obj({
  ...blockBase,
  type: oneOf(['banner']),
  backgroundImage: imageRef,
  title: str(),
  subTitle: opt(str()),
  description: opt(str()),
  ratings: opt(obj({ text: str(), star: num({ min: 0, max: 5 }) })),
  action: opt(linkAction),
  bannerLayout: opt(oneOf(['single', 'slider', 'title-breadcrumb', 'card-v1', 'card-v2'])),
  images: opt(arr(imageRef, { min: 1 })),
  breadcrumb: opt(arr(obj({ label: str(), path: path() }), { min: 1 })),
  priority: opt(bool()),
});
const mediaContentBlock = obj({
  ...blockBase,
  type: oneOf(['media-content']),
  title: str(),
  description: str(),
  image: imageRef,
  action: opt(linkAction),
  mediaPosition: opt(oneOf(['left', 'right'])),
});
// layout blocks
const contentMediaBlock = obj({
  ...blockBase,
  type: oneOf(['content-media']),
  title: str(),
  description: str(),
  image: imageRef,
  action: opt(linkAction),
  mediaPosition: opt(oneOf(['left', 'right'])),
});
const adviceBlock = obj({ ...blockBase, type: oneOf(['advice']), title: str(), description: str(), image: opt(imageRef), chatLabel: opt(str()), action: opt(linkAction) });
const pageTitleBlock = obj({
  ...blockBase,
  type: oneOf(['page-title']),
  variant: oneOf(['plain', 'one-column', 'two-column', 'shadow-text']),
  title: str(),
  subTitle: opt(str()),
  description: opt(str()),
  aside: opt(str()),
  shadowText: opt(str()),
});
const titleDescriptionActionBlock = obj({ ...blockBase, type: oneOf(['title-description-action']), title: str(), description: str(), action: opt(linkAction) });
const card = obj({
  title: str(),
  description: str(),
  image: opt(imageRef),
  action: opt(linkAction),
  stepNumber: opt(num({ min: 1, max: 99, integer: true })),
  hideStepNumber: opt(bool()),
});
const imageCardsBlock = obj({
  ...blockBase,
  type: oneOf(['image-cards']),
  version: oneOf(['v1', 'v2', 'v3']),
  look: opt(oneOf(['steps', 'timeline'])),
  title: opt(str()),
  description: opt(str()),
  fullText: opt(bool()),
  cards: arr(card),
});
const newsletterChoice = obj({ title: str(), description: str(), buttonText: str(), alert: str() });
const newsletterSubscriptionBlock = obj({ ...blockBase, type: oneOf(['newsletter-subscription']), unsubscribe: newsletterChoice, subscribe: newsletterChoice });

// --- interactive blocks: masonry gallery, accordion, contact list, download catalog ---
export const faqEntry = obj({ question: str(), answer: str() });
const masonryGalleryBlock = obj({
  ...blockBase,
  type: oneOf(['masonry-gallery']),
  title: opt(str()),
  description: opt(str()),
  items: arr(obj({ image: imageRef, caption: opt(str()), url: opt(path()) }), { min: 1 }),
  maxZoomRatio: opt(num({ min: 1, max: 5 })),
});
const accordionBlock = obj({ ...blockBase, type: oneOf(['accordion']), title: opt(str()), faqs: arr(faqEntry, { min: 1 }) });
const contactText = (types) => obj({ type: oneOf(types), title: opt(str()), text: str() });
const contactItems = {
  address: obj({ type: oneOf(['address']), title: opt(str()), text: str(), enableMapLink: opt(bool()), mapLink: opt(str({ pattern: /^https:\/\//, patternText: 'an https:// address' })) }),
  phone: contactText(['phone']),
  sms: contactText(['sms']),
  // the site's address is usually given as {{site.email}}, resolved by the content service
  email: obj({ type: oneOf(['email']), title: opt(str()), text: str({ pattern: /^(\{\{\s*[\w.]+\s*\}\}|[^\s@]+@[^\s@]+\.[^\s@]+)$/, patternText: 'an e-mail address or a {{site.email}} placeholder' }) }),
  hours: obj({ type: oneOf(['hours']), title: opt(str()), items: opt(arr(obj({ days: str(), time: str() }), { min: 1 })) }),
  'icon-link': obj({ type: oneOf(['icon-link']), title: opt(str()), text: str(), url: str(), iconName: opt(str()) }),
  link: obj({ type: oneOf(['link']), title: opt(str()), text: str(), url: str() }),
  image: obj({ type: oneOf(['image']), title: opt(str()), image: imageRef }),
};
const contactItem = (v, p, report) => {
  const known = v && typeof v === 'object' ? contactItems[v.type] : undefined;
  if (!known) return report(`${p}.type`, `must be one of ${Object.keys(contactItems).join(', ')} (got ${JSON.stringify(v?.type)})`);
  known(v, p, report);
};
const contactListBlock = obj({
  ...blockBase,
  type: oneOf(['contact-list']),
  title: opt(str()),
  subTitle: opt(str()),
  layout: opt(oneOf(['default', 'here-to-help'])),
  items: arr(contactItem, { min: 1 }),
});
const downloadCatalogBlock = obj({
  ...blockBase,
  type: oneOf(['download-catalog']),
  title: opt(str()),
  label: str(),
  catalogs: arr(obj({ text: str(), url: str({ pattern: /^(\/|https:\/\/)\S+\.pdf$/, patternText: 'a .pdf path or https:// address' }) }), { min: 1 }),
});
const bookingCalendarBlock = obj({
  ...blockBase,
  type: oneOf(['booking-calendar']),
  title: opt(str()),
  description: opt(str()),
  formName: slug(),
  daysAhead: opt(num({ min: 1, max: 90, integer: true })),
  slotMinutes: opt(num({ min: 15, max: 240, integer: true })),
  submitText: opt(str()),
});
const interactiveBlocks = {
  'booking-calendar': bookingCalendarBlock,
  'masonry-gallery': masonryGalleryBlock,
  accordion: accordionBlock,
  'contact-list': contactListBlock,
  'download-catalog': downloadCatalogBlock,
};
// --- end interactive blocks ---
// --- media blocks (issue 7): slider, review cards, reviews summary, video cards ---
const sliderBlock = obj({
  ...blockBase,
  type: oneOf(['slider']),
  title: opt(str()),
  description: opt(str()),
  slides: arr(obj({ image: imageRef, label: opt(str()), caption: opt(str()) }), { min: 1 }),
  slidesToShow: opt(num({ min: 1, max: 4, integer: true })),
  showCounter: opt(bool()),
  showLabels: opt(bool()),
});
const reviewCardsBlock = obj({ ...blockBase, type: oneOf(['review-cards']), title: opt(str()), description: opt(str()) });
const reviewsSummaryBlock = obj({ ...blockBase, type: oneOf(['reviews-summary']), title: opt(str()) });
const youtubeUrl = () =>
  str({ pattern: /^https:\/\/(www\.)?(youtube\.com\/(watch\?v=|embed\/|shorts\/)|youtu\.be\/)[\w-]{11}/, patternText: 'a YouTube video address' });
const videoFileUrl = () => str({ pattern: /^(\/images\/[a-z0-9/_.-]+|https:\/\/\S+)\.(mp4|webm)$/, patternText: 'an /images/ or https:// .mp4 or .webm file' });
export const videoCard = (v, p, report) =>
  obj({
    videoType: oneOf(['youtube', 'video']),
    videoUrl: v?.videoType === 'video' ? videoFileUrl() : youtubeUrl(),
    title: str(),
    description: opt(str()),
    thumbnail: opt(imageRef),
    minHeights: opt(obj({ desktop: opt(num({ min: 1, integer: true })), tablet: opt(num({ min: 1, integer: true })), mobile: opt(num({ min: 1, integer: true })) })),
    uploadDate: opt(str({ pattern: /^\d{4}-\d{2}-\d{2}/, patternText: 'an ISO 8601 date like 2026-03-01' })),
    duration: opt(str({ pattern: /^PT(\d+H)?(\d+M)?(\d+S)?$/, patternText: 'an ISO 8601 duration like PT2M10S' })),
  })(v, p, report);
const videoCardsBlock = obj({ ...blockBase, type: oneOf(['video-cards']), title: opt(str()), description: opt(str()), videos: arr(videoCard, { min: 1 }) });
const mediaBlocks = {
  slider: sliderBlock,
  'review-cards': reviewCardsBlock,
  'reviews-summary': reviewsSummaryBlock,
  'video-cards': videoCardsBlock,
};
// --- end media blocks ---

// --- layout variants and blocks (issue 7: layouts) ---
const breadcrumbItem = obj({ label: str(), path: path() });
const pageVideo = obj({
  name: str(),
  description: str(),
  thumbnailUrl: str({ pattern: /^(\/images\/|https:\/\/)\S+$/, patternText: 'an /images/ path or an https:// address' }),
  uploadDate: str({ pattern: /^\d{4}-\d{2}-\d{2}$/, patternText: 'a date like 2026-01-31' }),
  contentUrl: opt(str({ pattern: /^(\/|https:\/\/)\S+$/, patternText: 'a site path or an https:// address' })),
  embedUrl: opt(str({ pattern: /^https:\/\/\S+$/, patternText: 'an https:// address' })),
  duration: opt(str({ pattern: /^PT(\d+H)?(\d+M)?(\d+S)?$/, patternText: 'an ISO 8601 duration like PT4M12S' })),
});
const financeOption = obj({
  title: str(),
  description: str(),
  image: opt(imageRef),
  rate: opt(str()),
  term: opt(str()),
  highlight: opt(str()),
  action: opt(linkAction),
});
const layoutVariantBlocks = {
  overlay: obj({
    ...blockBase,
    type: oneOf(['overlay']),
    image: imageRef,
    title: str(),
    subTitle: opt(str()),
    description: opt(str()),
    action: opt(linkAction),
    position: opt(oneOf(['left', 'center', 'right'])),
    theme: opt(oneOf(['light', 'dark'])),
  }),
  finance: obj({
    ...blockBase,
    type: oneOf(['finance']),
    variant: oneOf(['v1', 'v2']),
    title: opt(str()),
    description: opt(str()),
    options: arr(financeOption, { min: 1 }),
    disclaimer: opt(str()),
  }),
  'kitchen-showcase': obj({
    ...blockBase,
    type: oneOf(['kitchen-showcase']),
    image: imageRef,
    title: str(),
    caption: opt(str()),
    features: arr(str()),
    action: opt(linkAction),
  }),
  'media-block': (v, p, report) => {
    obj({ ...blockBase, type: oneOf(['media-block']), title: opt(str()), image: opt(imageRef), video: opt(pageVideo), caption: opt(str()), link: opt(linkAction) })(v, p, report);
    if (v && typeof v === 'object' && !v.image && !v.video) report(p, 'needs an image or a video');
    if (v?.video && typeof v.video === 'object' && !v.video.contentUrl && !v.video.embedUrl) report(`${p}.video`, 'needs a contentUrl or an embedUrl');
  },
  'shadow-text-list': obj({
    ...blockBase,
    type: oneOf(['shadow-text-list']),
    title: opt(str()),
    description: opt(str()),
    items: arr(obj({ shadowText: str(), title: str(), text: str() }), { min: 1 }),
  }),
  breadcrumb: obj({ ...blockBase, type: oneOf(['breadcrumb']), items: opt(arr(breadcrumbItem, { min: 1 })) }),
  'kitchen-visualizer': obj({ ...blockBase, type: oneOf(['kitchen-visualizer']), title: opt(str()), description: opt(str()) }),
};
// --- end layout variants and blocks ---
const knownBlocks = {
  banner: bannerBlock,
  'media-content': mediaContentBlock,
  // layout blocks
  'content-media': contentMediaBlock,
  advice: adviceBlock,
  'page-title': pageTitleBlock,
  'title-description-action': titleDescriptionActionBlock,
  'image-cards': imageCardsBlock,
  'newsletter-subscription': newsletterSubscriptionBlock,
  ...interactiveBlocks,
  // form block (issue 7: popups and forms): a form of content/forms/ (checked to exist in pages.mjs)
  form: obj({ ...blockBase, type: oneOf(['form']), formName: slug(), title: opt(str()), description: opt(str()) }),
  // media blocks (issue 7)
  ...mediaBlocks,
  ...layoutVariantBlocks,
  // catalog listing (issue 8): mf_catalog/blocks/ProductListing
  'product-listing': obj({
    ...blockBase,
    type: oneOf(['product-listing']),
    title: opt(str()),
    description: opt(str()),
    filterLayout: opt(oneOf(['top', 'sidebar'])),
    paginationType: opt(oneOf(['page-numbers', 'load-more', 'infinite-scroll'])),
    pageSize: opt(num({ min: 1, max: 48, integer: true })),
    loadMoreLabel: opt(str()),
    show: opt(oneOf(['cards', 'samples'])),
  }),
  // site search
  'search-results': obj({ ...blockBase, type: oneOf(['search-results']), title: opt(str()), placeholder: opt(str()), prompt: opt(str()), pageSize: opt(num({ min: 1, max: 48, integer: true })) }),
  // product categories (issue 8): the category handler, drawn by mf_catalog (defaultCategory checked in pages.mjs)
  'category-handler': obj({
    ...blockBase,
    type: oneOf(['category-handler']),
    title: opt(str()),
    description: opt(str()),
    defaultCategory: opt(slug()),
    showAllTab: opt(bool()),
    tabLayout: opt(oneOf(['v1', 'v2', 'v3'])),
    pagination: opt(bool()),
    pageSize: opt(num({ min: 1, max: 48, integer: true })),
  }),
};
const block = (v, p, report) => {
  const known = v && typeof v === 'object' ? knownBlocks[v.type] : undefined;
  // a block type not in the registry still parses (the renderer skips it), but needs an id and a type
  (known ?? obj(blockBase, { extra: true }))(v, p, report);
};
// A page file holds blocks only; its head comes from the page table, so the old head fields are named as moved.
const movedToPageTable = opt((v, p, report) => report(p, 'belongs in site/page-table.json (the one source of a page\'s title, description, breadcrumb and schemas)'));
export const page = obj({
  slug: slug(),
  path: path(),
  blocks: arr(block, { min: 1 }),
  title: movedToPageTable,
  description: movedToPageTable,
  breadcrumb: movedToPageTable,
  schemas: movedToPageTable,
});

// the page table (PageTable in pages.ts)
const routePath = () =>
  str({
    pattern: /^\/$|^(\/([a-z0-9]+(-[a-z0-9]+)*|\{[a-z][A-Za-z]*\}))+$/,
    patternText: 'a lower-case site path like /about-us (a parameter in braces: /unsubscribe/{unsubscribeToken})',
  });
const pageSchemas = obj({ localBusiness: opt(bool()), organization: opt(bool()), faq: opt(bool()), breadcrumb: opt(bool()), video: opt(bool()), product: opt(bool()), article: opt(bool()) });
const pageRoute = obj({
  path: routePath(),
  screen: str({ pattern: /^(content|mf_[a-z]+\/[A-Z][A-Za-z]+)$/, patternText: '"content" or the remote module that renders the route, like mf_forms/ContactPage' }),
  enabled: bool(),
  indexable: opt(bool()),
  title: str(),
  description: str(),
  breadcrumb: arr(obj({ label: str(), path: routePath() }), { min: 1 }),
  schemas: pageSchemas,
  image: opt(imagePath()),
});
const pageRouteAlias = obj({ path: routePath(), aliasOf: routePath() });
export const pageTable = obj({
  logo: imagePath(),
  notFound: obj({ title: str(), description: str() }),
  routes: arr((v, p, report) => (v && typeof v === 'object' && 'aliasOf' in v ? pageRouteAlias : pageRoute)(v, p, report), { min: 1 }),
});

// catalog.ts
const finishOption = obj({
  value: slug(),
  label: str(),
  image: obj({ src: imagePath() }),
  previewImage: opt(imagePath()),
  doorImage: opt(imagePath()),
  hex: hex(),
  // catalog listing: the colour filter's option (catalogs/listing-filters.json)
  colorFamily: slug(),
});
const styleItem = obj({
  sku: str({ pattern: /^[A-Z0-9]+(-[A-Z0-9]+)+$/, patternText: 'an upper-case SKU like SSW-B12' }),
  name: str(),
  price: num({ min: 0, cents: true }),
  weight: num({ min: 0.01 }),
  isSample: opt(bool()),
  finish: opt(obj({ type: slug(), value: slug() })),
});
const styleSpec = obj({
  name: slug(),
  title: str(),
  props: arr(obj({ label: str(), value: str() })),
  options: opt(
    obj({
      format: opt(oneOf(['unordered-list', 'ordered-list', 'text'])),
      display: opt(oneOf(['grid-view', 'list-view'])),
      showKeys: opt(bool()),
      image: opt(obj({ src: imagePath(), altText: str(), width: num({ min: 1, integer: true }), height: num({ min: 1, integer: true }) })),
      width: opt(num({ min: 1, integer: true })),
      height: opt(num({ min: 1, integer: true })),
      playIcon: opt(bool()),
    }),
  ),
  videos: opt(
    arr(
      obj({
        title: str(),
        youtubeId: opt(str({ pattern: /^[A-Za-z0-9_-]{11}$/, patternText: 'an 11-character YouTube video id' })),
        src: opt(str({ pattern: /^\/videos\/[a-z0-9/_.-]+\.(mp4|webm)$/, patternText: 'a /videos/....mp4 or .webm path' })),
        thumbnail: imagePath(),
      }),
      { min: 1 },
    ),
  ),
});
export const productStyle = obj({
  name: str({ pattern: /^[a-z]+$/, patternText: 'a lower-case style code' }),
  title: str(),
  description: str(),
  shortDescription: str({ pattern: /^<ul>(<li>[^<]+<\/li>){3,6}<\/ul>$/, patternText: 'a <ul> of 3 to 6 <li> features' }),
  label: opt(str()),
  labels: opt(arr(str())),
  // catalog listing facets and sort (catalogs/listing-filters.json names the options)
  category: slug(),
  doorStyle: slug(),
  addedOn: str({ pattern: /^\d{4}-\d{2}-\d{2}$/, patternText: 'a date YYYY-MM-DD' }),
  images: arr(
    obj({
      src: imagePath(),
      altText: str(),
      width: num({ min: 1, integer: true }),
      height: num({ min: 1, integer: true }),
      mobileSrc: opt(imagePath()),
      tabletSrc: opt(imagePath()),
      type: oneOf(['base', 'sample', 'gallery']),
      label: opt(str()),
    }),
    { min: 1, max: 4 },
  ),
  // up to 14 finishes a group: V2 shows 10 at once and the rest behind "+n"
  finishes: arr(obj({ name: slug(), group: str(), title: str(), items: arr(finishOption, { min: 2, max: 14 }) }), { min: 1, max: 2 }),
  items: arr(styleItem, { min: 1 }),
  specifications: obj({
    specView: oneOf(['tabular', 'tabbing']),
    // a spec needs props, or videos when it is the assembly-videos spec (catalog.mjs checks which)
    specs: arr(styleSpec, { min: 1 }),
  }),
  layout: oneOf(['v1', 'v2']),
  faqs: opt(arr(faqEntry, { min: 1 })),
});
export const productStyles = arr(productStyle, { min: 1 });

// catalog-listing.ts: the catalog listing's filters (GET /api/catalog/styles), in the order shown
export const listingFilters = obj({
  filters: arr(
    obj({
      value: str({ pattern: /^[a-z][A-Za-z]*$/, patternText: 'a query parameter name like doorStyle' }),
      label: str(),
      field: oneOf(['doorStyle', 'colorFamily', 'finishType', 'label']),
      // at most 63: the catalog counts a filter's options as the bits of one bigint
      options: arr(obj({ value: slug(), label: str() }), { min: 1, max: 63 }),
    }),
    { min: 1 },
  ),
});

// product-categories.ts: the door-style families (GET /api/content/product-categories)
export const productCategories = arr(
  obj({
    slug: slug(),
    title: str(),
    description: str(),
    image: imageRef,
    icon: imagePath(),
    faqs: arr(faqEntry, { min: 1 }),
    video: videoCard,
    specs: arr(obj({ label: str(), value: str() }), { min: 1 }),
    timeline: arr(obj({ title: str(), description: str(), duration: opt(str()) }), { min: 1 }),
  }),
  { min: 1 },
);

// forms.ts
const fieldTypes = ['text', 'email', 'number', 'hidden', 'tel', 'password', 'textarea', 'select', 'checkbox', 'newsletter', 'checkbox-group', 'radio', 'file', 'group'];
const scalar = anyOf(str({ nonEmpty: false }), num(), bool());
const hideWhen = obj({ field: str(), equals: anyOf(scalar, arr(scalar)) });
const formField = (v, p, report) =>
  obj({
    name: str({ pattern: /^[A-Za-z][A-Za-z0-9_]*$/, patternText: 'a field name (letters, digits, _)' }),
    type: oneOf(fieldTypes),
    label: opt(str()),
    required: opt(bool()),
    minLength: opt(num({ min: 0, integer: true })),
    maxLength: opt(num({ min: 1, integer: true })),
    value: opt(anyOf(scalar, arr(str({ nonEmpty: false })))),
    options: opt(arr(obj({ label: str(), value: str(), hideWhen: opt(hideWhen), description: opt(str()), image: opt(obj({ src: opt(imagePath()), width: opt(num({ min: 1 })), height: opt(num({ min: 1 })), alt: opt(str()), iconName: opt(str()) })), dependencies: opt(record(any())) }), { min: 1 })),
    placeholder: opt(str()),
    hideWhen: opt(hideWhen),
    multiSelect: opt(bool()),
    dynamicOptions: opt(oneOf(['countries', 'states', 'cities'])),
    dependsOn: opt(str()),
    filter: opt(arr(str())),
    isDropdownSearchable: opt(bool()),
    onlyNumbers: opt(bool()),
    numericOnly: opt(bool()),
    rows: opt(num({ min: 1, integer: true })),
    column: opt(num({ min: 1, integer: true })),
    span: opt(num({ min: 1, integer: true })),
    className: opt(str()),
    labelLengthLimit: opt(num({ min: 1, integer: true })),
    fileTypes: opt(arr(str())),
    maxFileSize: opt(num({ min: 0 })),
    maxFiles: opt(num({ min: 1, integer: true })),
    layout: opt(str()),
    fields: opt(arr(formField, { min: 1 })),
  })(v, p, report);
const stepAction = opt(obj({ text: str() }));
const formStep = obj({
  title: str(),
  subTitle: opt(str()),
  description: opt(str()),
  className: opt(str()),
  layout: opt(str()),
  fields: arr(formField, { min: 1 }),
  disclaimer: opt(str()),
  actions: opt(obj({ back: stepAction, next: stepAction, submit: stepAction, reset: stepAction })),
});
export const formDefinition = obj({
  name: slug(),
  title: opt(str()),
  description: opt(str()),
  // a multi-step form keeps its fields in steps (checkForm requires fields or steps)
  fields: arr(formField),
  steps: opt(arr(formStep, { min: 2 })),
  config: opt(record(any())),
  actions: opt(record(any())),
  buttons: obj({ submit: str(), reset: opt(str()) }),
  layout: opt(str()),
  messages: opt(obj({ success: opt(str()), error: opt(str()), showOverlay: opt(bool()) })),
  googleReCaptcha: opt(bool()),
  emailNotifications: opt(obj({ sendSuccessEmail: opt(bool()), emailTemplateId: opt(str()) })),
  metadata: opt(record(any())),
});

// estimator.ts
const estimatorField = obj({
  name: str({ pattern: /^[A-Za-z][A-Za-z0-9_]*$/, patternText: 'a field name (letters, digits, _)' }),
  type: oneOf(['select', 'radio', 'number', 'text', 'email', 'tel', 'textarea', 'checkbox']),
  label: str(),
  customLabel: opt(str()),
  required: opt(bool()),
  options: opt(arr(obj({ label: str(), value: str(), customLabel: opt(str()), description: opt(str()) }), { min: 1 })),
  dependsOn: opt(str()),
  useInCalculation: opt(bool()),
  hideInPDF: opt(bool()),
  defaultValue: opt(str()),
  placeholder: opt(str()),
});
export const estimatorTemplate = obj({
  id: slug(),
  name: slug(),
  title: str(),
  description: opt(str()),
  groups: arr(
    obj({
      name: slug(),
      title: str(),
      layout: oneOf(['accordion', 'popup']),
      fields: arr(estimatorField, { min: 1 }),
      actions: opt(obj({ next: opt(obj({ text: str(), target: str() })), submit: opt(obj({ text: str() })), print: opt(obj({ text: str() })) })),
    }),
    { min: 1 },
  ),
  summary: obj({
    title: str(),
    note: opt(str()),
    position: oneOf(['top', 'side']),
    breakdowns: arr(obj({ label: str(), items: arr(obj({ name: slug(), label: str(), fields: arr(str(), { min: 1 }) }), { min: 1 }) })),
    productTotal: obj({ label: str() }),
    laborTotal: obj({ label: str() }),
    grandTotal: obj({ label: str() }),
  }),
  priceTemplate: opt(slug()),
  className: opt(str()),
  buttons: opt(obj({ reset: opt(str()) })),
  emailNotifications: opt(obj({ sendSuccessEmail: opt(bool()), emailTemplateId: opt(str()) })),
  metadata: opt(record(any())),
});
const band = (v, p, report) => {
  obj({ min: num({ min: 0 }), max: num({ min: 0 }) })(v, p, report);
  if (v && typeof v.min === 'number' && typeof v.max === 'number' && v.min > v.max) report(p, `min (${v.min}) must not be above max (${v.max})`);
};
export const pricingLeaf = obj({ price: band, labor: band });
// the nesting depth is checked against the template's dependsOn chain in estimator.mjs
export const pricingData = record(record(any()));

// payments.ts
export const paymentMethod = obj({
  name: oneOf(['online-payment', 'credit-card', 'split-payment']),
  title: str(),
  description: str(),
  enabled: bool(),
  isDefault: bool(),
  gateway: oneOf(['stripe', 'authorizenet', 'paypal', 'sandbox']),
  sortOrder: num({ integer: true, min: 0 }),
  metadata: opt(obj({ methodIcon: opt(imagePath()), iconWidth: opt(num({ min: 1, integer: true })), iconHeight: opt(num({ min: 1, integer: true })) })),
  availableMethods: opt(arr(str())),
  dependsOn: opt(str()),
  scopes: opt(arr(oneOf(['sample-order', 'convert-to-order', 'complete-order-payment']), { min: 1 })),
  // public values only, and empty here: real keys come from the server's environment
  config: opt(obj({
    publishableKey: opt(str({ nonEmpty: false, pattern: /^$/, patternText: 'empty (keys come from environment variables)' })),
    clientKey: opt(str({ nonEmpty: false, pattern: /^$/, patternText: 'empty (keys come from environment variables)' })),
    loginId: opt(str({ nonEmpty: false, pattern: /^$/, patternText: 'empty (keys come from environment variables)' })),
    acceptJsUrl: opt(str({ nonEmpty: false })),
    clientId: opt(str({ nonEmpty: false, pattern: /^$/, patternText: 'empty (keys come from environment variables)' })),
  })),
});
export const paymentMethods = arr(paymentMethod, { min: 1 });

// reviews (spec: name, rating string or number, platform, location, profilePicture, reviewText); stars
// show in halves, so a rating is 1 to 5 in half steps (the content service keeps exactly those)
const halfStepRating = (v, path, report) => {
  const rating = typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v;
  if (typeof rating !== 'number' || !Number.isInteger(rating * 2) || rating < 1 || rating > 5) {
    report(path, 'must be a rating from 1 to 5 in half steps, as a number or a string (e.g. 4.5 or "4.5")');
  }
};
export const reviews = arr(
  obj({
    name: str(),
    rating: halfStepRating,
    platform: str(),
    location: str(),
    profilePicture: opt(imagePath()),
    reviewText: str(),
  }),
  { min: 1 },
);

// email.ts: who is told about orders (admins only; customers are the order's own e-mail)
const emailAddress = str({ pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, patternText: 'an e-mail address' });
export const notificationSettings = obj({
  adminEmails: arr(emailAddress, { min: 1 }),
  fromAddress: emailAddress,
  fromName: opt(str()),
  // staff who receive form notifications: per form (or estimator template) name, "default" for the rest
  formRecipients: opt(record(arr(emailAddress, { min: 1 }), { key: str({ pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/, patternText: 'a form name or "default"' }) })),
});

// checkout.ts: /order/success and /payment/fail copy
const checkoutPageVariant = obj({
  title: str(),
  html: str(),
  actions: arr(obj({ label: str(), href: path(), variant: opt(oneOf(['primary', 'secondary'])) })),
});
export const checkoutPages = obj({
  orderSuccess: record(checkoutPageVariant),
  paymentFail: checkoutPageVariant,
  verify: obj({ processing: str() }),
});

// blogs.ts (content/blogs/)
const isoDate = () => str({ pattern: /^\d{4}-\d{2}-\d{2}$/, patternText: 'a date like 2026-01-31' });
const https = () => str({ pattern: /^https:\/\//, patternText: 'an https:// address' });
export const blogPosts = arr(
  obj({
    blogDetailPath: slug(),
    title: str(),
    description: str(),
    blogCategory: str({ pattern: /[A-Za-z0-9]/, patternText: 'a category name with a letter or digit' }),
    author: slug(),
    publishDate: isoDate(),
    isPopular: bool(),
    image: imageRef,
    coverScene: opt(str()),
    contentPath: str({ pattern: /^articles\/[a-z0-9-]+\.html$/, patternText: 'articles/<name>.html' }),
  }),
  { min: 1 },
);
export const blogAuthors = arr(
  obj({
    id: slug(),
    name: str(),
    designation: str(),
    description: str(),
    logo: imageRef,
    socials: arr(obj({ type: str(), url: https() })),
  }),
  { min: 1 },
);
export const blogSettings = obj({
  pageSize: num({ min: 1, max: 48, integer: true }),
  recentCardMaxItems: num({ min: 1, max: 12, integer: true }),
  popularPostsMaxItems: num({ min: 1, max: 12, integer: true }),
  sidebarTitle: str(),
  categoryBanner: imageRef,
  categoryTitleTemplate: str({ pattern: /\{category\}/, patternText: 'a text with {category}' }),
  categoryDescriptionTemplate: str({ pattern: /\{category\}/, patternText: 'a text with {category}' }),
});
// end blogs
