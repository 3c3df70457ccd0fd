import { CARD_NUMBER_MAX_LENGTH, CVV_MAX_LENGTH, cardMonthChoices, cardYearChoices } from '@storefront/commerce-rules';
import { FieldError, SelectField, TextField, digitsOnly, expiryFormat, useFieldError } from '../form/fields.js';

/** Card number with the spaces people type, as hosted fields accept it. */
function cardNumberFormat(text: string): string {
  return digitsOnly(text)
    .slice(0, CARD_NUMBER_MAX_LENGTH)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Hosted-style card fields (the stripe gateway): Card number, Expiry "MM / YY", CVC, with
 * validateHostedCard's messages; 'Payment details are required to continue.' sits above them.
 */
export function HostedCardFields() {
  const detailsError = useFieldError('paymentElement');
  return (
    <div className="sf-checkout-card" aria-describedby={detailsError ? 'checkout-paymentElement-error' : undefined}>
      <FieldError id="checkout-paymentElement-error" message={detailsError} />
      <div className="sf-checkout-grid">
        <TextField
          name="cardNumber"
          label="Card number"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={CARD_NUMBER_MAX_LENGTH + 4}
          filter={cardNumberFormat}
          className="sf-checkout-grid__wide"
        />
        <TextField name="cardExpiry" label="Expiry" required inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" maxLength={7} filter={expiryFormat} />
        <TextField name="cardCvc" label="CVC" required inputMode="numeric" autoComplete="cc-csc" maxLength={CVV_MAX_LENGTH} filter={digitsOnly} />
      </div>
    </div>
  );
}

/**
 * Direct card entry (the authorizenet gateway): digits-only card number (max 19) and CVV (max 4),
 * month 01-12 and the current year plus 10, with validateDirectCardEntry's messages.
 */
export function DirectCardFields() {
  const months = cardMonthChoices().map((m) => ({ value: m, label: m }));
  const years = cardYearChoices().map((y) => ({ value: y, label: y }));
  return (
    <div className="sf-checkout-card">
      <div className="sf-checkout-grid">
        <TextField
          name="cardNumber"
          label="Card number"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={CARD_NUMBER_MAX_LENGTH}
          filter={digitsOnly}
          className="sf-checkout-grid__wide"
        />
        <SelectField name="expMonth" label="Expiry month" required autoComplete="cc-exp-month" placeholder="MM" options={months} />
        <SelectField name="expYear" label="Expiry year" required autoComplete="cc-exp-year" placeholder="YYYY" options={years} />
        <TextField name="cardCode" label="CVV" required inputMode="numeric" autoComplete="cc-csc" maxLength={CVV_MAX_LENGTH} filter={digitsOnly} />
      </div>
    </div>
  );
}
