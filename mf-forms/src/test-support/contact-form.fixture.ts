import type { FormDefinition } from '@storefront/contracts';

/** A contact form shaped like content/forms/contact.json, for tests. */
export const contactForm: FormDefinition = {
  name: 'contact',
  title: 'Send us a message',
  description: 'We answer within one business day.',
  fields: [
    { name: 'firstName', type: 'text', label: 'First Name', required: true },
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'phone', type: 'tel', label: 'Phone', onlyNumbers: true },
    {
      name: 'projectType',
      type: 'radio',
      label: 'Project',
      options: [
        { label: 'Kitchen', value: 'kitchen' },
        { label: 'Bath', value: 'bath' },
      ],
    },
    { name: 'vanityCount', type: 'number', label: 'Vanities', required: true, hideWhen: { field: 'projectType', equals: ['kitchen', ''] } },
    { name: 'message', type: 'textarea', label: 'Message', required: true, minLength: 10 },
    { name: 'newsletter', type: 'newsletter', label: 'Send me news and offers' },
  ],
  buttons: { submit: 'Send Message' },
  emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'contact' },
  metadata: { source: 'contact-page' },
};
