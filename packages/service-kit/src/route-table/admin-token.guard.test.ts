import { type ExecutionContext, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { ADMIN_TOKEN_MESSAGE, AdminTokenGuard } from './admin-token.guard.js';

const TOKEN = 'an-admin-secret-of-at-least-32-characters';

/** A request as the guard sees it, and the headers it sets on the answer. */
function call(headers: Record<string, string> = {}) {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const request = { method: 'GET', path: '/api/admin/quotes', headers: lower, get: (name: string) => lower[name.toLowerCase()] };
  const answered: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (answered[name] = value) };
  const context = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ExecutionContext;
  return { context, answered };
}

function refusal(context: ExecutionContext): unknown {
  try {
    new AdminTokenGuard().canActivate(context);
    return undefined;
  } catch (error) {
    return error;
  }
}

const saved = process.env.ADMIN_API_TOKEN;
afterEach(() => {
  if (saved === undefined) delete process.env.ADMIN_API_TOKEN;
  else process.env.ADMIN_API_TOKEN = saved;
});

describe('AdminTokenGuard', () => {
  it('answers 404 while ADMIN_API_TOKEN is unset or blank, even to a bearer (the routes are switched off)', () => {
    for (const value of [undefined, '', '   ']) {
      if (value === undefined) delete process.env.ADMIN_API_TOKEN;
      else process.env.ADMIN_API_TOKEN = value;
      const { context, answered } = call({ Authorization: `Bearer ${TOKEN}` });
      expect(refusal(context)).toBeInstanceOf(NotFoundException);
      expect(answered['Cache-Control']).toBe('no-store');
    }
  });

  it('accepts the bearer token (scheme in any case) and marks the answer no-store', () => {
    process.env.ADMIN_API_TOKEN = TOKEN;
    for (const header of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
      const { context, answered } = call({ Authorization: header });
      expect(new AdminTokenGuard().canActivate(context)).toBe(true);
      expect(answered['Cache-Control']).toBe('no-store');
    }
  });

  it.each([
    ['no header', {}],
    ['a wrong token', { Authorization: 'Bearer not-the-admin-token' }],
    ['the token with one more character', { Authorization: `Bearer ${TOKEN}x` }],
    ['another scheme', { Authorization: `Basic ${TOKEN}` }],
    ['the bare token', { Authorization: TOKEN }],
  ])('answers 401 to %s', (_, headers) => {
    process.env.ADMIN_API_TOKEN = TOKEN;
    const error = refusal(call(headers).context);
    expect(error).toBeInstanceOf(UnauthorizedException);
    expect((error as UnauthorizedException).message).toBe(ADMIN_TOKEN_MESSAGE);
  });
});
