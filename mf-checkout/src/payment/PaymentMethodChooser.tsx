import { PAYMENT_MESSAGES, type PaymentMethod } from '@storefront/contracts';
import { EmptyState } from '@storefront/ui';
import { useFormContext } from 'react-hook-form';
import { FieldError, fieldIds, useDefaultValue, useFieldError } from '../shared/fields.js';
import { paymentMethodKey } from './payment-methods.js';

export interface PaymentMethodChooserProps {
  methods: PaymentMethod[];
  /** the form field holding the chosen method's key (the split-payment pages add a second chooser: selectedSplitMethod) */
  name?: string;
  /** the group's name for screen readers */
  legend?: string;
}

/**
 * The method's icon (spec 3: metadata methodIcon, iconWidth, iconHeight), only from the site's own
 * origin: a path, never another site's URL (content is editors' data; no third-party requests from a money page).
 */
export function methodIconOf(method: PaymentMethod): { src: string; width: number | undefined; height: number | undefined } | null {
  const src = method.metadata?.methodIcon?.trim();
  if (!src || !src.startsWith('/') || src.startsWith('//') || src.includes('\\')) return null;
  const size = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : undefined);
  return { src, width: size(method.metadata?.iconWidth), height: size(method.metadata?.iconHeight) };
}

/** A radio group of the enabled methods (already sorted), the default preselected by the form. */
export function PaymentMethodChooser({ methods, name = 'paymentMethod', legend = 'Payment method' }: PaymentMethodChooserProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const ids = fieldIds(name);
  // the preselected method is checked in the server's HTML too (see useDefaultValue)
  const chosen = useDefaultValue(name);
  if (methods.length === 0) return <EmptyState title={PAYMENT_MESSAGES.methodNotAvailable} message="Please try again later or contact us." />;
  return (
    <div className="sf-field sf-checkout-methods" role="radiogroup" aria-labelledby={`${ids.input}-legend`} aria-describedby={error ? ids.error : undefined}>
      <span id={`${ids.input}-legend`} className="sf-visually-hidden">
        {legend}
      </span>
      {methods.map((method) => {
        const key = paymentMethodKey(method);
        const id = `${ids.input}-${key.replace(/[^A-Za-z0-9-]/g, '-')}`;
        const icon = methodIconOf(method);
        return (
          <div key={key} className="sf-field__check sf-checkout-method">
            <input {...register(name)} type="radio" id={id} value={key} defaultChecked={chosen === key} aria-describedby={`${id}-description`} />
            <label htmlFor={id}>
              <span className="sf-checkout-method__heading">
                <span className="sf-checkout-method__title">{method.title}</span>
                {/* decorative: the title names the method; its size is set so nothing shifts when it loads */}
                {icon ? <img className="sf-checkout-method__icon" src={icon.src} alt="" width={icon.width} height={icon.height} decoding="async" /> : null}
              </span>
              <span id={`${id}-description`} className="sf-field__hint">
                {method.description}
              </span>
            </label>
          </div>
        );
      })}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
