import { addDays, bookingDays, clockMinutes, clockText, slotKey, slotsFor, wallClockIn, weekdayOf, weeklyHoursOf } from './booking-slots.js';

const siteHours = [
  { days: 'Monday - Friday', time: '9:00 AM - 6:00 PM ET' },
  { days: 'Saturday', time: '10:00 AM - 4:00 PM ET' },
  { days: 'Sunday', time: 'Closed' },
];

describe('booking slots', () => {
  const week = weeklyHoursOf(siteHours);

  it('reads the site hours: Monday to Saturday open, Sunday closed', () => {
    expect(week.get(1)).toEqual({ opens: 540, closes: 1080 });
    expect(week.get(5)).toEqual({ opens: 540, closes: 1080 });
    expect(week.get(6)).toEqual({ opens: 600, closes: 960 });
    expect(week.has(0)).toBe(false);
  });

  it('hourly slots end by closing time', () => {
    expect(slotsFor(1, week, 60)).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    expect(slotsFor(6, week, 90)).toEqual(['10:00 AM', '11:30 AM', '1:00 PM', '2:30 PM']);
    expect(slotsFor(0, week, 60)).toEqual([]);
  });

  it('wraps a day range over the weekend and skips unreadable entries', () => {
    const w = weeklyHoursOf([{ days: 'Fri - Mon', time: '8am - 12pm' }, { days: 'Tue', time: 'by appointment' }]);
    expect([...w.keys()].sort()).toEqual([0, 1, 5, 6]);
    expect(clockText(0)).toBe('12:00 AM');
  });

  it('reads a slot back exactly as it is written, nothing else', () => {
    expect(clockMinutes('9:00 AM')).toBe(540);
    expect(clockMinutes('12:00 PM')).toBe(720);
    expect(clockMinutes('12:30 AM')).toBe(30);
    expect(clockMinutes('09:00 AM')).toBeUndefined();
    expect(clockMinutes('9:00')).toBeUndefined();
    expect(clockMinutes('13:00 PM')).toBeUndefined();
  });

  it('tells the business date and time in its own zone, whatever the server clock', () => {
    // 03:30 UTC on 2 March 2026 is still 1 March, 22:30 in New York
    expect(wallClockIn('America/New_York', new Date('2026-03-02T03:30:00Z'))).toEqual({ date: '2026-03-01', minutes: 22 * 60 + 30 });
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(weekdayOf('2026-03-01')).toBe(0);
  });

  it('marks booked slots and slots too soon as not free; Sundays closed', () => {
    // Monday 2 March 2026, 10:15 in the business's zone, two hours' notice
    const plan = { week, slotMinutes: 60, now: { date: '2026-03-02', minutes: 615 }, noticeMinutes: 120, taken: new Set([slotKey('2026-03-03', 600)]) };
    const days = bookingDays(plan, '2026-03-02', '2026-03-08');
    expect(days.map((d) => d.date)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    const today = days[0]!;
    expect(today.slots.filter((s) => s.free).map((s) => s.time)).toEqual(['1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    expect(days[1]!.slots.find((s) => s.time === '10:00 AM')).toEqual({ time: '10:00 AM', free: false });
    expect(days[1]!.slots.filter((s) => !s.free)).toHaveLength(1);
    expect(days[6]).toEqual({ date: '2026-03-08', weekday: 0, open: false, slots: [] });
  });
});
