import type { NewsletterSubscriptionBlock } from '@storefront/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import NewsletterSubscription from './NewsletterSubscription';

const block: NewsletterSubscriptionBlock = {
  id: 'newsletter',
  type: 'newsletter-subscription',
  unsubscribe: { title: 'Unsubscribe From Our E-mails', description: '<p>Sorry to see you go.</p>', buttonText: 'Unsubscribe', alert: '<p>E-mail us to unsubscribe.</p>' },
  subscribe: { title: 'Changed Your Mind?', description: '<p>Stay with us.</p>', buttonText: 'Subscribe', alert: '<p>E-mail us to subscribe.</p>' },
};

describe('NewsletterSubscription', () => {
  it('toggles between Unsubscribe and Subscribe, showing the configured alert each time', async () => {
    render(<NewsletterSubscription block={block} position={0} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe From Our E-mails' })).toBeInTheDocument();
    expect(screen.queryByText('E-mail us to unsubscribe.')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(screen.getByText('E-mail us to unsubscribe.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Changed Your Mind?' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    // one alert at a time: the new one replaces the old
    expect(screen.getByText('E-mail us to subscribe.')).toBeInTheDocument();
    expect(screen.queryByText('E-mail us to unsubscribe.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
  });
});
