import { BadRequestException } from '@nestjs/common';
import { parseSendEmailRequest } from './send-email-request.js';

function problem(body: unknown): unknown {
  try {
    parseSendEmailRequest(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse();
  }
  throw new Error('expected a 400');
}

describe('parseSendEmailRequest', () => {
  it('keeps only the type and the order id, whatever else the browser sends', () => {
    expect(
      parseSendEmailRequest({
        type: 'order-confirmation',
        data: { orderId: ' SF-100001 ', total: 0.01, items: [] },
        recipient: 'someone@elsewhere.example',
        cc: ['more@elsewhere.example'],
        subject: 'Hello',
        isAdmin: true,
      }),
    ).toEqual({ type: 'order-confirmation', orderId: 'SF-100001' });
  });

  it('refuses an unknown type, a missing order id and a body that is not an object', () => {
    expect(problem({ type: 'newsletter', data: { orderId: 'SF-1' } })).toMatchObject({ message: expect.stringContaining('type must be one of') });
    expect(problem({ type: 'order-confirmation', data: {} })).toMatchObject({ message: 'Order ID is required' });
    expect(problem({ type: 'order-confirmation' })).toMatchObject({ message: 'Order ID is required' });
    expect(problem(['order-confirmation'])).toMatchObject({ message: expect.stringContaining('type must be one of') });
    expect(problem({ type: 'order-confirmation', data: { orderId: 'x'.repeat(65) } })).toMatchObject({ message: 'Order ID is invalid' });
  });
});
