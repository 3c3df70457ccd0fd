import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RequestCookiesContext, parseCookieHeader, useRequestCookie } from './request-cookies.js';

describe('parseCookieHeader', () => {
  it('reads names and decoded values, ignoring junk', () => {
    expect(parseCookieHeader('a=1; sf_sample_count=3;b=hello%20there; =x; junk')).toEqual({ a: '1', sf_sample_count: '3', b: 'hello there' });
    expect(parseCookieHeader(undefined)).toEqual({});
    expect(parseCookieHeader('a=%E0%A4%A; a=2')).toEqual({ a: '%E0%A4%A' });
  });
});

describe('useRequestCookie', () => {
  afterEach(() => {
    document.cookie = 'sf_test=; Max-Age=0; Path=/';
  });

  it('answers from the rendered request when the server provides it', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RequestCookiesContext.Provider value={{ sf_test: 'server' }}>{children}</RequestCookiesContext.Provider>
    );
    expect(renderHook(() => useRequestCookie('sf_test'), { wrapper }).result.current).toBe('server');
  });

  it("answers from the browser's cookies otherwise", () => {
    document.cookie = 'sf_test=browser; Path=/';
    expect(renderHook(() => useRequestCookie('sf_test')).result.current).toBe('browser');
    expect(renderHook(() => useRequestCookie('missing')).result.current).toBeUndefined();
  });
});
