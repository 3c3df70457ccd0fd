import { type ExecutionContext, HttpException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { AdminKeyGuard, AdminRateLimitGuard, adminCallerOf, type AdminCaller, type AdminCredentials } from './admin-token.guard.js';

/** A request as the guards see it, and the headers they set on the answer. */
function call() {
  const request = { method: 'GET', path: '/api/admin/quotes', headers: {} };
  const answered: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (answered[name] = value) };
  const context = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }), getHandler: () => function handler() {} } as unknown as ExecutionContext;
  return { context, request, answered };
}

async function refusal(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** Credentials that record what the guards asked, answering as told. */
function credentials(answers: { throttle?: () => void; authenticate?: () => AdminCaller }) {
  const asked: string[] = [];
  const store: AdminCredentials = {
    throttle: async () => {
      asked.push('throttle');
      answers.throttle?.();
    },
    authenticate: async () => {
      asked.push('authenticate');
      if (!answers.authenticate) throw new UnauthorizedException('no key');
      return answers.authenticate();
    },
  };
  return { store, asked };
}

describe('the admin guards', () => {
  it('answer 404 (never cached) in a service that supplies no admin credentials', async () => {
    for (const guard of [new AdminRateLimitGuard(), new AdminKeyGuard()]) {
      const { context } = call();
      expect(await refusal(guard.canActivate(context))).toBeInstanceOf(NotFoundException);
    }
    const { context, answered } = call();
    await refusal(new AdminRateLimitGuard().canActivate(context));
    expect(answered['Cache-Control']).toBe('no-store');
  });

  it('throttle first and refuse with the throttle\'s answer, marking it no-store', async () => {
    const tooMany = new HttpException('Too many requests', 429);
    const { store, asked } = credentials({
      throttle: () => {
        throw tooMany;
      },
    });
    const { context, answered } = call();
    expect(await refusal(new AdminRateLimitGuard(store).canActivate(context))).toBe(tooMany);
    expect(asked).toEqual(['throttle']);
    expect(answered['Cache-Control']).toBe('no-store');
  });

  it('hand the key\'s holder to the handler', async () => {
    const { store, asked } = credentials({ authenticate: () => ({ kind: 'api-key', id: 'k-1', name: 'reliability-harness', role: 'manager' }) });
    const { context, request } = call();
    expect(await new AdminRateLimitGuard(store).canActivate(context)).toBe(true);
    expect(await new AdminKeyGuard(store).canActivate(context)).toBe(true);
    expect(asked).toEqual(['throttle', 'authenticate']);
    expect(adminCallerOf(request as never)).toEqual({ kind: 'api-key', id: 'k-1', name: 'reliability-harness', role: 'manager' });
  });

  it('pass on the refusal of a wrong key, naming no caller', async () => {
    const { store } = credentials({});
    const { context, request } = call();
    expect(await refusal(new AdminKeyGuard(store).canActivate(context))).toBeInstanceOf(UnauthorizedException);
    expect(() => adminCallerOf(request as never)).toThrow(/did not pass AdminKeyGuard/);
  });
});
