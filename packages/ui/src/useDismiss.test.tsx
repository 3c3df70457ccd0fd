import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { useDismiss, type DismissReason } from './useDismiss.js';

function Dropdown({ onDismissed }: { onDismissed?: (reason: DismissReason) => void }) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useDismiss(
    [panel, toggle],
    (reason) => {
      setOpen(false);
      onDismissed?.(reason);
    },
    { enabled: open },
  );
  return (
    <div>
      <button ref={toggle} type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Catalogs
      </button>
      <div ref={panel} hidden={!open}>
        <a href="#kitchen">Kitchen catalog</a>
      </div>
      <p>Outside</p>
    </div>
  );
}

describe('useDismiss', () => {
  it('closes on a pointer pressed outside, not inside, and not on its own toggle', async () => {
    const reasons: DismissReason[] = [];
    render(<Dropdown onDismissed={(reason) => reasons.push(reason)} />);
    const toggle = screen.getByRole('button', { name: 'Catalogs' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    fireEvent.pointerDown(screen.getByText('Kitchen catalog'));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // the toggle counts as inside: clicking it closes once (its own onClick), it is not closed and reopened
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);

    await userEvent.click(screen.getByText('Outside'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(reasons).toEqual(['outside']);
  });

  it('closes on Escape anywhere on the page, and only while enabled', async () => {
    const onDismissed = jest.fn();
    render(<Dropdown onDismissed={onDismissed} />);
    await userEvent.keyboard('{Escape}');
    expect(onDismissed).not.toHaveBeenCalled();

    const toggle = screen.getByRole('button', { name: 'Catalogs' });
    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(onDismissed).toHaveBeenCalledWith('escape');
  });

  it('leaves an Escape that something else has already used alone', async () => {
    const onDismissed = jest.fn();
    render(<Dropdown onDismissed={onDismissed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Catalogs' }));
    const used = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    used.preventDefault();
    document.body.dispatchEvent(used);
    expect(onDismissed).not.toHaveBeenCalled();
  });

  it('stops listening when unmounted', () => {
    const onDismiss = jest.fn();
    function Panel() {
      const ref = useRef<HTMLDivElement>(null);
      useDismiss(ref, onDismiss);
      return <div ref={ref}>Panel</div>;
    }
    const { unmount } = render(<Panel />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    unmount();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
