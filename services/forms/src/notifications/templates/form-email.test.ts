import type { FormNotification } from '@storefront/contracts';
import { renderConfirmation, renderFormEmails, renderStaffNotification } from './form-email.js';

const store = { name: 'Heartwood Cabinetry', email: 'hello@heartwood.test', phone: '(732) 555-0148' };
const id = '0b7f2c1e-1111-4222-8333-444455556666';

const notification: FormNotification = {
  formName: 'contact',
  formTitle: 'Contact Us',
  submissionId: id,
  kind: 'form',
  templateId: 'contact-confirmation',
  submitterEmail: 'ann@example.com',
  submitterName: 'Ann <script>',
  fields: [
    { label: 'First Name', value: 'Ann <script>alert(1)</script>' },
    { label: 'Message', value: 'Tom & "Jerry" <img src=x onerror=alert(1)>' },
  ],
};

describe('form e-mail templates', () => {
  it('never echo what the visitor typed (values or name) in the confirmation to an unverified address', () => {
    const { html, text } = renderConfirmation(notification, store);
    for (const part of [html, text]) {
      expect(part).not.toContain('Ann');
      expect(part).not.toContain('Jerry');
      expect(part).not.toContain('script');
      expect(part).not.toContain('What you sent');
    }
    expect(text).toContain('Hello,');
  });

  it('give staff every answer, escaped in the HTML and readable in the text part', () => {
    const staff = renderStaffNotification(notification, store);
    expect(staff.html).not.toContain('<script>');
    expect(staff.html).not.toContain('<img');
    expect(staff.html).toContain('Ann &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(staff.html).toContain('Tom &amp; &quot;Jerry&quot; &lt;img src=x onerror=alert(1)&gt;');
    expect(staff.text).toContain('Message: Tom & "Jerry" <img src=x onerror=alert(1)>');
  });

  it("pick the confirmation copy by the form's emailTemplateId, with a default for unknown ids", () => {
    expect(renderConfirmation(notification, store).subject).toBe('We have received your message');
    expect(renderConfirmation(notification, store).text).toContain('Thank you for contacting Heartwood Cabinetry. A cabinet specialist');
    const unknown = renderConfirmation({ ...notification, templateId: 'no-such-template', formTitle: 'Dealer Application' }, store);
    expect(unknown.subject).toBe('We have received your Dealer Application');
    expect(renderConfirmation({ ...notification, templateId: undefined }, store).subject).toBe('We have received your Contact Us');
  });

  it('never put submitted values in a subject', () => {
    const staff = renderStaffNotification(notification, store);
    expect(staff.subject).toBe('New Contact Us submission');
    expect(staff.text).toContain('Reply to: ann@example.com');
    expect(staff.text).toContain(`Submission: ${id}`);
  });

  it('give the estimate e-mail the selections and the "$min - $max" total', () => {
    const estimate: FormNotification = {
      ...notification,
      formName: 'kitchen',
      formTitle: 'Kitchen',
      kind: 'estimate',
      templateId: undefined,
      estimate: { min: 1200, max: 3400.4, rows: [{ label: 'Cabinet style', value: 'White Shaker' }] },
    };
    const { subject, html, text } = renderConfirmation(estimate, store);
    expect(subject).toBe('Your Kitchen estimate from Heartwood Cabinetry');
    expect(text).toContain('Estimated total: $1,200 - $3,400');
    expect(text).toContain('Cabinet style: White Shaker');
    expect(text).toContain('valid for 30 days');
    expect(html).toContain('$1,200 - $3,400');
    expect(renderStaffNotification(estimate, store).subject).toBe('New estimate: Kitchen');
  });

  it('address the confirmation to the submitter and the staff e-mail to content recipients (first To, rest cc)', () => {
    const emails = renderFormEmails(notification, store, ['help@heartwood.test', 'sales@heartwood.test']);
    expect(emails.map(({ kind, dedupeKey, recipient, cc }) => ({ kind, dedupeKey, recipient, cc }))).toEqual([
      { kind: 'form-confirmation', dedupeKey: `form:${id}:confirmation`, recipient: 'ann@example.com', cc: [] },
      { kind: 'form-staff-notification', dedupeKey: `form:${id}:staff`, recipient: 'help@heartwood.test', cc: ['sales@heartwood.test'] },
    ]);
  });

  it('send no confirmation when the address has had its quota, the staff e-mail still', () => {
    expect(renderFormEmails(notification, store, ['staff@heartwood.test'], { confirmation: false }).map((email) => email.kind)).toEqual(['form-staff-notification']);
  });

  it('send no confirmation without a submitter address, and no staff e-mail without staff', () => {
    expect(renderFormEmails({ ...notification, submitterEmail: null }, store, ['help@heartwood.test']).map((email) => email.kind)).toEqual([
      'form-staff-notification',
    ]);
    expect(renderFormEmails(notification, store, []).map((email) => email.kind)).toEqual(['form-confirmation']);
  });
});
