import { BadRequestException } from '@nestjs/common';
import { parseFormEmails } from './form-emails-request.js';

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

describe('parseFormEmails (POST /internal/email/queue)', () => {
  it('accepts a confirmation and a staff notification', () => {
    const staff = { ...confirmation, kind: 'form-staff-notification', dedupeKey: `form:${id}:staff`, recipient: 'a@shop.test', cc: ['b@shop.test', 'b@shop.test'] };
    expect(parseFormEmails({ emails: [confirmation, staff] })).toEqual([confirmation, { ...staff, cc: ['b@shop.test'] }]);
  });

  it.each([
    [{}, 'emails must be a list of e-mails'],
    [{ emails: [] }, 'emails must hold 1 to 4 e-mails'],
    [{ emails: [{ ...confirmation, kind: 'order-confirmation' }] }, 'emails[0]: kind must be one of'],
    [{ emails: [{ ...confirmation, dedupeKey: 'order-confirmation:abc' }] }, 'emails[0]: dedupeKey must be form:{submissionId}:confirmation'],
    [{ emails: [{ ...confirmation, dedupeKey: `form:${id}:staff` }] }, 'dedupeKey must be form:{submissionId}:confirmation'],
    [{ emails: [{ ...confirmation, recipient: 'Eve <eve@example.com>' }] }, 'recipient must be an e-mail address'],
    [{ emails: [{ ...confirmation, cc: ['x@example.com, y@example.com'] }] }, 'cc must be a list'],
    [{ emails: [{ ...confirmation, subject: 'Hi\r\nBcc: eve@example.com' }] }, 'subject must be one line'],
    [{ emails: [{ ...confirmation, html: '' }] }, 'html must be text'],
  ])('refuses %j with a clear message', (body, message) => {
    expect(() => parseFormEmails(body)).toThrow(BadRequestException);
    expect(() => parseFormEmails(body)).toThrow(message);
  });
});
