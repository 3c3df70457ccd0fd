/**
 * @jest-environment node
 */
// The audit log, staff and account screens on the server: staff data is per visitor and the server
// renders without the visitor's cookies, so nothing is asked during the render and each screen
// draws the back office's loading state (useBrowserCall asks once the page is live).
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ADMIN_PATHS } from '@storefront/contracts';
import AccountPage from '../account/AccountPage';
import AuditPage from '../audit/AuditPage';
import StaffPage from '../staff/StaffPage';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

it.each([
  ['the audit log', `${ADMIN_PATHS.audit}?action=order.`, ADMIN_PATHS.audit, <AuditPage key="audit" />, 'Audit log'],
  ['staff', ADMIN_PATHS.staff, ADMIN_PATHS.staff, <StaffPage key="staff" />, 'Staff'],
  ['my account', ADMIN_PATHS.account, ADMIN_PATHS.account, <AccountPage key="account" />, 'My account'],
] as [string, string, string, ReactElement, string][])('%s draws its loading state and asks for nothing', (_name, url, path, page, title) => {
  const fetch = jest.fn();
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  const html = renderToString(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={page} />
      </Routes>
    </MemoryRouter>,
  );
  expect(html).toContain(`<h1`);
  expect(html).toContain(title);
  expect(html).toContain('Loading the back office…');
  expect(html).not.toContain('role="alertdialog"');
  expect(fetch).not.toHaveBeenCalled();
});
