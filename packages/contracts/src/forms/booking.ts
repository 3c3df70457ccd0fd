import { array, boolean, number, object, string, type InferType } from 'yup';

// The booking calendar's free slots (GET /api/forms/{formName}/slots) and the words around a booking.
// Our own calendar, not the spec's third-party calendar script (CF §7): a third-party widget sets its
// own cookies before the visitor answers the cookie banner, and it cannot know what the forms service
// stores; here the server that stores the appointment is the one that says which times are free, and
// the database refuses a second booking of the same time (forms.booked_slot, one active row per slot).

/** What the calendar and the server say about bookings (the spec has no wording for these). */
export const BOOKING_MESSAGES = {
  /** 409: someone else booked the time between loading the calendar and sending the form */
  slotTaken: 'Sorry, this time was just booked by someone else. Please choose another time.',
  /** 400: a time that is not one of the free slots (closed, past, outside the bookable days) */
  slotUnavailable: 'This time is not available. Please choose another time.',
  /** a chosen day without a free time */
  noFreeTimes: 'No free times on this day',
  /** the slots could not be loaded */
  loadFailed: 'The calendar could not be loaded. Please try again.',
  /** the range asked for is longer than BOOKING_MAX_RANGE_DAYS */
  rangeTooLong: 'Ask for at most 31 days of slots at once',
  rangeReversed: 'to must not be before from',
  dateFormat: 'must be a date as YYYY-MM-DD',
} as const;

/** One answer covers at most this many days (from and to included): the calendar shows about a month. */
export const BOOKING_MAX_RANGE_DAYS = 31;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD): 0 for the same day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const isoDateParam = (name: string) =>
  string()
    .trim()
    .test('iso-date', `${name} ${BOOKING_MESSAGES.dateFormat}`, (value) => value === undefined || isIsoDate(value))
    .optional();

/**
 * GET /api/forms/{formName}/slots?from&to: both optional. Without `from` the range starts at the
 * business's today; without `to` it runs for the form's bookable days (config.booking.daysAhead).
 */
export const bookingSlotsQuerySchema = object({
  from: isoDateParam('from').meta({ jsonSchema: { description: 'first day, YYYY-MM-DD (default: today where the business is)' } }),
  to: isoDateParam('to').meta({ jsonSchema: { description: `last day, YYYY-MM-DD, at most ${BOOKING_MAX_RANGE_DAYS} days from the first` } }),
})
  .test('range-order', BOOKING_MESSAGES.rangeReversed, (query) => !query.from || !query.to || !isIsoDate(query.from) || !isIsoDate(query.to) || daysBetween(query.from, query.to) >= 0)
  .test('range-length', BOOKING_MESSAGES.rangeTooLong, (query) => !query.from || !query.to || !isIsoDate(query.from) || !isIsoDate(query.to) || daysBetween(query.from, query.to) < BOOKING_MAX_RANGE_DAYS);
export type BookingSlotsQuery = InferType<typeof bookingSlotsQuerySchema>;

const bookingSlotSchema = object({
  /** as the form stores it: '9:00 AM' */
  time: string().required(),
  /** false: booked by someone else, or already past */
  free: boolean().required(),
});
export type BookingSlot = InferType<typeof bookingSlotSchema>;

const bookingDaySchema = object({
  date: string().required(),
  /** 0 = Sunday */
  weekday: number().required(),
  /** closed by the opening hours (no slots at all) */
  open: boolean().required(),
  slots: array(bookingSlotSchema).required(),
});
export type BookingDay = InferType<typeof bookingDaySchema>;

export const bookingSlotsResponseSchema = object({
  /** the business's time zone, in which every date and time here is meant */
  timeZone: string().required(),
  slotMinutes: number().required(),
  days: array(bookingDaySchema).required(),
});
export type BookingSlotsResponse = InferType<typeof bookingSlotsResponseSchema>;
