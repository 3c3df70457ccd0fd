import { checkRouteInput } from '../http/route-input.js';
import { orderRoutes } from '../orders/routes.js';

const id = '0b7f2c1e-1111-4222-8333-444455556666';
const confirmation = {
  kind: 'form-confirmation',
  dedupeKey: `form:${id}:confirmation`,
  recipient: 'ann@example.com',
  cc: [],
  subject: 'We have received your message',
  html: '<p>Thanks</p>',
  text: 'Thanks',
};

function queue(value: unknown) {
  return checkRouteInput(orderRoutes.queueFormEmails.body, value, { part: 'body' });
}

describe('POST /internal/email/queue body', () => {
  it('accepts a confirmation and a staff notification, each cc address once', () => {
    const staff = { ...confirmation, kind: 'form-staff-notification', dedupeKey: `form:${id}:staff`, recipient: 'a@shop.test', cc: ['b@shop.test', 'b@shop.test'] };
    expect(queue({ emails: [confirmation, staff] })).toEqual({ ok: true, value: { emails: [confirmation, { ...staff, cc: ['b@shop.test'] }] } });
  });

  it.each([
    [{}, 'emails', 'emails must be a list of e-mails'],
    [{ emails: [] }, 'emails', 'emails must hold 1 to 4 e-mails'],
    [{ emails: [{ ...confirmation, kind: 'order-confirmation' }] }, 'emails[0].kind', 'kind must be one of'],
    [{ emails: [{ ...confirmation, dedupeKey: 'order-confirmation:abc' }] }, 'emails[0].dedupeKey', 'dedupeKey must be form:{submissionId}:confirmation'],
    [{ emails: [{ ...confirmation, dedupeKey: `form:${id}:staff` }] }, 'emails[0].dedupeKey', 'dedupeKey must be form:{submissionId}:confirmation'],
    [{ emails: [{ ...confirmation, recipient: 'Eve <eve@example.com>' }] }, 'emails[0].recipient', 'recipient must be an e-mail address'],
    [{ emails: [{ ...confirmation, cc: ['x@example.com, y@example.com'] }] }, 'emails[0].cc[0]', 'cc must be a list'],
    [{ emails: [{ ...confirmation, subject: 'Hi\r\nBcc: eve@example.com' }] }, 'emails[0].subject', 'subject must be one line'],
    [{ emails: [{ ...confirmation, html: '' }] }, 'emails[0].html', 'html must be text'],
  ])('refuses %j, naming the field', (value, path, message) => {
    const result = queue(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.errors[path]).toContain(message);
  });
});
