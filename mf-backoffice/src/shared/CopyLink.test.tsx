import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyLink } from './CopyLink';

const URL_A = 'https://shop.example.com/admin/setup?token=abc';

describe('CopyLink', () => {
  it('copies the link and says so politely', async () => {
    const user = userEvent.setup();
    render(<CopyLink url={URL_A} label="Setup link for Ann Lee" />);
    const field = screen.getByRole('textbox', { name: 'Setup link for Ann Lee' });
    expect(field).toHaveValue(URL_A);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied'));
    expect(await navigator.clipboard.readText()).toBe(URL_A);
  });

  it('selects the link in its field to copy by hand where the clipboard refuses', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    render(<CopyLink url={URL_A} label="Setup link" />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('press Ctrl+C'));
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Setup link' });
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, URL_A.length]);
    writeText.mockRestore();
  });

  it('starts silent for a new link', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<CopyLink url={URL_A} label="Setup link" />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied'));
    rerender(<CopyLink url="https://shop.example.com/admin/setup?token=def" label="Setup link" />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
