import { useCallback, useEffect, useMemo, useRef } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import {
  checkoutFormFieldName,
  emptyCheckoutFormValues,
  type CheckoutAddressField,
  type CheckoutFormValues,
} from '@storefront/commerce-rules';
import {
  CHECKOUT_MESSAGES,
  PAYMENT_MESSAGES,
  SHIPPING_COUNTRY,
  type CheckoutLocations,
  type PaymentMethod,
  type SelectedSample,
  type ShippingDestination,
} from '@storefront/contracts';
import { Alert, Button, useNavigate } from '@storefront/ui';
import {
  completeOrder,
  defaultMethod,
  findMethod,
  PayingOverlay,
  PaymentEntryFields,
  PaymentMethodChooser,
  paymentMethodKey,
  PaymentSubmit,
  placeOrder,
  usePayOrder,
  usePaymentEntry,
  type CardTokenizer,
  type PaymentSteps,
} from '../../payment/index.js';
import type { CartSummaryResult } from '../useCartSummary.js';
import { useCheckoutPrefill } from '../useCheckoutPrefill.js';
import { lazyResolver, usePreloadOnFirstInput } from '../../shared/lazy-resolver.js';
import { useTransientMessage } from '../../shared/useTransientMessage.js';
import { AddressFieldset } from './AddressFieldset.js';
import { applyPrefill } from './apply-prefill.js';
import { FieldGroup } from '../../shared/fields.js';
import { ShippingPanel } from './ShippingPanel.js';
import { destinationOf, toOrderRequest } from './checkout-request.js';
import { useValuesTypedBeforeHydration } from '@storefront/ui/form';

/** The checkout template's button texts (spec 2: submit text from template, default 'Submit'; reset optional). */
export const CHECKOUT_TEMPLATE = {
  submitText: 'Submit',
  /** null hides the Reset button */
  resetText: 'Reset' as string | null,
  paypalText: 'Pay with PayPal',
  placingText: 'Placing your order…',
} as const;

const PAYPAL_HINT = {
  window: 'After checking your details, PayPal opens a window to approve the payment.',
  redirect: 'After checking your details you will be taken to PayPal to approve the payment.',
};

const ADDRESS_FIELDS: CheckoutAddressField[] = ['firstName', 'lastName', 'email', 'phoneNumber', 'street1', 'street2', 'city', 'state', 'zipCode', 'countryId'];

type Values = CheckoutFormValues & Record<string, unknown>;

/** Addresses, shipping and payment method (commerce-rules' schema), fetched with the first check: see lazy-resolver.ts. */
const checkoutResolver = lazyResolver<Values>(() => import('./checkout-form-resolver.js').then(({ checkoutFormResolver }) => checkoutFormResolver<Values>()));

export interface CheckoutFormProps {
  items: SelectedSample[];
  summary: CartSummaryResult;
  methods: PaymentMethod[];
  locations: CheckoutLocations;
  /** the address shipping is quoted for (undefined until a zip has been entered) */
  onDestinationChange(destination: ShippingDestination | undefined): void;
}

/**
 * The checkout form (spec 2-5): billing and shipping groups, the shipping method display, the payment
 * method chooser with the chosen gateway's fields, Submit (or Pay with PayPal) and Reset. Submitting
 * saves the order (or updates the retained one) and runs the payment; see payment/place-order.ts.
 */
