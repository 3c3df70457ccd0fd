import { Registry } from 'prom-client';
import { HttpMetrics } from './http-metrics.js';

/** The exposition's value of one line, found by its name and labels as printed. */
function valueOf(text: string, line: string): number {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  if (!found) throw new Error(`no line ${line}`);
  return Number(found.slice(line.length + 1));
}

describe('HttpMetrics', () => {
  it('counts each duration in the buckets Prometheus expects (le is inclusive, cumulative, +Inf is the count)', async () => {
    const registry = new Registry();
    const metrics = new HttpMetrics(registry);
    for (const seconds of [0.0005, 0.0007, 0.003, 0.2, 42]) metrics.record('GET', '/api/x', 200, seconds);
    metrics.record('POST', '/api/x', 400, 0.01);
    const text = await registry.metrics();
    const bucket = (le: string) => valueOf(text, `storefront_http_request_duration_seconds_bucket{le="${le}",method="GET",route="/api/x"}`);
    expect(bucket('0.0005')).toBe(1);
    expect(bucket('0.001')).toBe(2);
    expect(bucket('0.005')).toBe(3);
    expect(bucket('0.25')).toBe(4);
    expect(bucket('10')).toBe(4);
    expect(bucket('+Inf')).toBe(5);
    expect(valueOf(text, 'storefront_http_request_duration_seconds_count{method="GET",route="/api/x"}')).toBe(5);
    expect(valueOf(text, 'storefront_http_request_duration_seconds_sum{method="GET",route="/api/x"}')).toBeCloseTo(42.2042, 6);
    expect(valueOf(text, 'storefront_http_requests_total{method="POST",route="/api/x",status="400"}')).toBe(1);
    expect(valueOf(text, 'storefront_http_request_duration_seconds_count{method="POST",route="/api/x"}')).toBe(1);
  });
});
