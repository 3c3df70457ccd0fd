import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SESSION_CHANGED_EVENT, type AccountAddress } from '@storefront/contracts';
import { LocationProbe } from '@storefront/ui/testing';

/** Renders `element` at `path` (a route pattern) for the address `entry`, with the router's address shown. */
export function renderRoute(entry: string, path: string, element: ReactElement, extraRoutes: { path: string; element: ReactElement }[] = []) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path={path} element={element} />
        {extraRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** Counts SESSION_CHANGED_EVENT on window until `stop()`. */
export function listenForSessionChanges(): { count(): number; stop(): void } {
  let count = 0;
  const listener = () => (count += 1);
  window.addEventListener(SESSION_CHANGED_EVENT, listener);
  return { count: () => count, stop: () => window.removeEventListener(SESSION_CHANGED_EVENT, listener) };
}

/** The body a fake fetch was called with, parsed. */
export function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}

/** Sets (or, with undefined, removes) a cookie of jsdom's document. */
export function setCookie(name: string, value: string | undefined): void {
  document.cookie = value === undefined ? `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/` : `${name}=${encodeURIComponent(value)}; path=/`;
}

export function savedAddress(overrides: Partial<AccountAddress> = {}): AccountAddress {
  return {
    id: 'addr-1',
    firstName: 'Ann',
    lastName: 'Lee',
    company: 'Lee Kitchens',
    street1: '1 Main St',
    street2: 'Suite 4',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    countryId: 'US',
    phoneNumber: '5125550100',
    isDefaultShipping: false,
    isDefaultBilling: false,
    status: 'unverified',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
