import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { RenderErrorBoundary } from './RenderErrorBoundary.js';

let broken = true;
function Gallery() {
  if (broken) throw new Error('bad gallery data');
  return <h2>Gallery</h2>;
}

function Page({ resetKey, onError }: { resetKey?: string; onError?: () => void }) {
  return (
    <>
      <header>Shop header</header>
      <RenderErrorBoundary
        resetKey={resetKey}
        onError={onError}
        fallback={(retry) => (
          <p>
            This part failed. <button onClick={retry}>Try again</button>
          </p>
        )}
      >
        <Gallery />
      </RenderErrorBoundary>
    </>
  );
}

beforeEach(() => {
  broken = true;
  // React reports caught render errors on the console too.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('RenderErrorBoundary', () => {
  it('renders its children while they work', () => {
    broken = false;
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Gallery' })).toBeInTheDocument();
  });

  it('shows the fallback in place of children that throw, keeps the rest of the page and reports the error', () => {
    const onError = jest.fn();
    render(<Page onError={onError} />);
    expect(screen.getByText(/This part failed/)).toBeInTheDocument();
    expect(screen.getByText('Shop header')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'bad gallery data' }),
      expect.objectContaining({ componentStack: expect.stringContaining('Gallery') }),
    );
  });

  it('renders the children again on retry', async () => {
    render(<Page />);
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Gallery' })).toBeInTheDocument();
  });

  it('forgets the error when the reset key changes, not before', () => {
    const { rerender } = render(<Page resetKey="/kitchens" />);
    broken = false;
    rerender(<Page resetKey="/kitchens" />);
    expect(screen.getByText(/This part failed/)).toBeInTheDocument();
    rerender(<Page resetKey="/bathrooms" />);
    expect(screen.getByRole('heading', { name: 'Gallery' })).toBeInTheDocument();
  });
});
