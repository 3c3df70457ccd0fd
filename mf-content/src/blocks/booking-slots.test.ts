import { bookableDays, clockText, slotsFor, weeklyHoursOf } from './booking-slots';

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

  it('offers the next 30 days from tomorrow, Sundays closed', () => {
    // Monday 2 March 2026
    const days = bookableDays(new Date(2026, 2, 2, 15, 30), 30, week);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-03-03', weekday: 2, open: true });
    expect(days[29]?.date).toBe('2026-04-01');
    expect(days.filter((d) => !d.open).map((d) => d.date)).toEqual(['2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29']);
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
});
