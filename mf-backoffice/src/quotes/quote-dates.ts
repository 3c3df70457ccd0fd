import { formatUsDate as usDate } from '@storefront/pdf-document';

// Dates as staff read them: in their own time zone, month first (the business is in the US).
// Staff data is drawn only in the browser (never in the server's HTML), so Intl costs no hydration.

function valid(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "Nov 20, 2026" */
export function formatDate(iso: string): string {
  const date = valid(iso);
  return date ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : iso;
}

/** "Nov 20, 2026, 2:05 PM" */
export function formatDateTime(iso: string): string {
  const date = valid(iso);
  return date ? date.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }) : iso;
}

/** MM/DD/YYYY in the reader's time zone (the PDF's date). */
export function formatUsDate(iso: string): string {
  const date = valid(iso);
  return date ? usDate(date) : iso;
}
