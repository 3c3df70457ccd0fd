import { BadRequestException } from '@nestjs/common';
import { envelopeFromEncodedBody } from './encoded-body.js';

describe('envelopeFromEncodedBody', () => {
  it('reads the text parts as text and the JSON parts as JSON', () => {
    expect(
      envelopeFromEncodedBody({
        name: 'claim',
        id: '',
        recaptchaToken: 'tok',
        formData: '{"email":"a@b.co","count":2}',
        metadata: '{"page":"/claim"}',
        totalPrice: '{"min":1,"max":2}',
        stranger: 'dropped',
      }),
    ).toEqual({ name: 'claim', id: '', recaptchaToken: 'tok', formData: { email: 'a@b.co', count: 2 }, metadata: { page: '/claim' }, totalPrice: { min: 1, max: 2 } });
  });

  it('takes formData[field]=value already nested by the parser', () => {
    const nested = Object.assign(Object.create(null) as object, { email: 'a@b.co' });
    expect(envelopeFromEncodedBody({ name: 'contact', formData: nested })).toEqual({ name: 'contact', formData: { email: 'a@b.co' } });
  });

  it.each([
    [{ formData: '{"email":' }, 'formData must be JSON text'],
    [{ formData: ['{}', '{}'] }, 'formData must be sent once, as JSON text'],
    [{ name: ['a', 'b'] }, 'name must be sent once, as text'],
  ])('answers 400 for %j', (body, message) => {
    expect(() => envelopeFromEncodedBody(body)).toThrow(BadRequestException);
    expect(() => envelopeFromEncodedBody(body)).toThrow(message);
  });
});
