import type { SampleCartResult } from '@storefront/sample-cart';
import { orderSamples, SELECT_ONE_TEXT } from './sample-ordering';

const added = (name: string): SampleCartResult => ({ ok: true, status: 'added', message: `Item ${name} has been successfully added.` });

describe('orderSamples', () => {
  it('adds a single sample directly, chosen or not', () => {
    const add = jest.fn(added);
    expect(orderSamples(['Door A'], () => false, add)).toEqual({ type: 'success', messages: ['Item Door A has been successfully added.'] });
    expect(add).toHaveBeenCalledWith('Door A');
  });

  it('asks for at least one when there are several and none is chosen', () => {
    const add = jest.fn(added);
    expect(orderSamples(['Door A', 'Door B'], () => false, add)).toEqual({ type: 'error', messages: [SELECT_ONE_TEXT] });
    expect(add).not.toHaveBeenCalled();
  });

  it('adds only the chosen ones and reports a refusal as an error with every message', () => {
    const add = (name: string): SampleCartResult =>
      name === 'Door B' ? { ok: false, status: 'max-quantity', message: 'You can order maximum 1 quantity of item "Door B".' } : added(name);
    expect(orderSamples(['Door A', 'Door B', 'Door C'], (name) => name !== 'Door C', add)).toEqual({
      type: 'error',
      messages: ['Item Door A has been successfully added.', 'You can order maximum 1 quantity of item "Door B".'],
    });
  });
});
