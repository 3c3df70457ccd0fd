import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch } from '@storefront/ui/testing';
import { kitchenEstimator } from '../test-support/kitchen-estimator.fixture.js';
import EstimatorPage from './EstimatorPage.js';

function summary() {
  return screen.getByRole('complementary', { name: 'Estimated Pricing' });
}

async function renderLoaded() {
  installFakeFetch({ '/api/content/estimator/kitchen': { body: kitchenEstimator } });
  const user = userEvent.setup({ delay: null });
  render(<EstimatorPage />);
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  await screen.findByRole('form', { name: 'Kitchen Remodel Estimator' });
  return user;
}

// user-event is slow on a busy 2-core machine; give each test room.
jest.setTimeout(20000);

describe('EstimatorPage', () => {
  it('shows "Make selections to see pricing" until something priced is picked', async () => {
    await renderLoaded();
    expect(within(summary()).getByText('Make selections to see pricing')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Kitchen Remodel Estimator' })).toBeInTheDocument();
  });

  it('updates the product, labor and total ranges as options change', async () => {
    const user = await renderLoaded();

    await user.selectOptions(screen.getByLabelText(/Kitchen size/), 'small');
    expect(within(summary()).getByTestId('estimate-product')).toHaveTextContent('$1,000 - $2,000');
    expect(within(summary()).getByTestId('estimate-total')).toHaveTextContent('$1,500 - $2,800');

    await user.click(screen.getByLabelText(/Shaker/));
    expect(within(summary()).getByTestId('estimate-product')).toHaveTextContent('$9,000 - $14,000');
    expect(within(summary()).getByTestId('estimate-labor')).toHaveTextContent('$2,500 - $3,800');
    expect(within(summary()).getByTestId('estimate-total')).toHaveTextContent('$11,500 - $17,800');
    expect(within(summary()).getByText('Cabinets').nextSibling).toHaveTextContent('$10,000 - $15,000');

    await user.selectOptions(screen.getByLabelText(/Kitchen size/), 'large');
    expect(within(summary()).getByTestId('estimate-total')).toHaveTextContent('$22,000 - $37,500');
  });

  it('opens the first group only; Next shows errors on empty required fields and stays', async () => {
    const user = await renderLoaded();
    expect(screen.getByLabelText(/Kitchen size/)).toBeVisible();
    expect(screen.queryByLabelText(/Full name/)).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText(/Kitchen size/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Kitchen size/)).toHaveAccessibleDescription('This field is required');
    expect(screen.queryByLabelText(/Full name/)).not.toBeVisible();
  });

  it('collapses the current group behind an Edit button and opens the target after a valid Next', async () => {
    const user = await renderLoaded();
    await user.selectOptions(screen.getByLabelText(/Kitchen size/), 'small');
    await user.click(screen.getByLabelText(/Slab/));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByLabelText(/Full name/)).toBeVisible();
    expect(screen.getByLabelText(/Kitchen size/)).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit Your kitchen' }));
    expect(screen.getByLabelText(/Kitchen size/)).toBeVisible();
    expect(screen.getByLabelText(/Kitchen size/)).toHaveValue('small');
  });

  it('offers no e-mail or PDF buttons yet', async () => {
    await renderLoaded();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Next', 'Edit']);
  });

  it('shows a retry when the estimator cannot be loaded', async () => {
    installFakeFetch({ '/api/content/estimator/kitchen': { status: 500, body: { message: 'Content service unavailable' } } });
    render(<EstimatorPage />);
    expect(await screen.findByText('The estimator could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
