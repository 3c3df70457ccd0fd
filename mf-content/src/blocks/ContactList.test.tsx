import type { ContactListBlock } from '@storefront/contracts';
import { render, screen } from '@testing-library/react';
import { installFakeFetch } from '@storefront/ui/testing';
import ContactList, { dialable, mapLinkFor } from './ContactList';

const block: ContactListBlock = {
  id: 'contact',
  type: 'contact-list',
  title: 'Visit or Call Us',
  layout: 'here-to-help',
  items: [
    { type: 'address', title: 'Showroom', text: '2150 Industrial Parkway, Edison, NJ 08837', enableMapLink: true },
    { type: 'phone', title: 'Call', text: '(732) 555-0148' },
    { type: 'sms', title: 'Text', text: '(732) 555-0149' },
    { type: 'email', title: 'E-mail', text: 'hello@heartwoodcabinetry.com' },
    { type: 'hours', title: 'Hours', items: [{ days: 'Sunday', time: 'Closed' }] },
    { type: 'icon-link', text: 'Free Kitchen Design', url: '/free-kitchen-design' },
    { type: 'link', text: 'Houzz', url: 'https://www.houzz.com/pro/heartwoodcabinetry' },
    { type: 'image', image: { src: '/images/scenes/shaker-green.svg', altText: 'Our showroom', width: 1200, height: 800 } },
  ],
};

describe('ContactList', () => {
  it('renders every item type with the right link', () => {
    const { container } = render(<ContactList block={block} position={2} />);
    expect(container.querySelector('.content-contact--here-to-help')).not.toBeNull();
    // the shell's click listener counts phone/e-mail clicks in here as get_in_touch_click
    expect(screen.getByRole('link', { name: '(732) 555-0148' }).closest('[data-analytics="get-in-touch"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: /Get directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=2150%20Industrial%20Parkway%2C%20Edison%2C%20NJ%2008837',
    );
    expect(screen.getByRole('link', { name: '(732) 555-0148' })).toHaveAttribute('href', 'tel:+17325550148');
    expect(screen.getByRole('link', { name: '(732) 555-0149' })).toHaveAttribute('href', 'sms:+17325550149');
    expect(screen.getByRole('link', { name: 'hello@heartwoodcabinetry.com' })).toHaveAttribute('href', 'mailto:hello@heartwoodcabinetry.com');
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Free Kitchen Design/ })).toHaveAttribute('href', '/free-kitchen-design');
    expect(screen.getByRole('link', { name: /Houzz/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('img', { name: 'Our showroom' })).toBeInTheDocument();
  });

  it('dialable and mapLinkFor', () => {
    expect(dialable('+1 (732) 555-0148')).toBe('+17325550148');
    expect(mapLinkFor({ type: 'address', text: 'x', mapLink: 'https://maps.example/x' })).toBe('https://maps.example/x');
  });

  it('hours without items show the site hours', async () => {
    installFakeFetch({ '/api/content/site': { body: { site: { hours: [{ days: 'Saturday', time: '10:00 AM - 4:00 PM ET' }] }, menus: {} } } });
    render(<ContactList block={{ id: 'h', type: 'contact-list', items: [{ type: 'hours', title: 'Hours' }] }} position={1} />);
    expect(await screen.findByText('10:00 AM - 4:00 PM ET')).toBeInTheDocument();
  });
});
