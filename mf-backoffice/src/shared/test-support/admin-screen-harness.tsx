// Test-only helpers for the back office's screens (never imported by a page): a router around a
// screen, and fake answers that are refused unless they are exactly what the contract says.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ADMIN_PATHS, adminApi, adminRoutes, apiErrorBodySchema, apiUrl, type ApiErrorBody, type ResponseOf, type RouteSpec, type StaffMe } from '@storefront/contracts';
import { LocationProbe, type FakeAnswer } from '@storefront/ui/testing';

/** Keys the schema does not name (yup's object() lets them through; a real answer never has them). */
function unknownKeys(schema: unknown, value: unknown, path: string): string[] {
  const shape = schema as { type?: string; fields?: Record<string, unknown>; innerType?: unknown };
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (shape.type === 'object' && shape.fields && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const fields = shape.fields;
    return Object.entries(value).flatMap(([key, inner]) => (key in fields ? unknownKeys(fields[key], inner, at(key)) : [at(key)]));
  }
  if (shape.type === 'array' && shape.innerType && Array.isArray(value)) return value.flatMap((item, index) => unknownKeys(shape.innerType, item, `${path}[${index}]`));
  return [];
}

function assertShape(schema: NonNullable<RouteSpec['response']>, body: unknown, what: string): void {
  try {
    // strict: nothing cast or defaulted, as routes/responses.test.ts holds the services' real answers
    schema.validateSync(body, { strict: true, abortEarly: false });
  } catch (error) {
    throw new Error(`The fake answer of ${what} breaks its schema: ${((error as { errors?: string[] }).errors ?? [String(error)]).join('; ')}`, { cause: error });
  }
  const extra = unknownKeys(schema, body, '');
  if (extra.length > 0) throw new Error(`The fake answer of ${what} has fields its schema does not name: ${extra.join(', ')}`);
}

/** A success answer of `route` (its own status: 201 for a create), checked against the route's response schema. */
export function answerOf<R extends RouteSpec>(route: R, body: ResponseOf<R>): FakeAnswer {
  if (!route.response) throw new Error(`${route.method} ${route.path} has no response schema`);
  assertShape(route.response, body, `${route.method} ${route.path}`);
  return { status: route.status ?? 200, body };
}

/** An error answer as every service sends it (ApiErrorBody), checked against its schema. */
export function refusalOf(status: number, message: string, errors?: Record<string, string>): FakeAnswer {
  const body: ApiErrorBody = { success: false, statusCode: status, message, ...(errors && { errors }) };
  assertShape(apiErrorBodySchema, body, `a ${status} refusal`);
  return { status, body };
}

/** A signed-in manager, unless told otherwise. */
export function staffMe(overrides: Partial<StaffMe> = {}): StaffMe {
  return {
    kind: 'staff',
    id: 'a0f1c2d3-0000-4000-8000-000000000001',
    name: 'Maria Chen',
    email: 'maria@example.com',
    role: 'manager',
    twoFactor: true,
    recoveryCodesLeft: 7,
    sessionExpiresAt: '2026-11-29T22:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/admin/me answering `me`, for the routes of installFakeFetch. */
export function meRoute(me: StaffMe = staffMe()): Record<string, FakeAnswer> {
  return { [apiUrl(adminApi.me)]: answerOf(adminRoutes.me, { me }) };
}

/** Renders a screen at `entry` (its route pattern `path`), the sign-in page and the dashboard as markers, and the router's address. */
export function renderScreen(entry: string, path: string, element: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path={path} element={element} />
        <Route path={ADMIN_PATHS.signIn} element={<p>The sign-in page</p>} />
        <Route path={ADMIN_PATHS.home} element={<p>The dashboard</p>} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** The JSON body a fake fetch was called with. */
export function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}

/** The calls a fake fetch took, as method and URL ("PATCH /api/admin/staff/…"), with their bodies. */
export function requestsOf(fetch: jest.Mock): { request: string; body: unknown }[] {
  return (fetch.mock.calls as [string, RequestInit | undefined][]).map(([url, init]) => ({ request: `${init?.method ?? 'GET'} ${url}`, body: bodyOf(init) }));
}
