import { BadRequestException } from '@nestjs/common';
import type { FormDefinition } from '@storefront/contracts';
import { fieldsToValidate, parseSubmission } from './submission-request.js';

describe('parseSubmission', () => {
  it('keeps the form data and drops any recipient the browser tries to set', () => {
    expect(
      parseSubmission('contact', {
        name: 'contact',
        formData: { email: 'a@b.co' },
        metadata: { page: '/contact', recipient: 'x@evil.test', CC: 'y@evil.test', adminEmails: ['z@evil.test'] },
        emailNotifications: { sendSuccessEmail: true, recipient: 'x@evil.test' },
      }),
    ).toEqual({ name: 'contact', formData: { email: 'a@b.co' }, metadata: { page: '/contact' } });
  });

  it.each([
    [null, 'Request body must be a JSON object'],
    [[], 'Request body must be a JSON object'],
    [{ formData: {} }, 'name is required: the name of the form being submitted'],
    [{ name: 'dealer', formData: {} }, 'Form name "dealer" does not match the form "contact" in the address'],
    [{ name: 'contact' }, 'formData is required'],
    [{ name: 'contact', formData: {}, metadata: 'x' }, 'metadata must be an object'],
    [{ name: 'contact', formData: {}, id: 42 }, 'id must be the id returned by the previous step'],
  ])('rejects %j with a clear message', (body, message) => {
    expect(() => parseSubmission('contact', body)).toThrow(BadRequestException);
    expect(() => parseSubmission('contact', body)).toThrow(message);
  });
});

describe('fieldsToValidate', () => {
  const single = { name: 'contact', fields: [{ name: 'email', type: 'email' }], buttons: { submit: 'Send' } } as FormDefinition;
  const multi = {
    ...single,
    fields: [],
    steps: [{ fields: [{ name: 'fullName', type: 'text' }] }, { fields: [{ name: 'layout', type: 'text' }] }],
  } as unknown as FormDefinition;

  it('checks every field of a single-step form', () => {
    expect(fieldsToValidate(single, {}).map((f) => f.name)).toEqual(['email']);
  });

  it('checks the step the values belong to, the first step when none match', () => {
    expect(fieldsToValidate(multi, { layout: 'L' }).map((f) => f.name)).toEqual(['layout']);
    expect(fieldsToValidate(multi, {}).map((f) => f.name)).toEqual(['fullName']);
  });
});