export function CheckoutForm({ items, summary, methods, locations, onDestinationChange }: CheckoutFormProps) {
  const navigate = useNavigate();
  const prefill = useCheckoutPrefill();
  const emptyValues = useMemo(() => emptyCheckoutFormValues(locations.defaultCountry || SHIPPING_COUNTRY), [locations.defaultCountry]);
  // Addresses, shipping and payment method only: a card is typed into the provider's frame, which
  // checks it with the card rules itself, so the form's values never hold a card number.
  usePreloadOnFirstInput(checkoutResolver);
  // Spec 4: the enabled method marked default, else the first, is preselected.
  const fallbackKey = useMemo(() => {
    const method = defaultMethod(methods);
    return method ? paymentMethodKey(method) : '';
  }, [methods]);
  // Chosen from the first render (the methods are page data): the server's HTML already has the
  // method's payment area, so the card area holds its place before the frame arrives.
  const form = useForm<Values>({
    resolver: checkoutResolver,
    defaultValues: { ...emptyValues, paymentMethod: fallbackKey } as Values,
    mode: 'onTouched',
    shouldFocusError: true,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const submitFromFrame = useCallback(() => formRef.current?.requestSubmit(), []);
  const { setValue, getValues, reset, setError, setFocus, handleSubmit } = form;
  const banner = useTransientMessage();
  // said beside the same-as-billing box, where the shopper just clicked
  const sameNotice = useTransientMessage();
  const payment = usePayOrder(banner);
  const { placing, placingRef } = payment;

  // Signed-in prefill (after hydration, once the account is read): only into fields the shopper has
  // not typed in, before hydration included (see apply-prefill.ts).
  useEffect(() => {
    if (prefill) applyPrefill(form, prefill);
    // once per answer (`form` is the same object for the form's life)
  }, [prefill, form]);

  // Methods that change later (a reload of the page data) get their default too.
  useEffect(() => {
    if (fallbackKey && !findMethod(methods, String(getValues('paymentMethod') ?? ''))) setValue('paymentMethod', fallbackKey);
  }, [fallbackKey, methods, getValues, setValue]);

  const [same, paymentKey, billCountry, billState, billZip, shipCountry, shipState, shipZip] = useWatch({
    control: form.control,
    name: ['same_as_billing', 'paymentMethod', 'bill_country', 'bill_state', 'bill_zip', 'ship_country', 'ship_state', 'ship_zip'],
  }) as [boolean, string, string, string, string, string, string, string];
  // after the watchers above subscribed: what was typed before hydration reaches them too
  useValuesTypedBeforeHydration(form);

  const destination = same ? destinationOf(billCountry, billState, billZip) : destinationOf(shipCountry, shipState, shipZip);
  const destinationKey = destination ? JSON.stringify(destination) : '';
  useEffect(() => {
    onDestinationChange(destinationKey ? (JSON.parse(destinationKey) as ShippingDestination) : undefined);
  }, [destinationKey, onDestinationChange]);

  // Spec 4: the shipping method is set from the rate lookup; 'no-methods' blocks checkout.
  const quotedMethod = destination ? (summary.summary?.shipping?.method ?? '') : '';
  useEffect(() => {
    setValue('shippingMethod', quotedMethod, { shouldValidate: form.formState.isSubmitted });
  }, [quotedMethod, setValue, form.formState.isSubmitted]);

  const method = findMethod(methods, paymentKey ?? '');
  const entry = usePaymentEntry(method, placingRef);
  const { cardWait, cardSlot } = entry;

  const copyBillingToShipping = useCallback(() => {
    for (const name of ADDRESS_FIELDS) {
      setValue(checkoutFormFieldName('shipping', name), getValues(checkoutFormFieldName('billing', name)) as never);
    }
  }, [getValues, setValue]);

  /**
   * Spec 4, same as billing. The spec has two readings: as written, the alert fires only when the
   * billing country is empty; the intended rule (shipping is US only, spec 1 and 9) is a billing
   * country that is not US. We implement the intended one: a non-US billing address cannot be the
   * shipping address, so the box is unticked and the shopper told why.
   */
  const sameAllowed = useCallback(
    (country: string) => {
      if (country === SHIPPING_COUNTRY) return true;
      setValue('same_as_billing', false);
      sameNotice.show({ type: 'error', text: CHECKOUT_MESSAGES.shipOutsideUs });
      return false;
    },
    [sameNotice, setValue],
  );

  const sameRegistration = form.register('same_as_billing');

  function focusFirstError(errors: Record<string, string>) {
    const first = Object.keys(errors).find((name) => document.getElementById(`checkout-${name}`));
    if (first) setFocus(first);
  }

  /** Save the order (or update the retained one), then pay it; paid, the success page. */
  function stepsFor(values: Values, chosen: PaymentMethod, card: CardTokenizer | null): PaymentSteps {
    return {
      start: () => placeOrder(toOrderRequest(values, items, chosen, prefill?.customerId), chosen, card),
      onPaid: (outcome) => {
        completeOrder(outcome.orderIncrementId, navigate, false, { paymentPending: outcome.paymentPending, testPayment: outcome.testPayment });
        return 'leaving';
      },
      cardFields: () => cardSlot.current(),
      onInvalid: (fieldErrors) => {
        for (const [name, message] of Object.entries(fieldErrors)) setError(name, { type: 'server', message });
        focusFirstError(fieldErrors);
      },
    };
  }

  async function onValid(values: Values): Promise<void> {
    if (placingRef.current) return; // a second click while placing is ignored (the server is idempotent too)
    const chosen = findMethod(methods, String(values.paymentMethod ?? ''));
    if (!chosen) {
      banner.show({ type: 'error', text: PAYMENT_MESSAGES.methodNotAvailable });
      return;
    }
    // A card gateway we cannot tokenise for yet: say so before creating an order nobody can pay.
    const chosenTokenizer = entry.cardFor(chosen);
    if (chosenTokenizer && 'unavailable' in chosenTokenizer) {
      banner.show({ type: 'error', text: chosenTokenizer.unavailable });
      return;
    }
    // Pressed before the card fields are on the page (a Submit at first sight, caught before
    // hydration and replayed once the form is live; one pressed while the frame loads, or while a
    // Retry reloads it): the press is kept, the button busy, until the frame is there; then the form
    // is judged again as it is then, and the empty frame asks for the card, creating nothing. The
    // order is placed by the press made with a card in the frame, once (our reading of "a press before
    // hydration is never lost": card-fields-slot.ts, useCardSubmitWait).
    if (
      chosenTokenizer &&
      !cardSlot.current() &&
      (await cardWait.keptForFields(
        () => String(getValues('paymentMethod') ?? '') === String(values.paymentMethod ?? ''),
        () => handleSubmit(onValid, onInvalid(false))(),
      ))
    ) {
      return;
    }
    await payment.pay(stepsFor(values, chosen, chosenTokenizer));
  }

  /**
   * The provider's buttons were pressed (PayPal's createOrder): spec 5, every field is validated
   * first (an incomplete form creates nothing); then the same path as Submit saves the order and
   * starts the attempt, whose answer names the provider's payment the buttons open.
   */
  async function startApproval(): Promise<string | null> {
    if (placingRef.current) return null;
    banner.clear();
    // every field marked touched, so each one re-checks itself as the shopper corrects it (mode onTouched)
    for (const [name, value] of Object.entries(getValues())) setValue(name, value as never, { shouldTouch: true });
    const valid = await form.trigger(undefined, { shouldFocus: true });
    if (!valid) {
      banner.show({ type: 'error', text: PAYMENT_MESSAGES.paypalFormIncomplete });
      return null;
    }
    const values = getValues();
    const chosen = findMethod(methods, String(values.paymentMethod ?? ''));
    if (!chosen) {
      banner.show({ type: 'error', text: PAYMENT_MESSAGES.methodNotAvailable });
      return null;
    }
    return payment.startApproval(stepsFor(values, chosen, null));
  }

  /** Approved in the provider's window: on to the return page its redirect would have opened (it captures through the payment core). */
  function onApproved(paymentId: string, payerId: string | null) {
    const chosen = findMethod(methods, String(getValues('paymentMethod') ?? ''));
    payment.continueApproved(chosen?.name ?? '', paymentId, payerId);
  }

  function onInvalid(paypal: boolean) {
    return (errors: FieldErrors<Values>) => {
      if (paypal) banner.show({ type: 'error', text: PAYMENT_MESSAGES.paypalFormIncomplete });
      else if (errors.shippingMethod && Object.keys(errors).length === 1) banner.show({ type: 'error', text: CHECKOUT_MESSAGES.noShippingMethods });
    };
  }

  function onReset() {
    banner.clear();
    // a signed-in shopper's form starts from the account's details (a locked e-mail cannot be typed again)
    reset({ ...emptyValues, ...prefill?.values, paymentMethod: fallbackKey, shippingMethod: '' } as Values);
    // the card is the provider frame's: it empties its own fields
    cardSlot.current()?.clear();
  }

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        className="sf-checkout-form"
        noValidate
        method="post"
        aria-label="Checkout"
        aria-busy={placing || undefined}
        onSubmit={handleSubmit(onValid, onInvalid(false))}
      >
        <AddressFieldset
          type="billing"
          legend="Billing address"
          locations={locations}
          lockEmail={prefill?.lockEmail}
          onCountryChange={(country) => {
            if (getValues('same_as_billing') === true) sameAllowed(country);
          }}
        />
        <div className="sf-field sf-checkout-same">
          <div className="sf-field__check">
            <input
              {...sameRegistration}
              id="checkout-same_as_billing"
              type="checkbox"
              // ticked in the server's HTML too (see useDefaultValue): a shopper who sees it unticked
              // before hydration ticks it, and the replayed click would then untick the form's true
              defaultChecked={emptyValues.same_as_billing === true}
              onChange={(event) => {
                if (event.target.checked) {
                  if (!sameAllowed(String(getValues('bill_country') ?? ''))) {
                    event.target.checked = false;
                    return;
                  }
                  copyBillingToShipping();
                }
                return sameRegistration.onChange(event);
              }}
            />
            <label htmlFor="checkout-same_as_billing">Shipping address same as billing</label>
          </div>
          {sameNotice.message && (
            <Alert type={sameNotice.message.type} onDismiss={sameNotice.clear}>
              {sameNotice.message.text}
            </Alert>
          )}
        </div>
        {!same && <AddressFieldset type="shipping" legend="Shipping address" locations={locations} lockEmail={prefill?.lockEmail} />}
        <FieldGroup legend="Shipping method">
          <ShippingPanel summary={summary} hasDestination={destination !== undefined} />
        </FieldGroup>
        <FieldGroup legend="Payment method">
          <PaymentMethodChooser methods={methods} />
          <PaymentEntryFields entry={entry} amount={summary.summary?.total} onSubmit={submitFromFrame} paypalHint={PAYPAL_HINT} />
        </FieldGroup>
        <PaymentSubmit
          method={method}
          placing={placing}
          waiting={cardWait.waiting}
          banner={banner}
          startApproval={startApproval}
          onApproved={onApproved}
          submitText={CHECKOUT_TEMPLATE.submitText}
          paypalText={CHECKOUT_TEMPLATE.paypalText}
          onPaypal={() => void handleSubmit(onValid, onInvalid(true))()}
        >
          {CHECKOUT_TEMPLATE.resetText && (
            <Button variant="secondary" disabled={placing} onClick={onReset}>
              {CHECKOUT_TEMPLATE.resetText}
            </Button>
          )}
        </PaymentSubmit>
      </form>
      {placing && <PayingOverlay text={CHECKOUT_TEMPLATE.placingText} />}
    </FormProvider>
  );
}
