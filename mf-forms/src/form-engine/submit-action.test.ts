import { submitActionOf } from './submit-action.js';

describe('submitActionOf', () => {
  it('reads a known actions.submit', () => {
    expect(submitActionOf({ actions: { submit: 'account-registration' } })).toBe('account-registration');
  });

  it.each([
    ['no actions', {}],
    ['actions without submit', { actions: {} }],
    ['an unknown action', { actions: { submit: 'launch-rocket' } }],
    ['a non-text action', { actions: { submit: { url: '/api/x' } } }],
  ])('sends to the forms service with %s', (_what, definition) => {
    expect(submitActionOf(definition)).toBe('form-submission');
  });
});
