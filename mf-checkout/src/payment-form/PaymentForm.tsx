import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { readTypedAmount } from '@storefront/commerce-rules';
import { PAYMENT_MESSAGES, isPayableMethodName, type PaymentMethod } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { RESULT_MESSAGE_MS } from '@storefront/ui';
import { FieldShell, fieldMessageIds, describedByIds } from '@storefront/ui/fields';
import { useTransientMessage } from '../shared/useTransientMessage.js';
import { lazyResolver, usePreloadOnFirstInput } from '../shared/lazy-resolver.js';
import { FieldGroup } from '../shared/fields.js';
import { useValuesTypedBeforeHydration } from '@storefront/ui/form';
import {
  type CardTokenizer,
  defaultMethod,
  findMethod,
  PayingOverlay,
  PaymentEntryFields,
  PaymentMethodChooser,
  paymentMethodKey,
  PaymentSubmit,
  type PaidOutcome,
  type PlaceOrderOutcome,
  usePayOrder,
  usePaymentEntry,
  type PaymentSteps,
} from '../payment/index.js';
import '../shared/checkout.css';
import './PaymentForm.css';

/** The payment method that pays in instalments (spec 4, 5): chosen, it shows the amount and the method that pays it. */
export const SPLIT_PAYMENT_METHOD = 'split-payment';

export const PAYING_TEXT = 'Processing your payment…';

const PAYPAL_HINT = { window: 'PayPal opens a window to approve the payment.', redirect: 'You will be taken to PayPal to approve the payment.' };

interface Values {
  paymentMethod: string;
  selectedSplitMethod: string;
  amount: string;
}

export type { PaidOutcome } from '../payment/index.js';

export interface PaymentFormProps {
  /** the enabled methods of the page's scope, sorted; split-payment only where the quote or order allows it */
  methods: PaymentMethod[];
  /** the amount field's label */
  amountLabel: string;
  /** spec 5: the amount rule of the page (its message, or null when the amount may be paid) */
  amountProblem(value: unknown): string | null;
  /** the amount input's min and max, in cents */
  minCents: number;
  maxCents: number;
  /** what the page shows under the methods (total, received, remaining) for the amount typed (null: not a split payment) */
  summary(enteredCents: number | null): ReactNode;
  submitText: string;
  /** pays the order with the method that takes the money; `splitAmountCents` for an instalment */
  pay(method: PaymentMethod, card: CardTokenizer | null, splitAmountCents: number | undefined): Promise<PlaceOrderOutcome>;
  /** paid (or pending): the page finishes (success flow, or stays with a message); 'stay' keeps the form usable */
  onPaid(outcome: PaidOutcome, splitAmountCents: number | undefined): Promise<'leaving' | 'stay'>;
  /** about to leave for the provider's page: keep what the verify page needs */
  beforeRedirect(splitAmountCents: number | undefined): void;
}

/** The split method's payable companions: the methods that can take an instalment (spec: selectedSplitMethod). */
function payableMethods(methods: PaymentMethod[]): PaymentMethod[] {
  return methods.filter((method) => method.name !== SPLIT_PAYMENT_METHOD && isPayableMethodName(method.name));
}

/** The split method's default: the method it depends on (credit-card), else the default payable one. */
function defaultSplitMethod(methods: PaymentMethod[]): PaymentMethod | undefined {
  const split = methods.find((method) => method.name === SPLIT_PAYMENT_METHOD);
  const payable = payableMethods(methods);
  return (split?.dependsOn ? payable.find((method) => method.name === split.dependsOn && method.isDefault) ?? payable.find((method) => method.name === split.dependsOn) : undefined) ?? defaultMethod(payable);
}

/**
 * The payment step of the quote payment and split-payment pages: the method chooser (the default
 * preselected), for the split-payment method the amount field and the method paying the instalment,
 * the card fields of the method that takes the money, and Pay (or the provider's own buttons for
 * PayPal, as at checkout). The form is validated with the page's amount rule (commerce-rules' words);
 * the payment itself is the page's `pay` (the checkout's payOrder underneath).
 */
