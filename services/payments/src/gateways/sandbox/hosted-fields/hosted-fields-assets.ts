import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The two browser bundles of the hosted fields, built by `scripts/build-hosted-fields.mjs` (the
 * package's `build`, after tsc) into `dist/hosted-fields/`: `sandbox-pay.js` (the provider script the
 * merchant's page loads) and `frame.js` (the frame's own script). Read once, on first use, with a
 * strong ETag from their content.
 */

export type HostedFieldsBundle = 'sandbox-pay' | 'frame';

export interface BundleFile {
  body: Buffer;
  etag: string;
}

/** services/payments: four folders above this file, in src/ (tests) and dist/ alike. */
const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const HOSTED_FIELDS_DIST = path.join(packageRoot, 'dist', 'hosted-fields');

const loaded = new Map<HostedFieldsBundle, BundleFile>();

export function hostedFieldsBundle(name: HostedFieldsBundle): BundleFile {
  let file = loaded.get(name);
  if (!file) {
    const where = path.join(HOSTED_FIELDS_DIST, `${name}.js`);
    let body: Buffer;
    try {
      body = readFileSync(where);
    } catch (error) {
      throw new Error(`The hosted fields bundle ${where} is missing: build the payments service (npm run build -w services/payments)`, { cause: error });
    }
    file = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    loaded.set(name, file);
  }
  return file;
}
