import {
  CARD_NUMBER_MAX_LENGTH,
  CVV_MAX_LENGTH,
  cardBrand,
  cardMonthChoices,
  cardYearChoices,
  validateDirectCardEntry,
  validateHostedCard,
} from '@storefront/commerce-rules/card-rules';
import type { SandboxCardChange, SandboxCardLayout } from '@storefront/contracts/sandbox-pay';

/**
 * The frame's fields and their rules, for both layouts. The messages are the card rules' own
 * (`@storefront/commerce-rules/card-rules`, spec 5): this module calls validateHostedCard and
 * validateDirectCardEntry and is bundled with them into the frame's script, so the frame cannot
 * drift from the rules. Pure: the page (server) renders the fields from it, the frame's script
 * (browser) validates and formats with it.
 */

export type FrameFieldId = 'cardNumber' | 'cardExpiry' | 'cardCvc' | 'expMonth' | 'expYear' | 'cardCode';
/** The hosted layout's message for a blank card, which belongs to no single field. */
export const DETAILS_FIELD = 'paymentElement';

export interface FrameField {
  id: FrameFieldId;
  label: string;
  kind: 'text' | 'select';
  autocomplete: string;
  placeholder?: string;
  maxLength?: number;
  /** select choices */
  options?: string[];
  /** takes the whole row */
  wide?: boolean;
}

export type FrameValues = Partial<Record<FrameFieldId, string>>;

export function frameFields(layout: SandboxCardLayout, now: Date = new Date()): FrameField[] {
  if (layout === 'direct') {
    return [
      { id: 'cardNumber', label: 'Card number', kind: 'text', autocomplete: 'cc-number', maxLength: CARD_NUMBER_MAX_LENGTH, wide: true },
      { id: 'expMonth', label: 'Expiry month', kind: 'select', autocomplete: 'cc-exp-month', placeholder: 'MM', options: cardMonthChoices() },
      { id: 'expYear', label: 'Expiry year', kind: 'select', autocomplete: 'cc-exp-year', placeholder: 'YYYY', options: cardYearChoices(now) },
      { id: 'cardCode', label: 'CVV', kind: 'text', autocomplete: 'cc-csc', maxLength: CVV_MAX_LENGTH },
    ];
  }
  return [
    // digits plus the spaces the number is shown with
    { id: 'cardNumber', label: 'Card number', kind: 'text', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234', maxLength: CARD_NUMBER_MAX_LENGTH + 4, wide: true },
    { id: 'cardExpiry', label: 'Expiry', kind: 'text', autocomplete: 'cc-exp', placeholder: 'MM / YY', maxLength: 7 },
    { id: 'cardCvc', label: 'CVC', kind: 'text', autocomplete: 'cc-csc', maxLength: CVV_MAX_LENGTH },
  ];
}

function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * What a field shows for what was typed or pasted: digits only (spec 5: inputs accept digits only),
 * the hosted number in groups of four, the hosted expiry as "MM / YY".
 */
export function formatFieldInput(layout: SandboxCardLayout, id: FrameFieldId, text: string): string {
  const digits = digitsOnly(text);
  switch (id) {
    case 'cardNumber': {
      const number = digits.slice(0, CARD_NUMBER_MAX_LENGTH);
      return layout === 'hosted' ? number.replace(/(\d{4})(?=\d)/g, '$1 ') : number;
    }
    case 'cardExpiry': {
      const expiry = digits.slice(0, 4);
      return expiry.length > 2 ? `${expiry.slice(0, 2)} / ${expiry.slice(2)}` : expiry;
    }
    case 'cardCvc':
    case 'cardCode':
      return digits.slice(0, CVV_MAX_LENGTH);
    default:
      return text;
  }
}

/**
 * Every failing field with the spec's message. Hosted: 'Card number is incomplete or invalid',
 * 'Expiry date is incomplete or invalid', 'CVC is incomplete or invalid', or (nothing entered)
 * 'Payment details are required to continue.' under DETAILS_FIELD. Direct: the Authorize-style
 * messages per field.
 */
export function frameErrors(layout: SandboxCardLayout, values: FrameValues, now: Date = new Date()): Record<string, string> {
  if (layout === 'direct') {
    return validateDirectCardEntry({ cardNumber: values.cardNumber ?? '', expMonth: values.expMonth ?? '', expYear: values.expYear ?? '', cardCode: values.cardCode ?? '' }, now);
  }
  return validateHostedCard({ cardNumber: values.cardNumber ?? '', cardExpiry: values.cardExpiry ?? '', cardCvc: values.cardCvc ?? '' }, now);
}

/** The first failing field in the order the frame shows them (the blank-card message first). */
export function firstError(layout: SandboxCardLayout, errors: Partial<Record<string, string>>): { field: string; message: string } | undefined {
  const order = [DETAILS_FIELD, ...frameFields(layout).map((field) => field.id)];
  const field = order.find((name) => errors[name]);
  return field ? { field, message: errors[field]! } : undefined;
}

/** What the frame may tell the page while the shopper types: never the number. */
export function frameChange(layout: SandboxCardLayout, values: FrameValues, now: Date = new Date()): SandboxCardChange {
  const digits = digitsOnly(values.cardNumber ?? '');
  const empty = frameFields(layout, now).every((field) => !(values[field.id] ?? '').trim());
  return {
    complete: Object.keys(frameErrors(layout, values, now)).length === 0,
    empty,
    brand: digits.length >= 2 ? cardBrand(digits) : null,
  };
}
