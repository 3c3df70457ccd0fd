import { Controller, HttpStatus, Inject, Res } from '@nestjs/common';
import { type HealthBody, type ResponseOf, type UpstreamHealth, gatewayRoutes } from '@storefront/contracts';
import { Route } from '@storefront/service-kit';
import type { Response } from 'express';
import type { GatewayConfig, ServiceName } from './config.js';
import { GATEWAY_CONFIG } from './tokens.js';

type UpstreamsHealthBody = ResponseOf<typeof gatewayRoutes.upstreams>;

async function check(baseUrl: string): Promise<UpstreamHealth> {
  const url = `${baseUrl}/health`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    const health = (await response.json().catch(() => undefined)) as HealthBody | undefined;
    return { url, state: response.ok ? 'up' : 'down', httpStatus: response.status, ...(health ? { health } : {}) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { url, state: 'down', error: cause?.code ?? (error as Error).name };
  }
}

@Controller()
export class UpstreamsController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Every service's /health, asked in parallel; 503 when any is down. */
  @Route(gatewayRoutes.upstreams)
  async upstreams(@Res({ passthrough: true }) res: Response): Promise<UpstreamsHealthBody> {
    const entries = await Promise.all(
      (Object.entries(this.config.upstreams) as [ServiceName, string][]).map(
        async ([name, url]) => [name, await check(url)] as const,
      ),
    );
    const upstreams = Object.fromEntries(entries) as Record<ServiceName, UpstreamHealth>;
    const allUp = entries.every(([, health]) => health.state === 'up');
    res.setHeader('Cache-Control', 'no-store');
    res.status(allUp ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: allUp ? 'ok' : 'degraded', upstreams };
  }
}
