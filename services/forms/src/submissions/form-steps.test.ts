import type { FormDefinition } from '@storefront/contracts';
import { completesSubmission, submittedStepIndex } from './form-steps.js';

const threeSteps = {
  steps: [
    { title: 'You', fields: [{ name: 'email', type: 'email' }] },
    { title: 'Kitchen', fields: [{ name: 'layout', type: 'select' }] },
    { title: 'Photos', fields: [{ name: 'notes', type: 'textarea' }, { name: 'photos', type: 'file' }] },
  ],
} as unknown as FormDefinition;

describe('completesSubmission (the server decides from the definition)', () => {
  it('a single-step form is complete with every submit', () => {
    expect(completesSubmission({ steps: undefined }, { email: 'a@b.co' })).toBe(true);
    expect(completesSubmission({ steps: [] }, {})).toBe(true);
    expect(submittedStepIndex({}, {})).toBeNull();
  });

  it('a multi-step form is complete only when the values belong to its last step', () => {
    expect(completesSubmission(threeSteps, { email: 'a@b.co' })).toBe(false);
    expect(completesSubmission(threeSteps, { layout: 'l-shape' })).toBe(false);
    expect(completesSubmission(threeSteps, { notes: 'Corner sink' })).toBe(true);
    expect(submittedStepIndex(threeSteps, { photos: [] })).toBe(2);
  });

  it('values matching no step count as the first step, never as the last', () => {
    expect(submittedStepIndex(threeSteps, { stranger: 1 })).toBe(0);
    expect(completesSubmission(threeSteps, null)).toBe(false);
  });
});
