import { useEffect, useId, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { ApiAnswer, CheckoutLocations } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { Alert, Button } from '@storefront/ui';
import { Checkbox, FieldGrid, Textarea } from '@storefront/ui/fields';
import { FormCheckbox, FormTextInput, boundFieldId, useValuesTypedBeforeHydration } from '@storefront/ui/form';
import { useAdminWrite } from '../shared/admin-write.js';
import { FormSubmit } from '../shared/FormSubmit.js';
import { AddressFields } from './AddressFields.js';
import { CatalogPicker } from './CatalogPicker.js';
import {
  emptyAddress,
  emptyItem,
  estimateTotals,
  formFieldOf,
  quoteRequestOf,
  quoteResolver,
  type QuoteFormValues,
  type QuoteItemValues,
  type QuoteRequestBody,
} from './quote-form-values.js';

const ID = 'quote';

export interface QuoteFormProps<T> {
  /** a new quote (create) or a saved one (edit) */
  mode: 'create' | 'edit';
  initial: QuoteFormValues;
  locations: CheckoutLocations;
  /** why the quote cannot be changed any more (the form is shown, disabled) */
  lockedReason?: ReactNode;
  /** sends the request (with the create page's "e-mail the link now") and answers the server's answer */
  /** `idempotencyKey`: the same for every try of one save (a retry after a lost answer makes no second quote) */
  save: (body: QuoteRequestBody, send: boolean, idempotencyKey: string) => Promise<ApiAnswer<T>>;
  /** after the server accepted it */
  onSaved: (answer: T) => void;
}

/**
 * The quote as staff write it: customer, billing (and, if it differs, shipping) address, shipping
 * method, lines from the catalog or by hand, shipping, tax and discount in dollars, and split
 * payment. The contract's schema checks it as it will be sent; the server's refusals land at their
 * fields. The totals beside it are an estimate from what is typed: the server prices the quote.
 */
export function QuoteForm<T>({ mode, initial, locations, lockedReason, save, onSaved }: QuoteFormProps<T>) {
  const form = useForm<QuoteFormValues>({ resolver: quoteResolver, defaultValues: initial, mode: 'onTouched', shouldFocusError: true });
  useValuesTypedBeforeHydration(form);
  const { control, setValue, getValues, setError, setFocus } = form;
  const addresses = useFieldArray({ control, name: 'addresses' });
  const items = useFieldArray({ control, name: 'items' });
  const write = useAdminWrite<T>();
  const [sendLink, setSendLink] = useState(false);
  const locked = lockedReason !== undefined;
  const headingIds = { customer: useId(), addresses: useId(), shipping: useId(), items: useId(), amounts: useId(), estimate: useId() };

  const submit = form.handleSubmit(async (values) => {
    const answer = await write.run((key) => save(quoteRequestOf(values), sendLink, key));
    if (answer !== null) onSaved(answer);
  });

  // A 400's messages go to their fields (the first gets focus); the rest are listed in the alert.
  const problem = write.problem;
  useEffect(() => {
    if (!problem) return;
    const placed: FieldPath<QuoteFormValues>[] = [];
    for (const [key, message] of Object.entries(problem.errors)) {
      const field = formFieldOf(key, getValues()) as FieldPath<QuoteFormValues> | undefined;
      if (!field) continue;
      setError(field, { type: 'server', message });
      placed.push(field);
    }
    const first = firstOnScreen(placed);
    if (first) setFocus(first);
  }, [problem, getValues, setError, setFocus]);
  const unplaced = problem ? Object.entries(problem.errors).filter(([key]) => !formFieldOf(key, getValues())) : [];

  const splitPayment = useWatch({ control, name: 'splitPaymentEnabled' });
  const itemsError = form.formState.errors.items;
  const itemsMessage = itemsError?.root?.message ?? itemsError?.message;

  function addCatalogLine(line: QuoteItemValues) {
    const current = getValues('items');
    const only = current.length === 1 ? current[0] : undefined;
    // the empty line a new quote starts with takes the first pick
    if (only && !only.sku.trim() && !only.name.trim() && !only.price.trim()) items.update(0, line);
    else items.append(line, { shouldFocus: false });
  }

  return (
    <form className="bo-quote-form" noValidate aria-label={mode === 'create' ? 'New quote' : 'Edit the quote'} onSubmit={(event) => void submit(event)}>
      {lockedReason && (
        <Alert type="info">
          {lockedReason}
        </Alert>
      )}
      {problem && (
        <Alert type="error">
          {problem.message}
          {unplaced.length > 0 && (
            <ul className="bo-quote-form__problems">
              {unplaced.map(([key, message]) => (
                <li key={key}>{key === '_' ? message : `${key}: ${message}`}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <fieldset className="bo-quote-form__body" disabled={locked || undefined}>
        <legend className="sf-visually-hidden">{mode === 'create' ? 'The new quote' : 'The quote'}</legend>
        <div className="bo-quote-form__main">
          <section className="bo-quote-part" aria-labelledby={headingIds.customer}>
            <h2 id={headingIds.customer}>Customer</h2>
            <FieldGrid>
              <FormTextInput control={control} name="firstName" idPrefix={ID} label="First name" required autoComplete="off" />
              <FormTextInput control={control} name="lastName" idPrefix={ID} label="Last name" required autoComplete="off" />
              <FormTextInput control={control} name="email" idPrefix={ID} label="E-mail" type="email" required inputMode="email" autoComplete="off" />
              <FormTextInput control={control} name="phone" idPrefix={ID} label="Phone" type="tel" inputMode="tel" hint="Optional; then each address needs one" autoComplete="off" />
              <FormTextInput control={control} name="poNumber" idPrefix={ID} label="PO number" hint="Optional" autoComplete="off" />
            </FieldGrid>
          </section>

          <section className="bo-quote-part" aria-labelledby={headingIds.addresses}>
            <h2 id={headingIds.addresses}>Addresses</h2>
            {addresses.fields.map((address, index) => (
              <AddressFields
                key={address.id}
                index={index}
                legend={index === 0 ? 'Billing address' : 'Shipping address'}
                control={control}
                setValue={setValue}
                locations={locations}
              />
            ))}
            <Checkbox
              id={`${ID}-ship-elsewhere`}
              label="Ship to a different address (otherwise the billing address)"
              checked={addresses.fields.length > 1}
              onChange={(event) => {
                if (event.target.checked) addresses.append(emptyAddress('shipping', getValues('addresses.0.countryId') || locations.defaultCountry));
                else addresses.remove(1);
              }}
            />
          </section>

          <section className="bo-quote-part" aria-labelledby={headingIds.shipping}>
            <h2 id={headingIds.shipping}>Shipping</h2>
            <FieldGrid>
              <FormTextInput control={control} name="shippingMethod" idPrefix={ID} label="Shipping method" required hint="e.g. freight, ground, pickup" />
              <FormTextInput control={control} name="shippingLabel" idPrefix={ID} label="Shipping label" hint="What the customer reads, e.g. Freight (curbside); empty: the method" />
            </FieldGrid>
          </section>

          <section className="bo-quote-part" aria-labelledby={headingIds.items}>
            <h2 id={headingIds.items}>Items</h2>
            <div className="bo-quote-items__add">
              <CatalogPicker onPick={(item) => addCatalogLine({ sku: item.sku, name: item.name, qty: '1', price: String(item.price), notes: '' })} />
            </div>
            <ol className="bo-quote-items">
              {items.fields.map((item, index) => (
                <li key={item.id} className="bo-quote-item">
                  <fieldset className="bo-quote-fieldset">
                    <legend className="bo-quote-fieldset__legend">Line {index + 1}</legend>
                    <div className="bo-quote-item__grid">
                      <FormTextInput control={control} name={`items.${index}.sku`} idPrefix={ID} label="SKU" required className="bo-quote-item__sku" />
                      <FormTextInput control={control} name={`items.${index}.name`} idPrefix={ID} label="Product name" required className="bo-quote-item__name" />
                      <FormTextInput control={control} name={`items.${index}.qty`} idPrefix={ID} label="Qty" required onlyNumbers className="bo-quote-item__qty" />
                      <FormTextInput control={control} name={`items.${index}.price`} idPrefix={ID} label="Unit price ($)" required numericOnly className="bo-quote-item__price" />
                      <FormTextInput control={control} name={`items.${index}.notes`} idPrefix={ID} label="Notes" className="bo-quote-item__notes" />
                    </div>
                    <Button variant="link" className="bo-quote-item__remove" aria-label={`Remove line ${index + 1}`} onClick={() => items.remove(index)}>
                      Remove
                    </Button>
                  </fieldset>
                </li>
              ))}
            </ol>
            {itemsMessage && (
              <p className="sf-field__error bo-quote-items__error" role="alert">
                {itemsMessage}
              </p>
            )}
            <Button variant="secondary" onClick={() => items.append(emptyItem())}>
              Add a line by hand
            </Button>
          </section>

          <section className="bo-quote-part" aria-labelledby={headingIds.amounts}>
            <h2 id={headingIds.amounts}>Amounts and payment</h2>
            <FieldGrid>
              <FormTextInput control={control} name="shippingAmount" idPrefix={ID} label="Shipping amount ($)" numericOnly hint="Empty: $0.00" />
              <FormTextInput control={control} name="taxAmount" idPrefix={ID} label="Tax amount ($)" numericOnly hint="Empty: $0.00" />
              <FormTextInput control={control} name="discountAmount" idPrefix={ID} label="Discount ($)" numericOnly hint="Empty: none" />
            </FieldGrid>
            <FormCheckbox control={control} name="splitPaymentEnabled" idPrefix={ID} label="Split payment: the customer may pay a deposit first and the balance later" />
            {splitPayment && (
              <FieldGrid>
                <FormTextInput control={control} name="minimumSplitAmount" idPrefix={ID} label="Minimum first payment ($)" required numericOnly />
              </FieldGrid>
            )}
            <Textarea
              id={`${ID}-additionalNotes`}
              label="Notes for the customer"
              hint="Optional"
              rows={3}
              defaultValue={initial.additionalNotes}
              {...form.register('additionalNotes')}
              error={form.formState.errors.additionalNotes?.message}
            />
          </section>
        </div>

        <aside className="bo-quote-form__side" aria-labelledby={headingIds.estimate}>
          <TotalsEstimatePanel control={control} headingId={headingIds.estimate} />
        </aside>

        <div className="bo-quote-form__submit">
          {mode === 'create' && (
            <Checkbox id={`${ID}-send`} label="E-mail the payment link to the customer now" checked={sendLink} onChange={(event) => setSendLink(event.target.checked)} />
          )}
          <FormSubmit busy={write.busy} label={mode === 'create' ? 'Create the quote' : 'Save the quote'} busyLabel={mode === 'create' ? 'Creating the quote…' : 'Saving…'} />
        </div>
      </fieldset>
    </form>
  );
}

/** Of the fields named, the one that comes first on the page (the server's keys come in no such order). */
function firstOnScreen<F extends string>(fields: F[]): F | undefined {
  const element = (field: F) => document.getElementById(boundFieldId(ID, field));
  return [...fields].sort((a, b) => {
    const [first, second] = [element(a), element(b)];
    if (!first || !second) return first ? -1 : second ? 1 : 0;
    return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  })[0];
}

/** The totals as typed so far, labelled as an estimate: the server computes the quote's own. */
function TotalsEstimatePanel({ control, headingId }: { control: ReturnType<typeof useForm<QuoteFormValues>>['control']; headingId: string }) {
  const [lines, shippingAmount, taxAmount, discountAmount] = useWatch({ control, name: ['items', 'shippingAmount', 'taxAmount', 'discountAmount'] });
  const estimate = estimateTotals({ items: lines ?? [], shippingAmount: shippingAmount ?? '', taxAmount: taxAmount ?? '', discountAmount: discountAmount ?? '' });
  return (
    <div className="bo-quote-totals bo-quote-totals--estimate" data-testid="quote-estimate">
      <h2 id={headingId}>Estimated totals</h2>
      <p className="bo-muted">An estimate from what is typed. The server prices the quote when it is saved; its totals are the ones the customer pays.</p>
      <dl className="bo-quote-totals__list">
        <dt>Subtotal</dt>
        <dd>{formatCents(estimate.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>{formatCents(estimate.shipping)}</dd>
        <dt>Tax</dt>
        <dd>{formatCents(estimate.tax)}</dd>
        <dt>Discount</dt>
        <dd>−{formatCents(estimate.discount)}</dd>
        <dt className="bo-quote-totals__grand">Estimated total</dt>
        <dd className="bo-quote-totals__grand">{formatCents(estimate.total)}</dd>
      </dl>
      {!estimate.complete && <p className="bo-muted">Some amounts or quantities are not numbers yet; they count as 0 here.</p>}
    </div>
  );
}
