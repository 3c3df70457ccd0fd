import type { CatalogSampleGroup } from '@storefront/contracts';
import { sampleCartStore } from '@storefront/sample-cart';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { StyleSamplesOrder } from './StyleSamplesOrder';

const door = (sku: string, name: string) => ({ sku, name, price: 0, finish: { type: 'paint', value: sku, label: name, hex: '#ffffff' }, image: '/images/x.svg' });

function renderGroup(group: CatalogSampleGroup) {
  return render(
    <MemoryRouter>
      <StyleSamplesOrder group={group} />
    </MemoryRouter>,
  );
}

describe('StyleSamplesOrder', () => {
  beforeEach(() => {
    window.localStorage.clear();
    sampleCartStore.getState().clearCart();
  });

  it('a single sample is added directly', async () => {
    renderGroup({ code: 'x', title: 'X Style', path: '/x', items: [door('X-1', 'X White Sample Door')] });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add sample to cart' }));
    expect(screen.getByText('Item X White Sample Door has been successfully added.')).toBeInTheDocument();
    expect(sampleCartStore.getState().items.map((item) => item.sku)).toEqual(['X-1']);
  });

  it('no sample doors: the spec message', () => {
    renderGroup({ code: 'x', title: 'X Style', path: '/x', items: [] });
    expect(screen.getByText('No sample items available for this style.')).toBeInTheDocument();
  });
});
