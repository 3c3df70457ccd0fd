import './interactive.css';
import { FORM_MESSAGES, call, formApi, isEmailAddress, type BlockComponentProps, type BookingCalendarBlock, type FormSubmission, type SiteData } from '@storefront/contracts';
import { Alert, Button, ErrorState, LoadingState, RESULT_MESSAGE_MS, SITE_DATA_URL, usePageData, useTransientValue } from '@storefront/ui';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { bookableDays, slotsFor, weeklyHoursOf, type BookableDay } from './booking-slots';

export const BOOKING_TITLE = 'Select a Date & Time';
/** Spec 4/9: calendar widgets show "Loading..." for 1200 ms. */
export const BOOKING_LOADING_MS = 1200;
export const BOOKING_LOADING_TEXT = 'Loading...';

type Contact = { name: string; email: string; phone: string };
type Errors = Partial<Record<keyof Contact | 'date' | 'slot', string>>;

function validate(contact: Contact, date: string | null, slot: string | null): Errors {
  const errors: Errors = {};
  if (!contact.name.trim()) errors.name = FORM_MESSAGES.required;
  if (!contact.email.trim()) errors.email = FORM_MESSAGES.required;
  else if (!isEmailAddress(contact.email)) errors.email = FORM_MESSAGES.invalidEmail;
  if (!contact.phone.trim()) errors.phone = FORM_MESSAGES.required;
  if (!date) errors.date = FORM_MESSAGES.required;
  if (!slot) errors.slot = FORM_MESSAGES.required;
  return errors;
}

// Made on first use, not when the module loads (an Intl formatter costs a phone ~15 ms to build).
let dayLabelFormat: Intl.DateTimeFormat | undefined;
let longDayFormat: Intl.DateTimeFormat | undefined;
const dayLabel = () => (dayLabelFormat ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' }));
const longDay = () => (longDayFormat ??= new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }));
function dateOf(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/**
 * The calendar booking widget: "Loading..." for 1200 ms, then a date in the next 30 days (closed days
 * from the site's hours cannot be picked), a time slot and contact details, stored by the forms service.
 * Dates are worked out in the browser only (after the loading pause), so server and browser never disagree
 * about "today".
 */
export default function BookingCalendar({ block }: BlockComponentProps<BookingCalendarBlock>) {
  const site = usePageData<SiteData>(SITE_DATA_URL);
  const ids = useId();
  const [days, setDays] = useState<BookableDay[] | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [contact, setContact] = useState<Contact>({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [booked, setBooked] = useState<{ message: string; date: string; slot: string } | null>(null);
  const failure = useTransientValue<string>(RESULT_MESSAGE_MS);

  const week = useMemo(() => weeklyHoursOf(site.data?.site.hours ?? []), [site.data]);
  const daysAhead = block.daysAhead ?? 30;
  const slotMinutes = block.slotMinutes ?? 60;

  useEffect(() => {
    if (!site.data) return;
    const timer = setTimeout(() => setDays(bookableDays(new Date(), daysAhead, week)), BOOKING_LOADING_MS);
    return () => clearTimeout(timer);
  }, [site.data, week, daysAhead]);

  const selectedDay = days?.find((d) => d.date === date);
  const slots = selectedDay ? slotsFor(selectedDay.weekday, week, slotMinutes) : [];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(contact, date, slot);
    setErrors(found);
    if (Object.keys(found).length > 0 || !date || !slot) return;
    const submission: FormSubmission = {
      name: block.formName,
      formData: { name: contact.name.trim(), email: contact.email.trim(), phone: contact.phone.trim(), date, slot },
      metadata: { source: 'book-appointment' },
    };
    setSubmitting(true);
    failure.clear();
    try {
      const answer = await call(formApi.submit, { params: { formName: block.formName }, body: submission });
      if (answer.ok && answer.data.success) {
        // The confirmation stays: the shopper needs to see what was booked.
        setBooked({ message: answer.data.message || FORM_MESSAGES.defaultSuccess, date, slot });
        setContact({ name: '', email: '', phone: '' });
        setDate(null);
        setSlot(null);
      } else {
        if (!answer.ok && answer.error.errors) setErrors(answer.error.errors);
        failure.show((answer.ok ? answer.data.message : answer.error.message) || FORM_MESSAGES.defaultError);
      }
    } catch {
      failure.show(FORM_MESSAGES.networkFailure);
    } finally {
      setSubmitting(false);
    }
  };

  const title = block.title ?? BOOKING_TITLE;
  const field = (key: keyof Contact, label: string, type: string, autoComplete: string) => (
    <div className="content-booking__field">
      <label htmlFor={`${ids}-${key}`}>
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={`${ids}-${key}`}
        name={key}
        type={type}
        autoComplete={autoComplete}
        required
        value={contact[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${ids}-${key}-error` : undefined}
        onChange={(e) => setContact((c) => ({ ...c, [key]: e.target.value }))}
      />
      {errors[key] && (
        <p id={`${ids}-${key}-error`} className="content-booking__error">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <section className="sf-container content-booking" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="content-booking__title">
        {title}
      </h2>
      {block.description && <p className="content-booking__description">{block.description}</p>}
      {booked && (
        <div className="content-booking__confirmation" role="status">
          <p className="content-booking__confirmation-message">{booked.message}</p>
          <p>
            Your appointment: {longDay().format(dateOf(booked.date))} at {booked.slot}.
          </p>
          <Button variant="secondary" onClick={() => setBooked(null)}>
            Book another appointment
          </Button>
        </div>
      )}
      {!booked && !days && site.status !== 'error' && <LoadingState label={BOOKING_LOADING_TEXT} />}
      {!booked && !days && site.status === 'error' && (
        <ErrorState message="The calendar could not be loaded. Please try again." onRetry={site.reload} />
      )}
      {!booked && days && (
        <form className="content-booking__form" noValidate onSubmit={onSubmit} aria-label={title}>
          <fieldset className="content-booking__dates">
            <legend>Date</legend>
            <ul className="content-booking__day-grid">
              {days.map((day) => (
                <li key={day.date}>
                  <button
                    type="button"
                    className="content-booking__day"
                    aria-pressed={date === day.date}
                    disabled={!day.open}
                    data-date={day.date}
                    onClick={() => {
                      setDate(day.date);
                      setSlot(null);
                    }}
                  >
                    {dayLabel().format(dateOf(day.date))}
                    {!day.open && <span className="content-booking__closed"> (closed)</span>}
                  </button>
                </li>
              ))}
            </ul>
            {errors.date && <p className="content-booking__error">{errors.date}</p>}
          </fieldset>
          {selectedDay && (
            <fieldset className="content-booking__slots">
              <legend>Time on {longDay().format(dateOf(selectedDay.date))}</legend>
              <ul className="content-booking__slot-grid">
                {slots.map((time) => (
                  <li key={time}>
                    <button type="button" className="content-booking__slot" aria-pressed={slot === time} onClick={() => setSlot(time)}>
                      {time}
                    </button>
                  </li>
                ))}
              </ul>
              {errors.slot && <p className="content-booking__error">{errors.slot}</p>}
            </fieldset>
          )}
          <fieldset className="content-booking__contact">
            <legend>Your details</legend>
            {field('name', 'Full Name', 'text', 'name')}
            {field('email', 'Email', 'email', 'email')}
            {field('phone', 'Phone', 'tel', 'tel')}
          </fieldset>
          {failure.value && <Alert type="error">{failure.value}</Alert>}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Booking...' : (block.submitText ?? 'Book Appointment')}
          </Button>
        </form>
      )}
    </section>
  );
}
