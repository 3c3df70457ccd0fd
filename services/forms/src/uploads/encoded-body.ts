import { BadRequestException } from '@nestjs/common';
import { MULTIPART_JSON_PARTS } from '@storefront/contracts';

const TEXT_PARTS = ['name', 'id', 'continuationToken', 'recaptchaToken'] as const;

/**
 * A multipart or urlencoded body -> the same envelope a JSON body has. `formData`, `metadata`, … come
 * as JSON text; urlencoded (or a hand-made multipart) may spell `formData[field]=value` instead, which
 * arrives already nested. Parts the contract does not name are left out.
 */
export function envelopeFromEncodedBody(body: unknown): Record<string, unknown> {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const envelope: Record<string, unknown> = {};
  for (const part of TEXT_PARTS) {
    const value = source[part];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new BadRequestException(`${part} must be sent once, as text`);
    envelope[part] = value;
  }
  for (const part of MULTIPART_JSON_PARTS) {
    const value = source[part];
    if (value === undefined) continue;
    if (typeof value === 'string') {
      try {
        envelope[part] = JSON.parse(value) as unknown;
      } catch {
        throw new BadRequestException(`${part} must be JSON text`);
      }
    } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      envelope[part] = { ...(value as Record<string, unknown>) };
    } else {
      throw new BadRequestException(`${part} must be sent once, as JSON text`);
    }
  }
  return envelope;
}
