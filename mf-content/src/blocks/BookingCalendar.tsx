import './interactive.css';
import {
  BOOKING_MESSAGES,
  FORM_MESSAGES,
  call,
  formApi,
  isEmailAddress,
  type BlockComponentProps,
  type BookingCalendarBlock,
  type BookingDay,
  type FormSubmission,
} from '@storefront/contracts';
import { Alert, Button, ErrorState, LoadingState, RESULT_MESSAGE_MS, useTransientValue } from '@storefront/ui';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';

export const BOOKING_TITLE = 'Select a Date & Time';
/** Spec 4/9: calendar widgets show "Loading..." for 1200 ms. */
export const BOOKING_LOADING_MS = 1200;
export const BOOKING_LOADING_TEXT = 'Loading...';
/** read by screen readers after a slot that cannot be booked (taken, or too soon) */
export const SLOT_UNAVAILABLE_LABEL = ' (not available)';

type Contact = { name: string; email: string; phone: string };
type Errors = Partial<Record<keyof Contact | 'date' | 'slot', string>>;
type Slots = { status: 'loading' } | { status: 'error' } | { status: 'ready'; days: BookingDay[]; refreshing: boolean };

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
// The dates are the business's calendar dates: formatted as UTC so the visitor's own zone never moves them.
let dayLabelFormat: Intl.DateTimeFormat | undefined;
let longDayFormat: Intl.DateTimeFormat | undefined;
const dayLabel = () => (dayLabelFormat ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }));
const longDay = () => (longDayFormat ??= new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));
const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The calendar booking widget: the forms service's free slots of the next days (closed days cannot be
 * picked, taken and too-soon times are shown disabled), then contact details; the service books the
 * slot or refuses it (409) when someone took it meanwhile. Our own calendar instead of the spec's
 * third-party script: see packages/contracts/src/forms/booking.ts.
 *
 * The slots are read after hydration, not put in the server's HTML: which times are free changes with
 * every booking, and the page's HTML is cached and served to many visitors (a server-rendered list would
 * offer times already taken). The server renders the spec's "Loading..." state instead (at least
 * 1200 ms, spec §4/§9), which hydrates without a mismatch; the server also answers "today" in the
 * business's time zone, so the visitor's clock never decides which days are offered.
 */
export default function BookingCalendar({ block }: BlockComponentProps<BookingCalendarBlock>) {
  const ids = useId();
  const [slots, setSlots] = useState<Slots>({ status: 'loading' });
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [contact, setContact] = useState<Contact>({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [booked, setBooked] = useState<{ message: string; date: string; slot: string } | null>(null);
  const failure = useTransientValue<string>(RESULT_MESSAGE_MS);
  const loads = useRef(0);

  /** first load: "Loading..." for at least 1200 ms; a refresh keeps the calendar (and what was typed) on screen */
  const load = useCallback(
    async (first: boolean) => {
      const attempt = ++loads.current;
      setSlots((current) => (first || current.status !== 'ready' ? { status: 'loading' } : { ...current, refreshing: true }));
      try {
        const [answer] = await Promise.all([call(formApi.slots, { params: { formName: block.formName } }), first ? pause(BOOKING_LOADING_MS) : undefined]);
        if (attempt !== loads.current) return;
        setSlots(answer.ok ? { status: 'ready', days: answer.data.days, refreshing: false } : { status: 'error' });
      } catch {
        if (attempt === loads.current) setSlots({ status: 'error' });
      }
    },
    [block.formName],
  );

  useEffect(() => {
    void load(true);
    return () => {
      loads.current += 1;
    };
  }, [load]);

  const days = slots.status === 'ready' ? slots.days : null;
  const selectedDay = days?.find((d) => d.date === date);
  const freeSlots = selectedDay?.slots.filter((s) => s.free) ?? [];

  /** someone booked the chosen time first (409), or it is no longer offered (400 on the slot): choose again */
  const slotLost = (message: string) => {
    setSlot(null);
    setErrors((current) => ({ ...current, slot: message }));
    void load(false);
  };

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
        void load(false);
      } else if (!answer.ok && (answer.status === 409 || answer.error.errors?.slot)) {
        slotLost(answer.error.errors?.slot ?? answer.error.message ?? BOOKING_MESSAGES.slotTaken);
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
      {!booked && slots.status === 'loading' && <LoadingState label={BOOKING_LOADING_TEXT} />}
      {!booked && slots.status === 'error' && <ErrorState message={BOOKING_MESSAGES.loadFailed} onRetry={() => void load(true)} />}
      {!booked && days && (
        <form className="content-booking__form" noValidate onSubmit={onSubmit} aria-label={title}>
          <fieldset className="content-booking__dates">
            <legend>Date</legend>
            <ul className="content-booking__day-grid">
              {days.map((day) => {
                const full = day.open && !day.slots.some((s) => s.free);
                return (
                  <li key={day.date}>
                    <button
                      type="button"
                      className="sf-control-button content-booking__day"
                      aria-pressed={date === day.date}
                      disabled={!day.open}
                      data-date={day.date}
                      onClick={() => {
                        setDate(day.date);
                        setSlot(null);
                        setErrors(({ slot: _slot, date: _date, ...rest }) => rest);
                      }}
                    >
                      {dayLabel().format(dateOf(day.date))}
                      {!day.open && <span className="content-booking__closed"> (closed)</span>}
                      {full && <span className="content-booking__closed"> (no free times)</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
            {errors.date && <p className="content-booking__error">{errors.date}</p>}
          </fieldset>
          {selectedDay && (
            <fieldset className="content-booking__slots" aria-busy={(slots.status === 'ready' && slots.refreshing) || undefined}>
              <legend>Time on {longDay().format(dateOf(selectedDay.date))}</legend>
              {freeSlots.length === 0 ? (
                <p className="content-booking__empty">{BOOKING_MESSAGES.noFreeTimes}</p>
              ) : (
                <ul className="sf-card-grid content-booking__slot-grid">
                  {selectedDay.slots.map(({ time, free }) => (
                    <li key={time}>
                      <button
                        type="button"
                        className="sf-control-button content-booking__slot"
                        aria-pressed={slot === time}
                        disabled={!free}
                        onClick={() => {
                          setSlot(time);
                          setErrors(({ slot: _slot, ...rest }) => rest);
                        }}
                      >
                        {time}
                        {!free && <span className="sf-visually-hidden">{SLOT_UNAVAILABLE_LABEL}</span>}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {errors.slot && (
                <p className="content-booking__error" role="alert">
                  {errors.slot}
                </p>
              )}
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
