import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FieldError, fieldMessageIds } from '@storefront/ui/fields';
import { FormSelect, FormTextInput, boundFieldId, useBoundFieldState, type FormSelectProps, type FormTextInputProps } from '@storefront/ui/form';

/**
 * The checkout's inputs: the UI kit's fields bound to the form in context (FormProvider), with the
 * checkout's ids (`checkout-<name>`).
 */
const CHECKOUT_ID_PREFIX = 'checkout';

export function fieldIds(name: string) {
  const input = boundFieldId(CHECKOUT_ID_PREFIX, name);
  return { input, error: fieldMessageIds(input).error };
}

export function useFieldError(name: string): string | undefined {
  return useBoundFieldState(name).error;
}

export { FieldError };

/**
 * The field's starting value, drawn into the server's HTML (the country already United States, the
 * default method chosen): what the shopper sees, and may change, before hydration is what the form
 * starts from.
 */
export function useDefaultValue(name: string): unknown {
  return useBoundFieldState(name).defaultValue;
}

type CheckoutFieldProps<P> = Omit<P, 'idPrefix' | 'control'>;

/** A text input of the form in context, with the checkout's ids. */
export function TextField(props: CheckoutFieldProps<FormTextInputProps<FieldValues>>) {
  return <FormTextInput idPrefix={CHECKOUT_ID_PREFIX} {...props} />;
}

/** A select of the form in context, with the checkout's ids. */
export function SelectField(props: CheckoutFieldProps<FormSelectProps<FieldValues>>) {
  return <FormSelect idPrefix={CHECKOUT_ID_PREFIX} {...props} />;
}

export function FieldGroup({ legend, children, className, describedBy }: { legend: string; children: ReactNode; className?: string; describedBy?: string }) {
  return (
    <fieldset className={['sf-checkout-group', className].filter(Boolean).join(' ')} aria-describedby={describedBy}>
      <legend className="sf-checkout-group__legend">{legend}</legend>
      {children}
    </fieldset>
  );
}
