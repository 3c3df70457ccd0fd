import { checkRouteInput } from '../http/route-input.js';
import { formRoutes } from './routes.js';

function envelope(value: unknown) {
  return checkRouteInput(formRoutes.submit.body, value, { part: 'body' });
}

describe('POST /api/forms/:formName envelope', () => {
  it('keeps the form data and drops any recipient the browser tries to set in metadata', () => {
    expect(
      envelope({
        name: 'contact',
        formData: { email: 'a@b.co' },
        metadata: { page: '/contact', recipient: 'x@evil.test', CC: 'y@evil.test', adminEmails: ['z@evil.test'] },
        emailNotifications: { sendSuccessEmail: true },
        unknownPart: 1,
      }),
    ).toEqual({ ok: true, value: { name: 'contact', formData: { email: 'a@b.co' }, metadata: { page: '/contact' }, emailNotifications: { sendSuccessEmail: true } } });
  });

  it('reads an empty or null id as no id (a first step)', () => {
    expect(envelope({ name: 'contact', formData: {}, id: '' })).toEqual({ ok: true, value: { name: 'contact', formData: {} } });
    expect(envelope({ name: 'contact', formData: {}, id: null })).toEqual({ ok: true, value: { name: 'contact', formData: {} } });
  });

  it.each([
    [null, 'Request body must be a JSON object'],
    [[], 'Request body must be a JSON object'],
    [{ formData: {} }, 'name is required: the name of the form being submitted'],
    [{ name: '  ', formData: {} }, 'name is required: the name of the form being submitted'],
    [{ name: 'contact' }, 'formData is required'],
    [{ name: 'contact', formData: {}, metadata: 'x' }, 'metadata must be an object'],
    [{ name: 'contact', formData: {}, id: 42 }, 'id must be the id returned by the previous step'],
  ])('refuses %j with a clear message', (body, message) => {
    expect(envelope(body)).toMatchObject({ ok: false, problem: { message } });
  });
});
