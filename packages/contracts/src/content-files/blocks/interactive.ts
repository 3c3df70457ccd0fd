import type { InferType } from 'yup';
import { EMAIL_ADDRESS_PATTERN } from '../../rules/field-rules.js';
import { fields, flag, listOf, numberIn, oneOfText, openFields, shapeBy, sitePath, slug, text } from '../editor-rules.js';
import { imageRefSchema as imageRef } from '../site.js';
import { blockOf, faqEntrySchema } from './base.js';

// interactive blocks: masonry gallery, accordion, contact list, download catalog, booking calendar

/** One picture of a masonry gallery: opens the zoom lightbox, or links to a page when `url` is set. */
export const galleryItemSchema = fields({
  image: imageRef,
  caption: text().optional(),
  /** a site path: the item is a link (e.g. to a gallery entry) instead of opening the lightbox */
  url: sitePath().optional(),
});
export type GalleryItem = InferType<typeof galleryItemSchema>;

export const masonryGalleryBlockSchema = fields({
  ...blockOf('masonry-gallery'),
  title: text().optional(),
  /** HTML from content/, sanitised before rendering */
  description: text().optional(),
  items: listOf(galleryItemSchema, { min: 1 }),
  /** the most the lightbox enlarges a picture; 2 when absent */
  maxZoomRatio: numberIn({ min: 1, max: 5 }).optional(),
});
export type MasonryGalleryBlock = InferType<typeof masonryGalleryBlockSchema>;

/** Questions and answers, one open at a time; `faqs` also feed the page's FAQPage structured data. */
export const accordionBlockSchema = fields({ ...blockOf('accordion'), title: text().optional(), faqs: listOf(faqEntrySchema, { min: 1 }) });
export type AccordionBlock = InferType<typeof accordionBlockSchema>;

const contactText = <const T extends string>(types: readonly T[]) => fields({ type: oneOfText(types), title: text().optional(), text: text() });
const contactItemTypes = {
  address: fields({
    type: oneOfText(['address']),
    title: text().optional(),
    text: text(),
    enableMapLink: flag().optional(),
    mapLink: text({ pattern: /^https:\/\//, patternText: 'an https:// address' }).optional(),
  }),
  phone: contactText(['phone']),
  sms: contactText(['sms']),
  // the site's address is usually given as {{site.email}}, resolved by the content service
  email: fields({
    type: oneOfText(['email']),
    title: text().optional(),
    text: text({
      pattern: new RegExp(`^(\\{\\{\\s*[\\w.]+\\s*\\}\\}|${EMAIL_ADDRESS_PATTERN.source.slice(1, -1)})$`),
      patternText: 'an e-mail address or a {{site.email}} placeholder',
    }),
  }),
  /** without `items`, the site's opening hours (content/site/site.json), so they are kept in one place */
  hours: fields({ type: oneOfText(['hours']), title: text().optional(), items: listOf(fields({ days: text(), time: text() }), { min: 1 }).optional() }),
  'icon-link': fields({ type: oneOfText(['icon-link']), title: text().optional(), text: text(), url: text(), iconName: text().optional() }),
  link: fields({ type: oneOfText(['link']), title: text().optional(), text: text(), url: text(), iconName: text().optional() }),
  image: fields({ type: oneOfText(['image']), title: text().optional(), image: imageRef }),
};
export type ContactItem = InferType<(typeof contactItemTypes)[keyof typeof contactItemTypes]>;
const contactItemSchema = shapeBy<ContactItem>(
  (value) => contactItemTypes[value.type as keyof typeof contactItemTypes],
  openFields({ type: oneOfText(Object.keys(contactItemTypes), { quoted: false }) }),
);

export const contactListBlockSchema = fields({
  ...blockOf('contact-list'),
  title: text().optional(),
  subTitle: text().optional(),
  /** default: a plain list; here-to-help: a highlighted panel with the items as cards */
  layout: oneOfText(['default', 'here-to-help']).optional(),
  items: listOf(contactItemSchema, { min: 1 }),
});
export type ContactListBlock = InferType<typeof contactListBlockSchema>;

export const catalogDownloadSchema = fields({
  text: text(),
  /** a PDF under /images/ or /catalogs/, or an absolute URL */
  url: text({ pattern: /^(\/|https:\/\/)\S+\.pdf$/, patternText: 'a .pdf path or https:// address' }),
});
export type CatalogDownload = InferType<typeof catalogDownloadSchema>;

/** One catalog renders a plain link; several render a dropdown. */
export const downloadCatalogBlockSchema = fields({
  ...blockOf('download-catalog'),
  /** an optional heading above the link */
  title: text().optional(),
  label: text(),
  catalogs: listOf(catalogDownloadSchema, { min: 1 }),
});
export type DownloadCatalogBlock = InferType<typeof downloadCatalogBlockSchema>;

/**
 * The calendar booking widget: the free slots of a booking form (its config.booking says how long a slot
 * is and how many days can be booked), then name, e-mail and phone, stored through POST /api/forms/<formName>.
 */
export const bookingCalendarBlockSchema = fields({
  ...blockOf('booking-calendar'),
  /** "Select a Date & Time" when absent */
  title: text().optional(),
  description: text().optional(),
  /** a form definition in content/forms/ with config.booking and the fields name, email, phone, date and slot */
  formName: slug(),
  submitText: text().optional(),
});
export type BookingCalendarBlock = InferType<typeof bookingCalendarBlockSchema>;

export type InteractiveBlock = MasonryGalleryBlock | AccordionBlock | ContactListBlock | DownloadCatalogBlock | BookingCalendarBlock;

/** A form from content/forms/ embedded in a page, drawn by mf_forms/FormBlock (the popups use the same module). */
export const formBlockSchema = fields({
  ...blockOf('form'),
  /** a form definition in content/forms/ */
  formName: slug(),
  title: text().optional(),
  description: text().optional(),
});
export type FormBlock = InferType<typeof formBlockSchema>;
