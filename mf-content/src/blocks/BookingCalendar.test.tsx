import type { BookingCalendarBlock, SiteData } from '@storefront/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { installFakeFetch } from '@storefront/ui/testing';
import BookingCalendar, { BOOKING_TITLE } from './BookingCalendar';

const site = {
  site: {
    name: 'Cabinet Co',
    tagline: 'Kitchens',
    phone: '(555) 010-2000',
    email: 'hello@example.com',
    address: { street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' },
    hours: [
      { days: 'Monday - Saturday', time: '9:00 AM - 5:00 PM' },
      { days: 'Sunday', time: 'Closed' },
    ],
    social: [],
    featureFlags: {},
    copyright: '© Cabinet Co',
  },
  menus: { header: [], footer: [] },
} as SiteData;

const block: BookingCalendarBlock = { id: 'booking', type: 'booking-calendar', formName: 'appointment' };
jest.setTimeout(15000);

describe('BookingCalendar', () => {
  it('shows Loading... first, then 30 days with Sundays closed; books a slot through the forms service', async () => {
    const fetchMock = installFakeFetch({
      '/api/content/site': { body: site },
      '/api/forms/appointment': { status: 201, body: { success: true, message: 'Your appointment is booked.', data: { id: 'x' } } },
    });
    render(<BookingCalendar block={block} position={1} />);
    expect(screen.getByRole('heading', { name: BOOKING_TITLE })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    const dates = await screen.findByRole('group', { name: 'Date' }, { timeout: 3000 });
    const dayButtons = within(dates).getAllByRole('button');
    expect(dayButtons).toHaveLength(30);
    const closed = dayButtons.filter((b) => (b as HTMLButtonElement).disabled);
    expect(closed.length).toBeGreaterThanOrEqual(4);
    closed.forEach((b) => expect(b).toHaveTextContent(/^Sun.*\(closed\)$/));

    // nothing chosen: every rule speaks up
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    // name, e-mail, phone and date (the slot list shows once a date is chosen)
    expect(screen.getAllByText('This field is required')).toHaveLength(4);

    const open = dayButtons.find((b) => !(b as HTMLButtonElement).disabled)!;
    fireEvent.click(open);
    expect(open).toHaveAttribute('aria-pressed', 'true');
    const slots = within(screen.getByRole('group', { name: /^Time on/ })).getAllByRole('button');
    expect(slots.map((s) => s.textContent)).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
    fireEvent.click(slots[1]!);

    fireEvent.change(screen.getByLabelText(/Full Name/), { target: { value: 'Jane Doe' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'jane@' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '7325550148' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'jane@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));

    expect(await screen.findByText('Your appointment is booked.')).toBeInTheDocument();
    expect(screen.getByText(/at 10:00 AM\.$/)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/forms/appointment')!;
    const sent = JSON.parse(String((post[1] as RequestInit).body));
    expect(sent).toMatchObject({
      name: 'appointment',
      formData: { name: 'Jane Doe', email: 'jane@example.com', phone: '7325550148', date: open.getAttribute('data-date'), slot: '10:00 AM' },
    });
  });

  it('a dropped connection says "Submission failed"', async () => {
    installFakeFetch({ '/api/content/site': { body: site }, '/api/forms/appointment': { networkError: true } });
    render(<BookingCalendar block={block} position={1} />);
    const dates = await screen.findByRole('group', { name: 'Date' }, { timeout: 3000 });
    fireEvent.click(within(dates).getAllByRole('button').find((b) => !(b as HTMLButtonElement).disabled)!);
    fireEvent.click(screen.getByRole('button', { name: '9:00 AM' }));
    fireEvent.change(screen.getByLabelText(/Full Name/), { target: { value: 'Jane Doe' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '7325550148' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Submission failed')).toBeInTheDocument();
  });
});
