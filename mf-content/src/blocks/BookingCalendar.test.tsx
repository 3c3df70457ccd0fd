import { BOOKING_MESSAGES, type BookingCalendarBlock, type BookingDay, type BookingSlotsResponse } from '@storefront/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { installFakeFetch } from '@storefront/ui/testing';
import BookingCalendar, { BOOKING_TITLE } from './BookingCalendar';

const TIMES = ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM'];
const open = (date: string, weekday: number, taken: string[] = []): BookingDay => ({ date, weekday, open: true, slots: TIMES.map((time) => ({ time, free: !taken.includes(time) })) });
const closed = (date: string): BookingDay => ({ date, weekday: 0, open: false, slots: [] });
const slotsAnswer = (days: BookingDay[]): { body: BookingSlotsResponse } => ({ body: { timeZone: 'America/New_York', slotMinutes: 60, days } });
// Monday 2 March 2026 to Wednesday 4 March, with Sunday 1 March closed
const week = [closed('2026-03-01'), open('2026-03-02', 1, ['10:00 AM']), open('2026-03-03', 2), open('2026-03-04', 3, TIMES)];

const SLOTS_URL = '/api/forms/appointment/slots';
const block: BookingCalendarBlock = { id: 'booking', type: 'booking-calendar', formName: 'appointment' };
jest.setTimeout(15000);

async function calendarReady() {
  return screen.findByRole('group', { name: 'Date' }, { timeout: 3000 });
}
function fillContact(email = 'jane@example.com') {
  fireEvent.change(screen.getByLabelText(/Full Name/), { target: { value: 'Jane Doe' } });
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '7325550148' } });
}
const timeGroup = () => screen.getByRole('group', { name: /^Time on/ });

describe('BookingCalendar', () => {
  it('the server renders "Loading..." (the slots change with every booking, so they load after hydration)', () => {
    installFakeFetch({});
    const html = renderToString(<BookingCalendar block={block} position={1} />);
    expect(html).toContain('Loading...');
    expect(html).not.toContain('Book Appointment');
  });

  it('shows Loading..., then the server days: closed days disabled, taken times disabled and named so; books a free slot', async () => {
    const fetchMock = installFakeFetch({
      [SLOTS_URL]: slotsAnswer(week),
      '/api/forms/appointment': { status: 201, body: { success: true, message: 'Your appointment is booked.', data: { id: 'x' } } },
    });
    render(<BookingCalendar block={block} position={1} />);
    expect(screen.getByRole('heading', { name: BOOKING_TITLE })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    const dates = await calendarReady();
    const dayButtons = within(dates).getAllByRole('button');
    expect(dayButtons.map((b) => b.textContent)).toEqual(['Sun, Mar 1 (closed)', 'Mon, Mar 2', 'Tue, Mar 3', 'Wed, Mar 4 (no free times)']);
    expect(dayButtons[0]).toBeDisabled();

    // nothing chosen: every rule speaks up (name, e-mail, phone and date)
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(4);

    fireEvent.click(dayButtons[1]!);
    expect(dayButtons[1]).toHaveAttribute('aria-pressed', 'true');
    const slots = within(timeGroup()).getAllByRole('button');
    expect(slots.map((s) => s.textContent)).toEqual(['9:00 AM', '10:00 AM (not available)', '11:00 AM', '12:00 PM']);
    expect(within(timeGroup()).getByRole('button', { name: '10:00 AM (not available)' })).toBeDisabled();
    fireEvent.click(within(timeGroup()).getByRole('button', { name: '11:00 AM' }));

    fillContact('jane@');
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'jane@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));

    expect(await screen.findByText('Your appointment is booked.')).toBeInTheDocument();
    expect(screen.getByText('Your appointment: Monday, March 2, 2026 at 11:00 AM.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/forms/appointment')!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toMatchObject({
      name: 'appointment',
      formData: { name: 'Jane Doe', email: 'jane@example.com', phone: '7325550148', date: '2026-03-02', slot: '11:00 AM' },
    });
  });

  it('a day without a free time says "No free times on this day"', async () => {
    installFakeFetch({ [SLOTS_URL]: slotsAnswer(week) });
    render(<BookingCalendar block={block} position={1} />);
    fireEvent.click(within(await calendarReady()).getByRole('button', { name: /Wed, Mar 4/ }));
    expect(within(timeGroup()).getByText(BOOKING_MESSAGES.noFreeTimes)).toBeInTheDocument();
    expect(within(timeGroup()).queryAllByRole('button')).toHaveLength(0);
  });

  it('slots that fail to load show an error with Retry, which loads them again', async () => {
    installFakeFetch({ [SLOTS_URL]: [{ status: 503, body: { message: 'busy' } }, slotsAnswer(week)] });
    render(<BookingCalendar block={block} position={1} />);
    expect(await screen.findByText(BOOKING_MESSAGES.loadFailed, {}, { timeout: 3000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    expect(await calendarReady()).toBeInTheDocument();
  });

  it('a slot taken meanwhile (409): the message shows, the slots refresh without it, and everything typed stays', async () => {
    const fetchMock = installFakeFetch({
      [SLOTS_URL]: [slotsAnswer(week), slotsAnswer([week[0]!, open('2026-03-02', 1, ['10:00 AM', '11:00 AM']), week[2]!, week[3]!])],
      '/api/forms/appointment': { status: 409, body: { success: false, message: BOOKING_MESSAGES.slotTaken, errorType: 'slotTaken', errors: { slot: BOOKING_MESSAGES.slotTaken } } },
    });
    render(<BookingCalendar block={block} position={1} />);
    fireEvent.click(within(await calendarReady()).getByRole('button', { name: 'Mon, Mar 2' }));
    fireEvent.click(within(timeGroup()).getByRole('button', { name: '11:00 AM' }));
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.slotTaken);
    expect(await within(timeGroup()).findByRole('button', { name: '11:00 AM (not available)' })).toBeDisabled();
    expect(fetchMock.mock.calls.filter(([url]) => url === SLOTS_URL)).toHaveLength(2);
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Jane Doe');
    expect(screen.getByLabelText(/Email/)).toHaveValue('jane@example.com');
    expect(screen.getByLabelText(/Phone/)).toHaveValue('7325550148');
    expect(screen.getByRole('button', { name: 'Mon, Mar 2' })).toHaveAttribute('aria-pressed', 'true');

    // choosing another time clears the message
    fireEvent.click(within(timeGroup()).getByRole('button', { name: '12:00 PM' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a dropped connection says "Submission failed"', async () => {
    installFakeFetch({ [SLOTS_URL]: slotsAnswer(week), '/api/forms/appointment': { networkError: true } });
    render(<BookingCalendar block={block} position={1} />);
    fireEvent.click(within(await calendarReady()).getByRole('button', { name: 'Tue, Mar 3' }));
    fireEvent.click(screen.getByRole('button', { name: '9:00 AM' }));
    fillContact();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    });
    expect(await screen.findByText('Submission failed')).toBeInTheDocument();
  });
});
