import type { EventEmitter } from 'node:events';

// What several services' tests share (unit and integration): small real files, reading a download,
// and the forms the back office's leads are tested with. Never used by a service's own code.

// --- small real files for the upload tests: types are found by content ---

/** A 1x1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The start of a JFIF JPEG: enough for its type to be recognised. */
export const TINY_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\u0000'), Buffer.alloc(64)]);

export const TINY_PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** A PNG padded to `bytes` (its type still reads as PNG). */
export function pngOfSize(bytes: number): Buffer {
  return Buffer.concat([TINY_PNG, Buffer.alloc(Math.max(0, bytes - TINY_PNG.length))]);
}

// --- downloads ---

/** What a download of personal data answers with besides its type, length and name: never sniffed, never kept by a cache. */
export const PRIVATE_DOWNLOAD_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' } as const;

/** A parser for supertest's `.buffer(true).parse(bodyBytes)`: the answer's body, whole, as bytes, whatever its type. */
export function bodyBytes(response: EventEmitter, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

// --- the back office's leads (the forms service serves them; the orders service passes them on) ---

/**
 * The claim form the leads suites submit (the forms service's, and the orders service's through the
 * real forms service): a name and an e-mail first, then the fields a suite adds.
 */
export function leadsClaimForm(fields: readonly object[]) {
  return {
    name: 'leads-claim',
    title: 'Damage Claim',
    fields: [{ name: 'firstName', type: 'text', label: 'First Name', required: true }, { name: 'email', type: 'email', label: 'Email', required: true }, ...fields],
    buttons: { submit: 'Send' },
  };
}

/** A form of the leads suites that is defined but never submitted (listed with no submissions). */
export const LEADS_QUIET_FORM = { name: 'leads-quiet', title: 'Nobody Asks', fields: [{ name: 'email', type: 'email', label: 'Email' }], buttons: { submit: 'Send' } };