export function PaymentForm({ methods, amountLabel, amountProblem, minCents, maxCents, summary, submitText, pay, onPaid, beforeRedirect }: PaymentFormProps) {
  const payable = useMemo(() => payableMethods(methods), [methods]);
  // the schema (and yup) arrive when the shopper starts on the page or the form is first checked: see lazy-resolver.ts
  const resolver = useMemo(
    () => {
      const isSplit = (key: unknown) => findMethod(methods, String(key ?? ''))?.name === SPLIT_PAYMENT_METHOD;
      return lazyResolver<Values>(() => import('./payment-form-resolver.js').then(({ paymentFormResolver }) => paymentFormResolver<Values>(isSplit, amountProblem)));
    },
    [methods, amountProblem],
  );
  usePreloadOnFirstInput(resolver);
  const first = defaultMethod(methods);
  const firstSplit = defaultSplitMethod(methods);
  const form = useForm<Values>({
    resolver,
    defaultValues: { paymentMethod: first ? paymentMethodKey(first) : '', selectedSplitMethod: firstSplit ? paymentMethodKey(firstSplit) : '', amount: '' },
    mode: 'onTouched',
  });
  const { handleSubmit, getValues, register } = form;
  const [paymentKey, splitKey, amount] = useWatch({ control: form.control, name: ['paymentMethod', 'selectedSplitMethod', 'amount'] });
  // after the watchers above subscribed: what was typed before hydration (a split amount in the
  // server's form) reaches them too: the amounts shown and the card fields' amount
  useValuesTypedBeforeHydration(form);
  const banner = useTransientMessage(RESULT_MESSAGE_MS);
  const payment = usePayOrder(banner);
  const { placing, placingRef } = payment;
  const formRef = useRef<HTMLFormElement>(null);
  const submitFromFrame = useCallback(() => formRef.current?.requestSubmit(), []);
  const amountError = useFieldErrorOf(form, 'amount');

  const chosen = findMethod(methods, paymentKey ?? '');
  const split = chosen?.name === SPLIT_PAYMENT_METHOD;
  // the method that takes the money: the instalment's method for a split payment, else the one chosen
  const payWith = split ? findMethod(payable, splitKey ?? '') : chosen;
  const entry = usePaymentEntry(payWith, placingRef);
  const { cardWait, cardSlot } = entry;
  const typed = readTypedAmount(amount);
  const enteredCents = split ? (typed.kind === 'amount' ? typed.cents : 0) : null;

  /** The values as the payment needs them: the method taking the money and the instalment, or why not. */
  function paymentOf(values: Values): { method: PaymentMethod; splitAmountCents: number | undefined } | { problem: string } {
    const picked = findMethod(methods, values.paymentMethod);
    const isSplit = picked?.name === SPLIT_PAYMENT_METHOD;
    const method = isSplit ? findMethod(payable, values.selectedSplitMethod) : picked;
    if (!method) return { problem: PAYMENT_MESSAGES.methodNotAvailable };
    const typedAmount = readTypedAmount(values.amount);
    return { method, splitAmountCents: isSplit && typedAmount.kind === 'amount' ? typedAmount.cents : undefined };
  }

  /** The payment of the values' method (and instalment), as the page pays it. */
  function stepsFor(method: PaymentMethod, card: CardTokenizer | null, splitAmountCents: number | undefined): PaymentSteps {
    return {
      start: () => pay(method, card, splitAmountCents),
      onPaid: (outcome) => onPaid(outcome, splitAmountCents),
      cardFields: () => cardSlot.current(),
      beforeRedirect: () => beforeRedirect(splitAmountCents),
    };
  }

  async function onValid(values: Values) {
    if (placingRef.current) return; // a second click while paying is ignored (the attempt is idempotent too)
    const chosenPayment = paymentOf(values);
    if ('problem' in chosenPayment) {
      banner.show({ type: 'error', text: chosenPayment.problem });
      return;
    }
    const card = entry.cardFor(chosenPayment.method);
    if (card && 'unavailable' in card) {
      banner.show({ type: 'error', text: card.unavailable });
      return;
    }
    // Pay pressed before the card fields are there (at first sight, replayed once the form is live;
    // while they load, or while a Retry reloads them): kept, the button busy, until they are; then
    // the form is judged again and the empty fields ask for the card. Paid by the press made with a
    // card in them, once (as at checkout).
    const stillChosen = () => {
      const now = getValues();
      return now.paymentMethod === values.paymentMethod && now.selectedSplitMethod === values.selectedSplitMethod;
    };
    if (card && !cardSlot.current() && (await cardWait.keptForFields(stillChosen, () => handleSubmit(onValid)()))) return;
    await payment.pay(stepsFor(chosenPayment.method, card, chosenPayment.splitAmountCents));
  }

  /** PayPal's own buttons: validate, then the same payment; its answer names the provider's payment they open. */
  async function startApproval(): Promise<string | null> {
    if (placingRef.current) return null;
    const valid = await form.trigger(undefined, { shouldFocus: true });
    if (!valid) {
      banner.show({ type: 'error', text: PAYMENT_MESSAGES.paypalFormIncomplete });
      return null;
    }
    const chosenPayment = paymentOf(getValues());
    if ('problem' in chosenPayment) {
      banner.show({ type: 'error', text: chosenPayment.problem });
      return null;
    }
    return payment.startApproval(stepsFor(chosenPayment.method, null, chosenPayment.splitAmountCents));
  }

  function onApproved(paymentId: string, payerId: string | null) {
    const chosenPayment = paymentOf(getValues());
    payment.continueApproved('method' in chosenPayment ? chosenPayment.method.name : '', paymentId, payerId);
  }

  const amountIds = fieldMessageIds('checkout-amount');
  return (
    <FormProvider {...form}>
      <form ref={formRef} className="sf-pay-form" noValidate method="post" aria-label="Payment" aria-busy={placing || undefined} onSubmit={handleSubmit(onValid)}>
        <FieldGroup legend="Payment method">
          <PaymentMethodChooser methods={methods} />
          {split && (
            <div className="sf-pay-form__split">
              <FieldShell
                id="checkout-amount"
                kind="text"
                label={amountLabel}
                required
                error={amountError}
                hint={`Between ${formatCents(minCents)} and ${formatCents(maxCents)}.`}
              >
                <input
                  {...register('amount')}
                  id="checkout-amount"
                  className="sf-input"
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min={(minCents / 100).toFixed(2)}
                  max={(maxCents / 100).toFixed(2)}
                  aria-required="true"
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={describedByIds(amountError && amountIds.error, amountIds.hint)}
                />
              </FieldShell>
              {/* the radio group names itself for screen readers; this is its visible title */}
              <p className="sf-field__label" aria-hidden="true">
                Pay this amount with
              </p>
              <PaymentMethodChooser methods={payable} name="selectedSplitMethod" legend="Pay this amount with" />
            </div>
          )}
          <PaymentEntryFields entry={entry} amount={enteredCents ?? maxCents} onSubmit={submitFromFrame} paypalHint={PAYPAL_HINT} />
        </FieldGroup>
        <div className="sf-pay-form__summary">{summary(enteredCents)}</div>
        <PaymentSubmit
          method={payWith}
          placing={placing}
          waiting={cardWait.waiting}
          banner={banner}
          startApproval={startApproval}
          onApproved={onApproved}
          submitText={submitText}
          busySubmit
        />
      </form>
      {placing && <PayingOverlay text={PAYING_TEXT} />}
    </FormProvider>
  );
}

/** The amount field's message (the checkout's useFieldError reads the form in context; this form is not yet provided here). */
function useFieldErrorOf(form: ReturnType<typeof useForm<Values>>, name: keyof Values): string | undefined {
  const message = form.formState.errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}
