import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteData } from '@storefront/contracts';
import { contactForm } from '../test-support/contact-form.fixture.js';
import { installFakeFetch } from '@storefront/ui/testing';
import ContactPage from './ContactPage.js';

const site: SiteData = {
  site: {
    name: 'Cabinet Co',
    tagline: 'Kitchens',
    phone: '(555) 010-2000',
    email: 'hello@example.com',
    address: { street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' },
    hours: [{ days: 'Mon - Fri', time: '9am - 6pm' }],
    social: [],
    featureFlags: {},
    copyright: '© Cabinet Co',
  },
  menus: { header: [], footer: [] },
};

jest.setTimeout(20000);

describe('ContactPage', () => {
  it('shows a loading state, then the form from its definition and the contact details', async () => {
    installFakeFetch({ '/api/content/forms/contact': { body: contactForm }, '/api/content/site': { body: site } });
    render(<ContactPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByText('Loading the contact form...')).toBeInTheDocument();

    expect(await screen.findByRole('form', { name: 'Send us a message' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Send us a message' })).toBeInTheDocument();
    expect(screen.getByText('We answer within one business day.')).toBeInTheDocument();
    const details = await screen.findByRole('complementary', { name: 'Get in touch' });
    expect(within(details).getByRole('link', { name: '(555) 010-2000' })).toHaveAttribute('href', 'tel:5550102000');
    expect(within(details).getByRole('link', { name: 'hello@example.com' })).toHaveAttribute('href', 'mailto:hello@example.com');
    expect(within(details).getByText('9am - 6pm')).toBeInTheDocument();
    // the shell's click listener counts phone/e-mail clicks in here as get_in_touch_click
    expect(details).toHaveAttribute('data-analytics', 'get-in-touch');
  });

  it('shows the spec message on an empty submit', async () => {
    installFakeFetch({ '/api/content/forms/contact': { body: contactForm }, '/api/content/site': { body: site } });
    const user = userEvent.setup({ delay: null });
    render(<ContactPage />);
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
  });

  it('offers a retry when the form definition cannot be loaded, and keeps the contact details', async () => {
    const fetchMock = installFakeFetch({ '/api/content/forms/contact': { status: 503, body: { message: 'Content service unavailable' } }, '/api/content/site': { body: site } });
    const user = userEvent.setup({ delay: null });
    render(<ContactPage />);

    expect(await screen.findByText('The contact form could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Content service unavailable')).toBeInTheDocument();
    expect(await screen.findByRole('complementary', { name: 'Get in touch' })).toBeInTheDocument();

    installFakeFetch({ '/api/content/forms/contact': { body: contactForm }, '/api/content/site': { body: site } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Send us a message' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('says the form is not available when it does not exist', async () => {
    installFakeFetch({ '/api/content/site': { networkError: true } });
    render(<ContactPage />);
    expect(await screen.findByText('The contact form is not available')).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
