import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ErrorState, LoadingState } from './states.js';

describe('ErrorState', () => {
  it('shows the message and calls onRetry when Retry is pressed', async () => {
    const onRetry = jest.fn();
    render(<ErrorState message="The page could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The page could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no Retry button when there is nothing to retry', () => {
    render(<ErrorState title="Not available" message="Try later." />);
    expect(screen.getByText('Not available')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('LoadingState', () => {
  it('is announced as a busy status with its label', () => {
    render(<LoadingState label="Loading products…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Loading products…');
  });
});
