import { type ExecutionContext, UnauthorizedException } from '@nestjs/common';
import { INTERNAL_TOKEN_HEADER, INTERNAL_TOKEN_MESSAGE, InternalTokenGuard, isLoopbackAddress } from './internal-token.guard.js';

const TOKEN = 'a-shared-secret-of-at-least-32-characters';

/** A request as the guard sees it: the socket's remote address, headers, and a forwarded-for header to ignore. */
function call(remoteAddress: string, headers: Record<string, string> = {}): ExecutionContext {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const request = { socket: { remoteAddress }, headers: lower, get: (name: string) => lower[name.toLowerCase()] };
  return { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
}

function refusal(context: ExecutionContext): unknown {
  try {
    new InternalTokenGuard().canActivate(context);
    return undefined;
  } catch (error) {
    return error;
  }
}

const saved = { token: process.env.INTERNAL_API_TOKEN, nodeEnv: process.env.NODE_ENV };
afterEach(() => {
  for (const [name, value] of [['INTERNAL_API_TOKEN', saved.token], ['NODE_ENV', saved.nodeEnv]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('InternalTokenGuard without INTERNAL_API_TOKEN (development)', () => {
  beforeEach(() => {
    delete process.env.INTERNAL_API_TOKEN;
  });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('accepts a call from this machine (%s)', (address) => {
    expect(new InternalTokenGuard().canActivate(call(address))).toBe(true);
  });

  it.each(['10.0.0.7', '172.18.0.3', '192.168.1.20', '::ffff:10.0.0.7', 'fe80::1'])('answers 401 to a call from %s', (address) => {
    const error = refusal(call(address));
    expect(error).toBeInstanceOf(UnauthorizedException);
    expect((error as UnauthorizedException).getStatus()).toBe(401);
    expect((error as UnauthorizedException).message).toBe(INTERNAL_TOKEN_MESSAGE);
  });

  it('never believes X-Forwarded-For', () => {
    expect(refusal(call('10.0.0.7', { 'X-Forwarded-For': '127.0.0.1' }))).toBeInstanceOf(UnauthorizedException);
  });

  it('accepts nobody in production, not even this machine (a service that needs no token serves no internal calls)', () => {
    process.env.NODE_ENV = 'production';
    expect(refusal(call('127.0.0.1'))).toBeInstanceOf(UnauthorizedException);
  });
});

describe('InternalTokenGuard with INTERNAL_API_TOKEN set', () => {
  beforeEach(() => {
    process.env.INTERNAL_API_TOKEN = TOKEN;
  });

  it('answers 401 without the token or with a wrong one, from anywhere (this machine included)', () => {
    for (const context of [call('10.0.0.7'), call('127.0.0.1'), call('10.0.0.7', { [INTERNAL_TOKEN_HEADER]: 'wrong' })]) {
      const error = refusal(context);
      expect(error).toBeInstanceOf(UnauthorizedException);
      expect((error as UnauthorizedException).message).toBe(INTERNAL_TOKEN_MESSAGE);
    }
  });

  it('accepts the token from another machine', () => {
    expect(new InternalTokenGuard().canActivate(call('10.0.0.7', { [INTERNAL_TOKEN_HEADER]: TOKEN }))).toBe(true);
  });
});

describe('isLoopbackAddress', () => {
  it('knows only the socket forms of this machine', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([true, true, true]);
    expect([undefined, '', 'localhost', '0.0.0.0', '127.0.0.1, 10.0.0.7'].map(isLoopbackAddress)).toEqual([false, false, false, false, false]);
  });
});
