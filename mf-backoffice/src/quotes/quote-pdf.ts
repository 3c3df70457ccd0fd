import { isPlainObject, type AdminQuoteDetail, type OrderAddress } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { createPdfPen, PDF_COLORS, type JsPdfConstructor, type JsPdfDocument, type Rgb } from '@storefront/pdf-document';
import { formatUsDate } from './quote-dates.js';

/** Who the quote is from: the site's name and how to reach the business (GET /api/content/site). */
export interface QuotePdfBusiness {
  name: string;
  lines: string[];
}

export interface QuotePdfLine {
  sku: string;
  name: string;
  qty: string;
  unitPrice: string;
  amount: string;
  notes?: string;
}

/** Everything the PDF says, worked out before any drawing so it can be checked on its own. */
export interface QuotePdfContent {
  business: QuotePdfBusiness;
  /** "Quote Q-100001" */
  title: string;
  /** "Date: MM/DD/YYYY" (the quote's) */
  date: string;
  customer: string[];
  addresses: { heading: string; lines: string[] }[];
  shipping: string;
  items: QuotePdfLine[];
  totals: { label: string; value: string }[];
  /** the payment terms: split payment and its minimum, what is paid and due once ordered */
  terms: string[];
  notes?: string;
  /** how to pay: the link's e-mail, never the link (its token is a secret shown once) */
  paymentNote: string;
}

export const QUOTE_PDF_PAYMENT_NOTE = 'Pay online with the link in your e-mail.';

