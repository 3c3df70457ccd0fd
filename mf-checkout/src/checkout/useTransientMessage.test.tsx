import { act, renderHook } from '@testing-library/react';
import { CHECKOUT_MESSAGE_MS, useTransientMessage } from './useTransientMessage.js';

describe('useTransientMessage', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('clears a checkout banner after 10 s; a new one restarts the clock', () => {
    expect(CHECKOUT_MESSAGE_MS).toBe(10_000);
    const { result } = renderHook(() => useTransientMessage());
    act(() => result.current.show({ type: 'error', text: 'Payment failed' }));
    act(() => jest.advanceTimersByTime(9_000));
    act(() => result.current.show({ type: 'error', text: 'Your card was declined.' }));
    act(() => jest.advanceTimersByTime(9_000));
    expect(result.current.message?.text).toBe('Your card was declined.');
    act(() => jest.advanceTimersByTime(1_000));
    expect(result.current.message).toBeNull();
  });
});
