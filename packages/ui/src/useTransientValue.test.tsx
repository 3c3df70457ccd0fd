import { act, renderHook } from '@testing-library/react';
import { CHECKOUT_MESSAGE_MS, RESULT_MESSAGE_MS, useTransientValue } from './useTransientValue.js';

describe('useTransientValue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('uses the spec timeouts: 10 s for checkout errors, 5 s otherwise', () => {
    expect(CHECKOUT_MESSAGE_MS).toBe(10_000);
    expect(RESULT_MESSAGE_MS).toBe(5_000);
  });

  it('clears the value after its time; a new one restarts the clock', () => {
    const { result } = renderHook(() => useTransientValue<string>(CHECKOUT_MESSAGE_MS));
    act(() => result.current.show('Payment failed'));
    act(() => jest.advanceTimersByTime(9_000));
    act(() => result.current.show('Your card was declined.'));
    act(() => jest.advanceTimersByTime(9_000));
    expect(result.current.value).toBe('Your card was declined.');
    act(() => jest.advanceTimersByTime(1_000));
    expect(result.current.value).toBeUndefined();
  });

  it('clears at once on request', () => {
    const { result } = renderHook(() => useTransientValue<string>(RESULT_MESSAGE_MS));
    act(() => result.current.show('Sent'));
    act(() => result.current.clear());
    expect(result.current.value).toBeUndefined();
  });
});