/** The business as GET /api/content/site answers it ({ site: { name, phone, email, address } }), or undefined. */
export function businessOf(siteData: unknown): QuotePdfBusiness | undefined {
  const site = isPlainObject(siteData) && isPlainObject(siteData.site) ? siteData.site : undefined;
  if (!site || typeof site.name !== 'string' || !site.name.trim()) return undefined;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const address = isPlainObject(site.address) ? site.address : {};
  const place = [text(address.city), [text(address.state), text(address.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [text(address.street), place || undefined, text(site.phone), text(site.email)].filter((line): line is string => line !== undefined);
  return { name: site.name.trim(), lines };
}

function addressLines(address: OrderAddress): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const place = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [name, address.street1, address.street2 ?? '', place, address.countryId, address.phoneNumber].filter((line) => line.trim() !== '');
}

/** The quote's PDF in words: from the server's quote (amounts in its cents), never from the form. */
export function quotePdfContent(detail: AdminQuoteDetail, business: QuotePdfBusiness): QuotePdfContent {
  const { quote, order } = detail;
  const customer = [
    [quote.firstName, quote.lastName].filter(Boolean).join(' '),
    quote.email,
    quote.phone ?? '',
    quote.poNumber ? `PO number: ${quote.poNumber}` : '',
  ].filter((line) => line.trim() !== '');
  const addresses = quote.addresses.map((address) => ({ heading: address.type === 'billing' ? 'Bill to' : 'Ship to', lines: addressLines(address) }));
  const totals = [
    { label: 'Subtotal', value: formatCents(quote.subtotal) },
    { label: `Shipping (${quote.shippingLabel || quote.shippingMethod})`, value: formatCents(quote.shippingAmount) },
    { label: 'Tax', value: formatCents(quote.taxAmount) },
    ...(quote.discountAmount > 0 ? [{ label: 'Discount', value: `-${formatCents(quote.discountAmount)}` }] : []),
    { label: 'Total', value: formatCents(quote.total) },
  ];
  const terms: string[] = [];
  if (quote.splitPaymentEnabled) {
    terms.push(
      quote.minimumSplitAmount !== null
        ? `Split payment: pay at least ${formatCents(quote.minimumSplitAmount)} now and the balance later.`
        : 'Split payment: pay part now and the balance later.',
    );
  } else {
    terms.push('Payment in full.');
  }
  if (order) terms.push(`Paid: ${formatCents(order.paidCents)}. Balance due: ${formatCents(order.dueCents)}.`);
  return {
    business,
    title: `Quote ${quote.quoteIncrementId}`,
    date: `Date: ${formatUsDate(quote.createdAt)}`,
    customer,
    addresses,
    shipping: `Shipping method: ${quote.shippingLabel || quote.shippingMethod}`,
    items: quote.items.map((item) => ({
      sku: item.sku,
      name: item.name,
      qty: String(item.qty),
      unitPrice: formatCents(item.price),
      amount: formatCents(item.rowTotal),
      ...(item.notes ? { notes: item.notes } : {}),
    })),
    totals,
    terms,
    ...(quote.additionalNotes ? { notes: quote.additionalNotes } : {}),
    paymentNote: QUOTE_PDF_PAYMENT_NOTE,
  };
}

/** quote-Q-100001.pdf */
export function quotePdfFileName(quoteNumber: string): string {
  return `quote-${quoteNumber.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

// Layout in points on US Letter (612 x 792).
const MARGIN = 48;
const LINE = 14;

/** Draws the quote on Letter pages (more pages when the items run long). */
export function renderQuotePdf(JsPdf: JsPdfConstructor, content: QuotePdfContent): JsPdfDocument {
  const { doc, right, color, font, fits, newPage, room, rule, heading } = createPdfPen(JsPdf, { format: 'letter', margin: MARGIN, line: LINE, headingSize: 12 });
  // item columns: SKU, name (wraps), qty, unit price, amount (numbers right-aligned)
  const columns = { sku: MARGIN, name: MARGIN + 90, qty: right - 170, unit: right - 85, amount: right };
  let y = MARGIN;

  const paragraph = (lines: string[], size = 10, tone: Rgb = PDF_COLORS.text) => {
    font(size);
    color(tone);
    for (const line of lines) {
      const wrapped: string[] = doc.splitTextToSize(line, right - MARGIN);
      y = room(y, wrapped.length * LINE);
      doc.text(wrapped, MARGIN, y);
      y += wrapped.length * LINE;
    }
  };
  const itemHeader = () => {
    font(9, 'bold');
    color(PDF_COLORS.muted);
    doc.text('SKU', columns.sku, y);
    doc.text('Item', columns.name, y);
    doc.text('Qty', columns.qty, y, { align: 'right' });
    doc.text('Unit price', columns.unit, y, { align: 'right' });
    doc.text('Amount', columns.amount, y, { align: 'right' });
    y += LINE;
  };

  // the business, then the quote's number and date on the right
  font(18, 'bold');
  color(PDF_COLORS.accent);
  doc.text(content.business.name, MARGIN, y);
  font(16, 'bold');
  doc.text(content.title, right, y, { align: 'right' });
  y += LINE * 1.5;
  font(9);
  color(PDF_COLORS.muted);
  const businessTop = y;
  content.business.lines.forEach((line, index) => doc.text(line, MARGIN, businessTop + index * 12));
  font(10);
  color(PDF_COLORS.text);
  doc.text(content.date, right, businessTop, { align: 'right' });
  y = businessTop + Math.max(content.business.lines.length, 1) * 12 + LINE / 2;
  y = rule(y);

  // the customer and the addresses, side by side
  const blocks = [{ heading: 'Customer', lines: content.customer }, ...content.addresses];
  const blockWidth = (right - MARGIN) / blocks.length;
  const blockTop = y;
  let blockBottom = y;
  blocks.forEach((block, index) => {
    const x = MARGIN + index * blockWidth;
    let by = blockTop;
    font(10, 'bold');
    color(PDF_COLORS.accent);
    doc.text(block.heading, x, by);
    by += LINE;
    font(10);
    color(PDF_COLORS.text);
    for (const line of block.lines) {
      const wrapped: string[] = doc.splitTextToSize(line, blockWidth - 12);
      doc.text(wrapped, x, by);
      by += wrapped.length * 12;
    }
    blockBottom = Math.max(blockBottom, by);
  });
  y = blockBottom + LINE / 2;
  paragraph([content.shipping]);
  y += LINE / 2;

  y = heading('Items', y);
  itemHeader();
  for (const item of content.items) {
    font(10);
    const nameLines: string[] = doc.splitTextToSize(item.name, columns.qty - columns.name - 40);
    const noteLines: string[] = item.notes ? doc.splitTextToSize(`Note: ${item.notes}`, columns.qty - columns.name - 40) : [];
    const skuLines: string[] = doc.splitTextToSize(item.sku, columns.name - columns.sku - 8);
    const height = Math.max(nameLines.length + noteLines.length, skuLines.length) * 12 + 6;
    // a line that does not fit starts the next page, under the columns' names again
    if (!fits(y, height)) {
      y = newPage();
      itemHeader();
    }
    color(PDF_COLORS.text);
    font(10);
    doc.text(skuLines, columns.sku, y);
    doc.text(nameLines, columns.name, y);
    doc.text(item.qty, columns.qty, y, { align: 'right' });
    doc.text(item.unitPrice, columns.unit, y, { align: 'right' });
    doc.text(item.amount, columns.amount, y, { align: 'right' });
    if (noteLines.length > 0) {
      font(9);
      color(PDF_COLORS.muted);
      doc.text(noteLines, columns.name, y + nameLines.length * 12);
    }
    y += height;
  }
  y = room(y, LINE * (content.totals.length + 2));
  y = rule(y);
  content.totals.forEach((total, index) => {
    const grand = index === content.totals.length - 1;
    font(grand ? 12 : 10, grand ? 'bold' : 'normal');
    color(grand ? PDF_COLORS.accent : PDF_COLORS.text);
    doc.text(total.label, columns.unit - 90, y, { align: 'right' });
    doc.text(total.value, columns.amount, y, { align: 'right' });
    y += grand ? LINE * 1.5 : LINE;
  });

  y = heading('Payment', y);
  paragraph(content.terms);
  if (content.notes) {
    y += LINE / 2;
    y = heading('Notes', y);
    paragraph([content.notes]);
  }
  y += LINE / 2;
  paragraph([content.paymentNote], 11, PDF_COLORS.accent);
  return doc;
}
