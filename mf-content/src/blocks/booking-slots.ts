// Dates and time slots of the booking calendar, worked out in the browser from the site's opening hours:
// no third-party booking script, so the calendar also works when outside services are unreachable.

export interface OpeningHours {
  days: string;
  time: string;
}

/** Minutes after midnight, open to close; a day missing from the map is closed. */
export type WeeklyHours = Map<number, { opens: number; closes: number }>;

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const CLOCK = /(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?/gi;

function dayIndex(name: string): number {
  return DAY_NAMES.indexOf(name.trim().slice(0, 3).toLowerCase());
}

function minutesOf(hours: string, minutes: string | undefined, meridiem: string): number {
  return ((Number(hours) % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0)) * 60 + Number(minutes ?? 0);
}

/**
 * site.json's hours ({ days: 'Monday - Friday', time: '9:00 AM - 6:00 PM ET' }, { days: 'Sunday', time:
 * 'Closed' }) as open and close minutes per weekday (0 = Sunday). Closed or unreadable entries stay closed.
 */
export function weeklyHoursOf(hours: readonly OpeningHours[]): WeeklyHours {
  const week: WeeklyHours = new Map();
  for (const entry of hours) {
    const range = entry.days.split(/\s*[-–]\s*/).map(dayIndex);
    const first = range[0] ?? -1;
    const last = range[1] ?? first;
    const clocks = [...entry.time.matchAll(CLOCK)];
    if (range.length > 2 || first < 0 || last < 0 || clocks.length !== 2) continue;
    const [opens, closes] = clocks.map(([, h, m, meridiem]) => minutesOf(h as string, m, meridiem as string)) as [number, number];
    if (closes <= opens) continue;
    for (let day = first; ; day = (day + 1) % 7) {
      week.set(day, { opens, closes });
      if (day === last) break;
    }
  }
  return week;
}

/** A local calendar date as YYYY-MM-DD (what the form stores). */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export interface BookableDay {
  date: string;
  weekday: number;
  open: boolean;
}

/** The next `count` days after `today` (same-day visits cannot be prepared for), each marked open or closed. */
export function bookableDays(today: Date, count: number, week: WeeklyHours): BookableDay[] {
  const days: BookableDay[] = [];
  for (let offset = 1; offset <= count; offset += 1) {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
    days.push({ date: isoDate(day), weekday: day.getDay(), open: week.has(day.getDay()) });
  }
  return days;
}

/** '9:00 AM' for 540 minutes. */
export function clockText(minutes: number): string {
  const hour24 = Math.floor(minutes / 60);
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** The slots of a weekday: every `slotMinutes` from opening, the last one ending by closing time. */
export function slotsFor(weekday: number, week: WeeklyHours, slotMinutes: number): string[] {
  const hours = week.get(weekday);
  if (!hours || slotMinutes <= 0) return [];
  const slots: string[] = [];
  for (let start = hours.opens; start + slotMinutes <= hours.closes; start += slotMinutes) slots.push(clockText(start));
  return slots;
}
