import { useEffect, useMemo, useRef, useState } from 'react';
import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardNumberElementChangeEvent, StripeElementsOptions, StripeError } from '@stripe/stripe-js';
import { PAYMENT_MESSAGES, type PaymentMethod } from '@storefront/contracts';
import { ErrorState, LoadingState } from '@storefront/ui';
import type { CardFieldsHandle, CardFieldsProps } from '../provider-props.js';
import { loadStripeFrom } from './stripe-js.js';

/** The spec's form fields for the hosted card elements (section 3) and their messages (section 5). */
export type StripeField = 'cardNumber' | 'cardExpiry' | 'cardCvc';
export const STRIPE_FIELD_MESSAGES: Record<StripeField, string> = {
  cardNumber: 'Card number is incomplete or invalid',
  cardExpiry: 'Expiry date is incomplete or invalid',
  cardCvc: 'CVC is incomplete or invalid',
};
const FIELDS: StripeField[] = ['cardNumber', 'cardExpiry', 'cardCvc'];
const LABELS: Record<StripeField, string> = { cardNumber: 'Card number', cardExpiry: 'Expiry date', cardCvc: 'CVC' };

interface FieldState {
  empty: boolean;
  complete: boolean;
}

/** Which of our fields a Stripe.js or API error is about (its code or param). */
export function fieldOfStripeError(error: Pick<StripeError, 'code' | 'param'>): StripeField {
  const code = `${error.code ?? ''} ${error.param ?? ''}`;
  if (/expir|exp_|\bexp\b/.test(code)) return 'cardExpiry';
  if (/cvc/.test(code)) return 'cardCvc';
  return 'cardNumber';
}

/**
 * The first problem with the fields as their change events left them: nothing entered at all is
 * 'Payment details are required to continue.'; otherwise the first field not complete, with its message.
 */
export function fieldsProblem(fields: Record<StripeField, FieldState>): { field: StripeField; message: string } | null {
  if (FIELDS.every((field) => fields[field].empty)) return { field: 'cardNumber', message: PAYMENT_MESSAGES.detailsRequired };
  const first = FIELDS.find((field) => !fields[field].complete);
  return first ? { field: first, message: STRIPE_FIELD_MESSAGES[first] } : null;
}

const ELEMENT_OPTIONS = { style: { base: { fontSize: '16px' } } };

/** Where Stripe sends the shopper after confirming (spec 4: the return address for confirmation). */
export const STRIPE_RETURN_PATH = '/payment/verify/stripe';

