import { defineRoute } from '../http/route.js';
import {
  SUBMISSIONS_PAGE,
  submissionFileParamsSchema,
  submissionFormsResponseSchema,
  submissionListQuerySchema,
  submissionListResponseSchema,
  submissionsCsvQuerySchema,
} from './back-office.js';
import { bookingSlotsQuerySchema, bookingSlotsResponseSchema } from './booking.js';
import { formNameParamsSchema, formSubmissionSchema, formSubmitResponseSchema } from './schemas.js';

/** Form and estimate submissions (forms service), and the back office's reads of them (internal, called by orders for its staff). */
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
  submissionForms: defineRoute({
    method: 'GET',
    path: '/internal/forms/submissions/forms',
    service: 'forms',
    access: 'internal',
    callers: ['orders'],
    summary: 'Every form with stored submissions or a definition in content/forms/: its title, how many submissions, the newest one',
    response: submissionFormsResponseSchema,
  }),
  submissions: defineRoute({
    method: 'GET',
    path: '/internal/forms/submissions',
    service: 'forms',
    access: 'internal',
    callers: ['orders'],
    summary: 'Stored submissions, newest first, a page at a time: their answers as display text in the form\'s order (never passwords) and their files',
    description: `At most ${SUBMISSIONS_PAGE.maxLimit} per page (default ${SUBMISSIONS_PAGE.defaultLimit}); \`next\` is the following page's \`before\` (keyset, so a page holds its place while new submissions arrive), null on the last page.`,
    query: submissionListQuerySchema,
    response: submissionListResponseSchema,
  }),
  submissionFile: defineRoute({
    method: 'GET',
    path: '/internal/forms/submissions/:submissionId/files/:fileId',
    service: 'forms',
    access: 'internal',
    callers: ['orders'],
    summary: "One stored upload of a submission, as an attachment with the type found in its content (404 for another submission's file, or one deleted after UPLOAD_RETENTION_DAYS)",
    params: submissionFileParamsSchema,
    produces: 'application/octet-stream',
  }),
  submissionsCsv: defineRoute({
    method: 'GET',
    path: '/internal/forms/submissions.csv',
    service: 'forms',
    access: 'internal',
    callers: ['orders'],
    summary: "A form's submissions as CSV, oldest first: what `npm run -s submissions -- export --form <form> [--since <since>]` prints",
    query: submissionsCsvQuerySchema,
    produces: 'text/csv',
  }),
} as const;
