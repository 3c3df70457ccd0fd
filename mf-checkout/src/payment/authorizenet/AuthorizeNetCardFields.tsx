import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  CARD_MESSAGES,
  CARD_NUMBER_MAX_LENGTH,
  CVV_MAX_LENGTH,
  cardMonthChoices,
  cardYearChoices,
  validateDirectCardEntry,
} from '@storefront/commerce-rules/card-rules';
import { PAYMENT_MESSAGES, type SandboxTokenizeResult } from '@storefront/contracts';
import { ErrorState, LoadingState } from '@storefront/ui';
import { Select, TextInput } from '@storefront/ui/fields';
import type { CardFieldsHandle, CardFieldsProps } from '../provider-props.js';
import { acceptScript, type AcceptApi, type AcceptResponse } from './accept-js.js';

type Field = 'cardNumber' | 'expMonth' | 'expYear' | 'cardCode';
type Values = Record<Field, string>;
const EMPTY: Values = { cardNumber: '', expMonth: '', expYear: '', cardCode: '' };
const FIELDS: readonly Field[] = ['cardNumber', 'expMonth', 'expYear', 'cardCode'];

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** The expiry's two selects: the month and the year, each offering the card rules' choices. */
const EXPIRY_PARTS = [
  { field: 'expMonth', label: 'Expiry month', placeholder: 'MM', choices: cardMonthChoices, autoComplete: 'cc-exp-month' },
  { field: 'expYear', label: 'Expiry year', placeholder: 'YYYY', choices: cardYearChoices, autoComplete: 'cc-exp-year' },
] as const;

const choiceOf = (value: string) => ({ value, label: value });

/**
 * Accept.js' own refusals (its documented E_WC_ codes) as the field and the spec's message; any
 * other refusal (credentials, a network failure) is the spec's 'Payment Error' (§8).
 */
function refusalOf(response: AcceptResponse): { field: string; message: string } {
  const code = response.messages.message[0]?.code ?? '';
  if (code === 'E_WC_05') return { field: 'cardNumber', message: CARD_MESSAGES.numberInvalid };
  if (code === 'E_WC_06') return { field: 'expMonth', message: CARD_MESSAGES.monthInvalid };
  if (code === 'E_WC_07' || code === 'E_WC_08') return { field: 'expYear', message: CARD_MESSAGES.yearInvalid };
  if (code === 'E_WC_15') return { field: 'cardCode', message: CARD_MESSAGES.cvvInvalid };
  console.error('[checkout] Accept.js refused the card', response.messages);
  // no field: the checkout shows it in its banner
  return { field: '', message: PAYMENT_MESSAGES.paymentError };
}

type ScriptState = 'loading' | 'ready' | 'failed';

/**
 * Authorize.Net's direct card entry (spec §5): number, expiry month and year, CVV, typed into our
 * page and handed straight to Accept.js, which sends them to Authorize.Net and answers opaque data;
 * only that (as `descriptor:value`) reaches our servers. The inputs have no `name`, so a native
 * form submit can never post the card, and the card lives only in this component's state.
 */
