// Dates and time slots of the booking calendar, worked out by the forms service from the site's opening
// hours: the service that stores appointments is the one that says which times are free (CF §7's
// third-party calendar script is replaced by our own calendar, see packages/contracts/src/forms/booking.ts).
import type { BookingDay } from '@storefront/contracts';

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

/** '9:00 AM' for 540 minutes: how the form stores a slot. */
export function clockText(minutes: number): string {
  const hour24 = Math.floor(minutes / 60);
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** 540 for '9:00 AM' (exactly as clockText writes it), else undefined. */
export function clockMinutes(text: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(text);
  if (!match) return undefined;
  const minutes = minutesOf(match[1] as string, match[2], (match[3] as string)[0] as string);
  return clockText(minutes) === text ? minutes : undefined;
}

/** The slot starts of a weekday (minutes): every `slotMinutes` from opening, the last one ending by closing time. */
export function slotStartsFor(weekday: number, week: WeeklyHours, slotMinutes: number): number[] {
  const hours = week.get(weekday);
  if (!hours || slotMinutes <= 0) return [];
  const starts: number[] = [];
  for (let start = hours.opens; start + slotMinutes <= hours.closes; start += slotMinutes) starts.push(start);
  return starts;
}

/** The slots of a weekday as the form stores them ('9:00 AM'). */
export function slotsFor(weekday: number, week: WeeklyHours, slotMinutes: number): string[] {
  return slotStartsFor(weekday, week, slotMinutes).map(clockText);
}

/** A moment as the business's wall clock: its date (YYYY-MM-DD) and minutes after midnight. */
export interface WallClock {
  date: string;
  minutes: number;
}

/** `now` on the wall clocks of `timeZone` (the opening hours are meant there, not where the server runs). */
export function wallClockIn(timeZone: string, now: Date): WallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** `date` (YYYY-MM-DD) moved by `days`. */
export function addDays(date: string, days: number): string {
  const moved = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);
  return moved.toISOString().slice(0, 10);
}

/** 0 = Sunday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** A booked slot's key: its date and start minute. */
export const slotKey = (date: string, startMinute: number) => `${date} ${startMinute}`;

export interface SlotPlan {
  week: WeeklyHours;
  slotMinutes: number;
  /** the business's now */
  now: WallClock;
  /** a slot must start at least this long after now */
  noticeMinutes: number;
  /** slotKey of every active booking in the range */
  taken: ReadonlySet<string>;
}

/**
 * Every day from `from` to `to` (both included) with each slot of its opening hours, free unless
 * booked or starting before now + notice. Days before the business's today have no free slot.
 */
export function bookingDays(plan: SlotPlan, from: string, to: string): BookingDay[] {
  const days: BookingDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = weekdayOf(date);
    const starts = slotStartsFor(weekday, plan.week, plan.slotMinutes);
    days.push({
      date,
      weekday,
      open: starts.length > 0,
      slots: starts.map((start) => ({ time: clockText(start), free: !plan.taken.has(slotKey(date, start)) && !isTooSoon(plan, date, start) })),
    });
  }
  return days;
}

function isTooSoon(plan: SlotPlan, date: string, start: number): boolean {
  const dayOffset = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${plan.now.date}T00:00:00Z`)) / 86_400_000);
  return dayOffset * 1440 + start < plan.now.minutes + plan.noticeMinutes;
}
