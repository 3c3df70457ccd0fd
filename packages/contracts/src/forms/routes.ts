import { defineRoute } from '../http/route.js';
import { bookingSlotsQuerySchema, bookingSlotsResponseSchema } from './booking.js';
import { formNameParamsSchema, formSubmissionSchema, formSubmitResponseSchema } from './schemas.js';

/** Form and estimate submissions (forms service). */
export const formRoutes = {
  submit: defineRoute({
    method: 'POST',
    path: '/api/forms/:formName',
    service: 'forms',
    access: 'public',
    summary: 'Submit a form (or one step of a multi-step form, or an estimate): stored, then its e-mails queued',
    description:
      "The form's fields are checked against its definition (content/forms/{formName}.json); files come as multipart parts named after their field and are checked by content. 201 also for a replay of the same Idempotency-Key (flagged Idempotent-Replayed).",
    params: formNameParamsSchema,
    body: formSubmissionSchema,
    response: formSubmitResponseSchema,
    consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
    idempotent: true,
    status: 201,
  }),
  slots: defineRoute({
    method: 'GET',
    path: '/api/forms/:formName/slots',
    service: 'forms',
    access: 'public',
    summary: "The booking calendar's slots for a range of days: which are free",
    description:
      "For a form with config.booking (content/forms/appointment.json): every slot of the opening hours (content/site/site.json) for each day, free unless already booked or past, in the business's time zone. At most 31 days per answer; 404 for a form that takes no bookings.",
    params: formNameParamsSchema,
    query: bookingSlotsQuerySchema,
    response: bookingSlotsResponseSchema,
  }),
} as const;
