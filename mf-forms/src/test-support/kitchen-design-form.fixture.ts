import type { FormDefinition, FormStep } from '@storefront/contracts';

/** A three-step form shaped like content/forms/free-kitchen-design.json, small enough for unit tests. */
export const kitchenDesignForm: FormDefinition & { steps: FormStep[] } = {
  name: 'free-kitchen-design',
  title: 'Get Your Free Kitchen Design',
  fields: [],
  steps: [
    {
      title: 'About You',
      subTitle: 'Step 1 of 3',
      fields: [
        { name: 'firstName', type: 'text', label: 'First Name', required: true },
        { name: 'email', type: 'email', label: 'Email', required: true },
      ],
      actions: { next: { text: 'Next' } },
    },
    {
      title: 'Your Kitchen',
      fields: [{ name: 'kitchenLayout', type: 'select', label: 'Kitchen Layout', required: true, options: [{ label: 'L-shape', value: 'l-shape' }, { label: 'Galley', value: 'galley' }] }],
      actions: { back: { text: 'Back' }, next: { text: 'Next' } },
    },
    {
      title: 'Measurements & Photos',
      fields: [{ name: 'notes', type: 'textarea', label: 'Anything Else?', maxLength: 200 }],
      disclaimer: 'See our <a href="/privacy-policy">Privacy Policy</a>.',
      actions: { back: { text: 'Back' }, submit: { text: 'Get My Free Design' } },
    },
  ],
  buttons: { submit: 'Get My Free Design' },
  emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'free-kitchen-design' },
  metadata: { source: 'test' },
};
