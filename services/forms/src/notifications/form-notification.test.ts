import type { FormDefinition } from '@storefront/contracts';
import { displayValue, formNotificationFor, submitterEmailOf, wantsNotification } from './form-notification.js';

const contact: FormDefinition = {
  name: 'contact',
  title: 'Contact Us',
  fields: [
    { name: 'firstName', type: 'text', label: 'First Name' },
    { name: 'lastName', type: 'text', label: 'Last Name' },
    { name: 'email', type: 'email', label: 'Email' },
    { name: 'password', type: 'password', label: 'Password' },
    { name: 'source', type: 'hidden', label: 'Source' },
    {
      name: 'subject',
      type: 'select',
      label: 'How can we help?',
      options: [
        { label: 'Sample door order', value: 'samples' },
        { label: 'Something else', value: 'other' },
      ],
    },
    { name: 'newsletter', type: 'checkbox', label: 'Send me design ideas' },
    { name: 'photos', type: 'file', label: 'Photos' },
    { name: 'message', type: 'textarea', label: 'Message' },
  ],
  buttons: { submit: 'Send' },
  emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'contact-confirmation' },
};

const multiStep = {
  ...contact,
  fields: [],
  steps: [
    { title: 'You', fields: [{ name: 'email', type: 'email', label: 'Email' }] },
    { title: 'Kitchen', fields: [{ name: 'layout', type: 'text', label: 'Layout' }] },
  ],
} as unknown as FormDefinition;

describe('wantsNotification', () => {
  it('needs the definition to send e-mails AND the browser to ask (final submit)', () => {
    expect(wantsNotification(contact, { sendSuccessEmail: true }, {})).toBe(true);
    expect(wantsNotification(contact, {}, {})).toBe(true);
    expect(wantsNotification(contact, undefined, {})).toBe(false);
    expect(wantsNotification(contact, { sendSuccessEmail: false }, {})).toBe(false);
    expect(wantsNotification({ ...contact, emailNotifications: undefined }, { sendSuccessEmail: true }, {})).toBe(false);
    expect(wantsNotification({ ...contact, emailNotifications: { sendSuccessEmail: false } }, {}, {})).toBe(false);
  });

  it('a multi-step form only on its last step, whatever the browser says', () => {
    expect(wantsNotification(multiStep, { sendSuccessEmail: true }, { email: 'a@b.co' })).toBe(false);
    expect(wantsNotification(multiStep, { sendSuccessEmail: true }, { layout: 'L' })).toBe(true);
  });
});

describe('formNotificationFor', () => {
  const values = {
    firstName: 'Ann',
    lastName: 'Lee',
    email: ' ann@example.com ',
    password: 'hunter2-secret',
    source: 'internal-tracking',
    subject: 'samples',
    newsletter: true,
    photos: [{ originalName: 'sink.jpg', path: '/uploads/abc', size: 1200 }, 'cabinet.png'],
    message: '<b>Hi</b>',
  };

  it('lists the answers with labels and option labels; never passwords, hidden values or file contents', () => {
    const notification = formNotificationFor(contact, '0b7f2c1e-1111-4222-8333-444455556666', values);
    expect(notification).toEqual({
      formName: 'contact',
      formTitle: 'Contact Us',
      submissionId: '0b7f2c1e-1111-4222-8333-444455556666',
      kind: 'form',
      templateId: 'contact-confirmation',
      submitterEmail: 'ann@example.com',
      submitterName: 'Ann Lee',
      fields: [
        { label: 'First Name', value: 'Ann' },
        { label: 'Last Name', value: 'Lee' },
        { label: 'Email', value: ' ann@example.com ' },
        { label: 'How can we help?', value: 'Sample door order' },
        { label: 'Send me design ideas', value: 'Yes' },
        { label: 'Photos', value: 'sink.jpg, cabinet.png' },
        { label: 'Message', value: '<b>Hi</b>' },
      ],
    });
    expect(JSON.stringify(notification)).not.toContain('hunter2');
    expect(JSON.stringify(notification)).not.toContain('/uploads/abc');
  });

  it('finds the first email field inside groups, and none when it is not an address', () => {
    const fields = [
      { name: 'contactGroup', type: 'group' as const, fields: [{ name: 'workEmail', type: 'email' as const, label: 'Work email' }] },
      { name: 'email', type: 'email' as const },
    ];
    expect(submitterEmailOf(fields, { contactGroup: { workEmail: 'pro@example.com' }, email: 'home@example.com' })).toBe('pro@example.com');
    expect(submitterEmailOf(fields, { workEmail: 'flat@example.com' })).toBe('flat@example.com');
    expect(submitterEmailOf(fields, { contactGroup: { workEmail: 'Bob <b@example.com>' } })).toBeNull();
  });

  it('shows empty answers as nothing and unchecked boxes as No', () => {
    expect(displayValue({ name: 'x', type: 'text' }, '')).toBeNull();
    expect(displayValue({ name: 'x', type: 'checkbox' }, false)).toBe('No');
    expect(displayValue({ name: 'x', type: 'select', options: [{ label: 'White', value: 'w' }] }, ['w', 'z'])).toBe('White, z');
  });
});
