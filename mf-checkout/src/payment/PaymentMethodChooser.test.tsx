import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import type { PaymentMethod } from '@storefront/contracts';
import { paypal, stripeCard } from '../test-support/checkout-fixtures.js';
import { PaymentMethodChooser, methodIconOf } from './PaymentMethodChooser.js';

function WithForm({ children }: { children: ReactNode }) {
  const form = useForm({ defaultValues: { paymentMethod: '' } });
  return <FormProvider {...form}>{children}</FormProvider>;
}

const withIcon = (method: PaymentMethod, metadata: PaymentMethod['metadata']): PaymentMethod => ({ ...method, metadata });

describe('payment method icons (spec 3: metadata methodIcon, iconWidth, iconHeight)', () => {
  it('shows each method\'s icon beside its title, decorative and sized, in the server\'s HTML', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <WithForm>
        <PaymentMethodChooser
          methods={[
            withIcon(stripeCard, { methodIcon: '/images/payment/credit-card.svg', iconWidth: 120, iconHeight: 32 }),
            withIcon(paypal, { methodIcon: '/images/payment/online-payment.svg', iconWidth: 90, iconHeight: 32 }),
          ]}
        />
      </WithForm>,
    );
    const icons = [...container.querySelectorAll('label img')];
    expect(icons.map((img) => [img.getAttribute('src'), img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height')])).toEqual([
      ['/images/payment/credit-card.svg', '', '120', '32'],
      ['/images/payment/online-payment.svg', '', '90', '32'],
    ]);
    // the label still reads as the method's title (the icon adds nothing for a screen reader)
    expect(container.querySelector('label')?.textContent).toContain(stripeCard.title);
  });

  it('shows no icon for a method without one, or one on another site', () => {
    expect(methodIconOf(withIcon(stripeCard, undefined))).toBeNull();
    expect(methodIconOf(withIcon(stripeCard, { methodIcon: 'https://cdn.example.com/visa.svg' }))).toBeNull();
    expect(methodIconOf(withIcon(stripeCard, { methodIcon: '//cdn.example.com/visa.svg' }))).toBeNull();
    expect(methodIconOf(withIcon(stripeCard, { methodIcon: '/images/payment/credit-card.svg', iconWidth: -3 }))).toEqual({
      src: '/images/payment/credit-card.svg',
      width: undefined,
      height: undefined,
    });
  });
});
