import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { formatCents } from '@storefront/money';
import { stripeCard } from '../test-support/checkout-fixtures.js';
import { splitPaymentMethod } from '../test-support/payment-page-fixtures.js';
import { PaymentForm } from './PaymentForm.js';

/** Split payment as the default method: its amount field is in the server's HTML, where a shopper may fill it in. */
const methods = [
  { ...stripeCard, isDefault: false },
  { ...splitPaymentMethod, isDefault: true },
];

function Form() {
  return (
    <MemoryRouter>
      <PaymentForm
        methods={methods}
        amountLabel="Split amount"
        amountProblem={() => null}
        minCents={20000}
        maxCents={100000}
        summary={(entered) => <output>{entered === null ? 'Whole amount' : `Remaining ${formatCents(100000 - entered)}`}</output>}
        submitText="Pay Now"
        pay={jest.fn()}
        onPaid={jest.fn()}
        beforeRedirect={jest.fn()}
      />
    </MemoryRouter>
  );
}

describe('the payment form hydrated over what was typed before', () => {
  it('a split amount typed into the server\'s form reaches what watches it: the remaining balance is shown for it', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(<Form />);
    const amount = container.querySelector<HTMLInputElement>('input[name="amount"]')!;
    expect(container.querySelector('output')?.textContent).toBe('Remaining $1,000.00');

    // typed while the page is still the server's HTML (no handler yet)
    amount.value = '250';
    await act(async () => {
      hydrateRoot(container, <Form />);
    });

    expect(amount.value).toBe('250');
    expect(container.querySelector('output')?.textContent).toBe('Remaining $750.00');
    container.remove();
  });
});
