import { BadRequestException } from '@nestjs/common';
import type { FormDefinition } from '@storefront/contracts';
import { assertSubmissionNames, fieldsToValidate } from './submission-request.js';

describe('assertSubmissionNames', () => {
  it('refuses a body meant for another form', () => {
    expect(() => assertSubmissionNames('contact', { name: 'contact' })).not.toThrow();
    expect(() => assertSubmissionNames('contact', { name: 'dealer' })).toThrow(BadRequestException);
    expect(() => assertSubmissionNames('contact', { name: 'dealer' })).toThrow('Form name "dealer" does not match the form "contact" in the address');
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
