import { fireEvent, render, screen } from '@testing-library/react';
import { Drawer, useDrawer } from './Drawer.js';

const CLASSES = { panel: 'drawer', overlay: 'overlay', header: 'drawer__header', close: 'drawer__close' };

function Harness() {
  const { openerProps, drawerProps } = useDrawer();
  return (
    <>
      <button {...openerProps}>Cart</button>
      <p>Outside</p>
      <Drawer {...drawerProps} title="Shopping Cart" classNames={CLASSES} closeContent="×" closeLabel="Close cart">
        <a href="/checkout">Checkout</a>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('is hidden until opened, then a modal dialog named by its title with focus on its close button', () => {
    const { container } = render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.querySelector('.overlay')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cart' }));
    const drawer = screen.getByRole('dialog', { name: 'Shopping Cart' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Cart' })).toHaveAttribute('aria-controls', drawer.id);
    expect(screen.getByRole('button', { name: 'Close cart' })).toHaveFocus();
    expect(container.querySelector('.overlay')).not.toBeNull();
  });

  it('closes on Escape, on the overlay and on a press outside, and gives focus back to the opener', () => {
    const { container } = render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Cart' });

    fireEvent.click(opener);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(opener).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(opener);
    fireEvent.click(container.querySelector('.overlay') as Element);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(opener);
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open when the opener itself is pressed', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Cart' });
    fireEvent.click(opener);
    fireEvent.pointerDown(opener);
    expect(screen.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
  });
});
