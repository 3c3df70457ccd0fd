import { UpstreamBreaker, UpstreamCircuitOpenError, readCircuitBreakerSettings } from './circuit-breaker.js';

const settings = { errorThresholdPercentage: 50, volumeThreshold: 4, rollingCountTimeoutMs: 10000, resetTimeoutMs: 200 };
const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));

describe('UpstreamBreaker', () => {
  const made: UpstreamBreaker[] = [];
  const breaker = (options: Partial<ConstructorParameters<typeof UpstreamBreaker>[0]> = {}) => {
    const made1 = new UpstreamBreaker({ upstream: 'orders', settings, ...options });
    made.push(made1);
    return made1;
  };
  afterEach(() => made.splice(0).forEach((b) => b.shutdown()));

  it('passes results and errors through while the upstream answers', async () => {
    const orders = breaker();
    await expect(orders.run(async () => 42)).resolves.toBe(42);
    await expect(orders.run(refused)).rejects.toThrow('ECONNREFUSED');
    expect(orders.state).toBe('closed');
  });

  it('opens after enough failures, then refuses without calling the upstream, then lets a trial call close it', async () => {
    const orders = breaker();
    for (let i = 0; i < 4; i++) await orders.run(refused).catch(() => undefined);
    expect(orders.state).toBe('open');
    const call = jest.fn(async () => 'answered');
    await expect(orders.run(call)).rejects.toBeInstanceOf(UpstreamCircuitOpenError);
    expect(call).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(orders.state).toBe('half-open');
    await expect(orders.run(call)).resolves.toBe('answered');
    expect(orders.state).toBe('closed');
  });

  it('does not count errors that are the caller’s (a 4xx, a declined card)', async () => {
    const orders = breaker({ isUpstreamFailure: (error) => (error as { status?: number }).status !== 400 });
    for (let i = 0; i < 8; i++) await orders.run(() => Promise.reject(Object.assign(new Error('bad'), { status: 400 }))).catch(() => undefined);
    expect(orders.state).toBe('closed');
  });

  it('bounds a call when given a timeout', async () => {
    const orders = breaker({ timeoutMs: 50 });
    await expect(orders.run(() => new Promise((resolve) => setTimeout(resolve, 1000).unref()))).rejects.toThrow(/Timed out/);
  });

  it('reads its settings from the environment and names a bad variable', () => {
    expect(readCircuitBreakerSettings({ CIRCUIT_RESET_MS: '2000' }).resetTimeoutMs).toBe(2000);
    expect(() => readCircuitBreakerSettings({ CIRCUIT_ERROR_PERCENT: '0' })).toThrow(/CIRCUIT_ERROR_PERCENT/);
  });
});
