import { Logger } from '@nestjs/common';
import { UpstreamCircuitOpenError } from '@storefront/service-kit';
import { readGatewayConfig } from '../config.js';
import { type LocalServer, startLocalServer } from '../testing/local-server.js';
import { GatewayUpstreams } from '../upstreams.js';
import { upstreamFetcher } from './page-renderer.js';

Logger.overrideLogger(false);

/** A port nothing listens on, outside the range the system hands out for port 0 (no other suite's server takes it). */
const GONE = 'http://127.0.0.1:4893';

/** A real server standing in for a content replica: answers with its name and the trace headers it got. */
function replica(name: string): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ replica: name, url: req.url, requestId: req.headers['x-request-id'] }));
  });
}

describe("the page renderer's data calls", () => {
  const closing: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((one) => one.close()));
  });
  const upstreamsFor = (contentUrls: string[]) => {
    const upstreams = new GatewayUpstreams(readGatewayConfig({ CONTENT_SERVICE_URL: contentUrls.join(','), CIRCUIT_MIN_CALLS: '2' }));
    closing.push(upstreams);
    return upstreams;
  };
  const init = () => ({ signal: AbortSignal.timeout(2000), headers: { accept: 'application/json' } });

  it('take the replicas in turn, in the page request’s trace', async () => {
    const a = await replica('a');
    const b = await replica('b');
    closing.push(a, b);
    const fetchApi = upstreamFetcher(upstreamsFor([a.url, b.url]), { 'x-request-id': 'req-page-1' });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await (await fetchApi('/api/content/site', init())).json());
    expect(answers).toEqual([
      { replica: 'a', url: '/api/content/site', requestId: 'req-page-1' },
      { replica: 'b', url: '/api/content/site', requestId: 'req-page-1' },
      { replica: 'a', url: '/api/content/site', requestId: 'req-page-1' },
    ]);
  });

  it('pass a replica that cannot be connected to, then its open breaker', async () => {
    const b = await replica('b');
    closing.push(b);
    const upstreams = upstreamsFor([GONE, b.url]);
    const fetchApi = upstreamFetcher(upstreams, {});
    for (let i = 0; i < 4; i++) expect(await (await fetchApi('/api/content/site', init())).json()).toMatchObject({ replica: 'b' });
    expect(upstreams.services.content.replicas[0]!.breaker.state).toBe('open');
  });

  it('fail with the connection error when no replica answers, and at once once the breakers are open', async () => {
    const fetchApi = upstreamFetcher(upstreamsFor([GONE]), {});
    await expect(fetchApi('/api/content/site', init())).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
    await expect(fetchApi('/api/content/site', init())).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
    await expect(fetchApi('/api/content/site', init())).rejects.toBeInstanceOf(UpstreamCircuitOpenError);
  });
});
