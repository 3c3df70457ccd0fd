import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { useFocusTrap } from './useFocusTrap.js';

/** A drawer as the shell and checkout build them: opener, dialog with Close first, a hidden part. */
function Drawer({ onOuterKey = () => undefined }: { onOuterKey?: () => void }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const trap = useFocusTrap(panel, {
    active: open,
    onEscape: () => setOpen(false),
    initialFocus: closeButton,
    returnFocusTo: opener,
  });
  return (
    <div onKeyDown={onOuterKey}>
      <button ref={opener} type="button" onClick={() => setOpen(true)}>
        Open cart
      </button>
      <div ref={panel} role="dialog" aria-label="Cart" hidden={!open} onKeyDown={trap.onKeyDown}>
        <button ref={closeButton} type="button" onClick={() => setOpen(false)}>
          Close
        </button>
        <a href="/checkout">Checkout</a>
        <div hidden>
          <a href="/secret">Collapsed link</a>
        </div>
        <input aria-label="Coupon" />
      </div>
      <a href="/after">After the drawer</a>
    </div>
  );
}

describe('useFocusTrap', () => {
  it('moves focus in on opening and keeps Tab and Shift+Tab inside, skipping hidden parts', async () => {
    const user = userEvent.setup();
    render(<Drawer />);
    await user.click(screen.getByRole('button', { name: 'Open cart' }));
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Coupon' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('textbox', { name: 'Coupon' })).toHaveFocus();
  });

  it('closes on Escape without the page behind acting on it, and returns focus to the opener', async () => {
    const user = userEvent.setup();
    const outer = jest.fn();
    render(<Drawer onOuterKey={outer} />);
    const opener = screen.getByRole('button', { name: 'Open cart' });
    await user.click(opener);
    outer.mockClear();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(outer).not.toHaveBeenCalled();
  });

  it('returns focus to the opener however the dialog closes', async () => {
    const user = userEvent.setup();
    render(<Drawer />);
    const opener = screen.getByRole('button', { name: 'Open cart' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(opener).toHaveFocus();
  });
});