/** Card brands a method's availableMethods may list; to Stripe they are all one type, card. */
const CARD_BRANDS = new Set(['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'cartes_bancaires', 'eftpos_au', 'interac']);

/**
 * The payment element variant (spec 3 form field paymentElement) when the method's availableMethods
 * name Stripe payment method types (card, link, klarna…), which only the Payment Element offers; card
 * brands alone (or none) are the split card elements (cardNumber, cardExpiry, cardCvc).
 */
export function stripePaymentMethodTypes(method: Pick<PaymentMethod, 'availableMethods'>): string[] | null {
  const available = method.availableMethods ?? [];
  if (!available.some((entry) => !CARD_BRANDS.has(entry))) return null;
  return [...new Set(available.map((entry) => (CARD_BRANDS.has(entry) ? 'card' : entry)))];
}

/** Enter in Stripe's frames stays there (cross-origin): the shopper submits with the form's button. */
function SplitCardElements({ onElement }: Pick<CardFieldsProps, 'onElement'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [errors, setErrors] = useState<Partial<Record<StripeField, string>>>({});
  const fields = useRef<Record<StripeField, FieldState>>({
    cardNumber: { empty: true, complete: false },
    cardExpiry: { empty: true, complete: false },
    cardCvc: { empty: true, complete: false },
  });
  useEffect(() => {
    if (!stripe || !elements) return;
    const elementOf = (field: StripeField) =>
      field === 'cardNumber' ? elements.getElement(CardNumberElement) : field === 'cardExpiry' ? elements.getElement(CardExpiryElement) : elements.getElement(CardCvcElement);
    const refuse = (field: StripeField, message: string) => {
      setErrors({ [field]: message });
      return { error: { field, message } };
    };
    const handle: CardFieldsHandle = {
      async tokenize() {
        const problem = fieldsProblem(fields.current);
        if (problem) return refuse(problem.field, problem.message);
        const card = elements.getElement(CardNumberElement);
        if (!card) return refuse('cardNumber', PAYMENT_MESSAGES.stripeNotReady);
        const result = await stripe.createPaymentMethod({ type: 'card', card });
        if (result.error) {
          const field = fieldOfStripeError(result.error);
          // a card Stripe itself refuses here is invalid: the spec's message at its field
          return refuse(field, result.error.type === 'validation_error' || result.error.type === 'card_error' ? STRIPE_FIELD_MESSAGES[field] : (result.error.message ?? PAYMENT_MESSAGES.stripeNotReady));
        }
        setErrors({});
        const method = result.paymentMethod;
        return { token: method.id, card: { brand: method.card?.brand ?? 'card', last4: method.card?.last4 ?? '' } };
      },
      focus() {
        const problem = fieldsProblem(fields.current);
        elementOf(problem?.field ?? 'cardNumber')?.focus();
      },
      clear() {
        for (const field of FIELDS) elementOf(field)?.clear();
        setErrors({});
      },
      // the elements are destroyed with this component (react-stripe-js)
      destroy() {},
    };
    onElement(handle);
    return () => onElement(null);
  }, [stripe, elements, onElement]);

  const changed = (field: StripeField) => (event: Pick<StripeCardNumberElementChangeEvent, 'empty' | 'complete' | 'error'>) => {
    fields.current = { ...fields.current, [field]: { empty: event.empty, complete: event.complete } };
    // the message shows once Stripe.js says the field is wrong, and goes when the field is right again
    setErrors((current) => ({ ...current, [field]: event.error ? STRIPE_FIELD_MESSAGES[field] : undefined }));
  };
  const props = (field: StripeField) => ({
    id: `stripe-${field}`,
    options: ELEMENT_OPTIONS,
    onChange: changed(field),
  });

  return (
    <div className="sf-checkout-stripe-fields" data-provider="stripe">
      {FIELDS.map((field) => (
        <div key={field} className="sf-field" data-field={field}>
          <label className="sf-field__label" htmlFor={`stripe-${field}`}>
            {LABELS[field]}
          </label>
          {field === 'cardNumber' && <CardNumberElement {...props(field)} />}
          {field === 'cardExpiry' && <CardExpiryElement {...props(field)} />}
          {field === 'cardCvc' && <CardCvcElement {...props(field)} />}
          {errors[field] && (
            <p className="sf-field__error" role="alert" data-error-for={field}>
              {errors[field]}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * Stripe's Payment Element (deferred intent): the shopper's details are checked here (elements.submit),
 * the payments service creates the PaymentIntent without a card, and Stripe.js confirms it with the
 * client secret, taking the shopper to the verify page (or Stripe's 3-D Secure page first).
 */
function PaymentElementFields({ onElement }: Pick<CardFieldsProps, 'onElement'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | undefined>();
  const state = useRef({ empty: true, complete: false });

  useEffect(() => {
    if (!stripe || !elements) return;
    const refuse = (message: string) => {
      setError(message);
      return { error: { field: 'paymentElement', message } };
    };
    const handle: CardFieldsHandle = {
      async tokenize() {
        if (state.current.empty) return refuse(PAYMENT_MESSAGES.detailsRequired);
        const submitted = await elements.submit();
        if (submitted.error) return refuse(submitted.error.message ?? PAYMENT_MESSAGES.detailsRequired);
        setError(undefined);
        // no token: Stripe.js confirms once the payment exists (confirm below)
        return { token: '', card: { brand: '', last4: '' } };
      },
      async confirm(clientSecret) {
        const result = await stripe.confirmPayment({ elements, clientSecret, confirmParams: { return_url: `${window.location.origin}${STRIPE_RETURN_PATH}` } });
        // only a refusal comes back: otherwise the page has left for the return address
        return { error: result.error?.message ?? PAYMENT_MESSAGES.failed };
      },
      focus() {
        elements.getElement('payment')?.focus();
      },
      clear() {
        elements.getElement('payment')?.clear();
        setError(undefined);
      },
      destroy() {},
    };
    onElement(handle);
    return () => onElement(null);
  }, [stripe, elements, onElement]);

  return (
    <div className="sf-checkout-stripe-fields sf-field" data-provider="stripe" data-field="paymentElement">
      <PaymentElement
        id="stripe-paymentElement"
        onChange={(event) => {
          state.current = { empty: event.empty, complete: event.complete };
          if (event.complete) setError(undefined);
        }}
      />
      {error && (
        <p className="sf-field__error" role="alert" data-error-for="paymentElement">
          {error}
        </p>
      )}
    </div>
  );
}

type LoadState = { kind: 'loading' } | { kind: 'ready'; stripe: Stripe } | { kind: 'failed' };

/**
 * Stripe's card elements (number, expiry, CVC, each in Stripe's own frame) through
 * @stripe/react-stripe-js, with Stripe.js from the method's config.scriptUrl and its publishable
 * key. The card goes from Stripe's frames to Stripe; the checkout gets the PaymentMethod id as its
 * token. Without Stripe.js: 'Stripe.js not ready' with a Retry (spec 8), and the failure is logged.
 */
export default function StripeCardFields({ method, amount, onElement, onLoading }: CardFieldsProps) {
  const scriptUrl = method.config?.scriptUrl ?? '';
  const publishableKey = method.config?.publishableKey ?? '';
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    onLoading?.();
    loadStripeFrom(scriptUrl, publishableKey).then(
      (stripe) => active && setState({ kind: 'ready', stripe }),
      (error: unknown) => {
        console.error('[checkout] Stripe.js did not load', error);
        if (!active) return;
        onElement(null);
        setState({ kind: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [scriptUrl, publishableKey, attempt, onElement, onLoading]);

  const stripe = state.kind === 'ready' ? state.stripe : null;
  const types = useMemo(() => stripePaymentMethodTypes(method), [method]);
  // the Payment Element is created before the intent (deferred): it needs the amount and currency up front
  const options = useMemo<StripeElementsOptions | undefined>(
    () => (types && amount && amount > 0 ? { mode: 'payment', amount, currency: 'usd', paymentMethodTypes: types } : undefined),
    [types, amount],
  );
  if (state.kind === 'failed') {
    return (
      <ErrorState
        title={PAYMENT_MESSAGES.stripeNotReady}
        message="The secure card fields could not be loaded. Please try again, or choose another payment method."
        onRetry={() => {
          setState({ kind: 'loading' });
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  if (!stripe || (types && !options)) return <LoadingState label="Loading secure card fields…" />;
  return (
    <Elements stripe={stripe} options={options}>
      {types ? <PaymentElementFields onElement={onElement} /> : <SplitCardElements onElement={onElement} />}
    </Elements>
  );
}
