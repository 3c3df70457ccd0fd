import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch } from '@storefront/ui/testing';
import { kitchenEstimator } from '../test-support/kitchen-estimator.fixture.js';
import EstimatorPage from './EstimatorPage.js';

// The on-demand jspdf chunk cannot be loaded (a failed deploy, a blocked request).
jest.mock('jspdf', () => {
  throw new Error('Loading chunk jspdf failed');
});

it('says "PDF library not found" when jspdf cannot be loaded, after storing the estimate', async () => {
  const fetchMock = installFakeFetch({
    '/api/content/estimator/kitchen': { body: kitchenEstimator },
    '/api/forms/kitchen': { body: { success: true, message: 'Saved', data: { id: 'p1' } } },
  });
  const user = userEvent.setup({ delay: null });
  render(<EstimatorPage />);
  await user.selectOptions(await screen.findByLabelText(/Kitchen size/), 'small');
  await user.click(screen.getByLabelText(/Shaker/));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.selectOptions(within(await screen.findByRole('dialog')).getByLabelText(/Appliance installation/), 'none');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(screen.getByLabelText(/Full name/), 'Ann Lee');
  await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');

  await user.click(screen.getByRole('button', { name: 'Download PDF' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('PDF library not found');
  expect(fetchMock.mock.calls.filter(([url]) => url === '/api/forms/kitchen')).toHaveLength(1);
  // nothing was downloaded, so the answers stay for another try
  expect(screen.getByLabelText(/Full name/)).toHaveValue('Ann Lee');
});