export default function AuthorizeNetCardFields({ method, onElement, onLoading, onSubmit }: CardFieldsProps) {
  const config = method.config ?? {};
  const acceptJsUrl = config.acceptJsUrl ?? config.scriptUrl ?? '';
  const clientKey = config.clientKey ?? '';
  const loginId = config.loginId ?? '';
  const baseId = useId();
  const ids = useMemo(() => Object.fromEntries(FIELDS.map((field) => [field, `${baseId}-${field}`])) as Record<Field, string>, [baseId]);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<ScriptState>('loading');
  const [attempt, setAttempt] = useState(0);
  const valuesRef = useRef(values);
  const errorsRef = useRef(errors);
  const acceptRef = useRef<AcceptApi | null>(null);
  const submitRef = useRef(onSubmit);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLSelectElement | null>>>({});
  useEffect(() => {
    submitRef.current = onSubmit;
  }, [onSubmit]);
  useEffect(() => {
    valuesRef.current = values;
    errorsRef.current = errors;
  }, [values, errors]);

  const focusField = useCallback((field: Field) => inputs.current[field]?.focus(), []);

  const handle = useMemo<CardFieldsHandle>(
    () => ({
      async tokenize(): Promise<SandboxTokenizeResult> {
        const entry = valuesRef.current;
        const found = validateDirectCardEntry(entry) as Partial<Record<Field, string>>;
        setErrors(found);
        const first = FIELDS.find((field) => found[field]);
        if (first) return { error: { field: first, message: found[first]! } };
        const accept = acceptRef.current;
        if (!accept) return { error: { field: '', message: PAYMENT_MESSAGES.paymentError } };
        const response = await new Promise<AcceptResponse>((resolve) => {
          accept.dispatchData(
            {
              authData: { clientKey, apiLoginID: loginId },
              cardData: { cardNumber: entry.cardNumber, month: entry.expMonth, year: entry.expYear, cardCode: entry.cardCode },
            },
            resolve,
          );
        });
        if (response.messages.resultCode === 'Ok' && response.opaqueData) {
          return { token: `${response.opaqueData.dataDescriptor}:${response.opaqueData.dataValue}`, card: { brand: 'card', last4: entry.cardNumber.slice(-4) } };
        }
        const refusal = refusalOf(response);
        if (refusal.field) setErrors({ [refusal.field]: refusal.message });
        return { error: refusal };
      },
      focus() {
        focusField(FIELDS.find((field) => errorsRef.current[field]) ?? 'cardNumber');
      },
      clear() {
        setValues(EMPTY);
        setErrors({});
      },
      destroy() {
        setValues(EMPTY);
      },
    }),
    [clientKey, loginId, focusField],
  );

  useEffect(() => {
    let active = true;
    onLoading?.();
    acceptScript.load(acceptJsUrl).then(
      (accept) => {
        if (!active) return;
        acceptRef.current = accept;
        setState('ready');
        onElement(handle);
      },
      (error: unknown) => {
        if (!active) return;
        console.error('[checkout] Accept.js did not load', error);
        onElement(null);
        setState('failed');
      },
    );
    return () => {
      active = false;
      acceptRef.current = null;
      onElement(null);
    };
  }, [acceptJsUrl, attempt, handle, onElement, onLoading]);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // a field shown wrong is checked again as it is corrected
    if (errorsRef.current[field]) {
      const again = validateDirectCardEntry({ ...valuesRef.current, [field]: value }) as Partial<Record<Field, string>>;
      setErrors((current) => ({ ...current, [field]: again[field] }));
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submitRef.current?.();
    }
  };

  if (state === 'failed') {
    return (
      <ErrorState
        title={PAYMENT_MESSAGES.paymentError}
        message="The secure card fields could not be loaded. Please try again, or choose another payment method."
        onRetry={() => {
          setState('loading');
          setAttempt((count) => count + 1);
        }}
      />
    );
  }

  /** What every card field shares: its id, its element for focus, the value, the message, the state. */
  const fieldProps = (field: Field) => ({
    id: ids[field],
    ref: (element: HTMLInputElement | HTMLSelectElement | null) => {
      inputs.current[field] = element;
    },
    required: true,
    error: errors[field],
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    disabled: state !== 'ready',
  });
  return (
    <div className="sf-checkout-direct-card" aria-busy={state === 'loading'}>
      {state === 'loading' && <LoadingState label="Loading secure card fields…" />}
      <div className="sf-field-grid">
        <TextInput
          {...fieldProps('cardNumber')}
          label="Card number"
          className="sf-field-grid__item--wide"
          onKeyDown={onKeyDown}
          filter={digitsOnly}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={CARD_NUMBER_MAX_LENGTH}
        />
        {EXPIRY_PARTS.map((part) => (
          <Select key={part.field} {...fieldProps(part.field)} label={part.label} placeholder={part.placeholder} options={part.choices().map(choiceOf)} autoComplete={part.autoComplete} />
        ))}
        <TextInput
          {...fieldProps('cardCode')}
          label="CVV"
          onKeyDown={onKeyDown}
          filter={digitsOnly}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={CVV_MAX_LENGTH}
        />
      </div>
    </div>
  );
}
