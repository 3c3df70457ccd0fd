import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { Dialog } from './Dialog.js';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} title="Thank you" onClose={() => setOpen(false)}>
        <p>We have received your message.</p>
        <a href="/blogs">Read our blog</a>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal dialog named by its heading; focus moves to Close and comes back on Close', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Thank you' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('We have received your message.');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('Escape closes it and focus returns; Tab stays inside', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const close = screen.getByRole('button', { name: 'Close' });
    // Close is the last focusable: Tab wraps to the first (the link)
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(screen.getByRole('link', { name: 'Read our blog' })).toHaveFocus();

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a press on the backdrop closes it; nothing is drawn while closed (nor on the server)', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(document.querySelector('.sf-dialog__backdrop')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(renderToString(<Dialog open={false} title="x" onClose={() => undefined}>body</Dialog>)).toBe('');
  });
});
