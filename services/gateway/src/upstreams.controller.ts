import { Controller, HttpStatus, Inject, Res, UseGuards } from '@nestjs/common';
import { type HealthBody, type ReplicaHealth, type ResponseOf, type ServiceHealth, gatewayRoutes } from '@storefront/contracts';
import { MetricsTokenGuard, Route } from '@storefront/service-kit';
import type { Response } from 'express';
import type { ServiceName } from './config.js';
import { UPSTREAMS } from './tokens.js';
import type { GatewayUpstreams, Replica } from './upstreams.js';

type UpstreamsHealthBody = ResponseOf<typeof gatewayRoutes.upstreams>;

async function check(replica: Replica): Promise<ReplicaHealth> {
  const url = `${replica.url}/health`;
  // the probe itself does not go through the breaker: it must see a replica come back, and is no shopper's call
  const circuit = replica.breaker.state;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    const health = (await response.json().catch(() => undefined)) as HealthBody | undefined;
    return { url, state: response.ok ? 'up' : 'down', httpStatus: response.status, ...(health ? { health } : {}), circuit };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { url, state: 'down', error: cause?.code ?? (error as Error).name, circuit };
  }
}

@Controller()
export class UpstreamsController {
  constructor(@Inject(UPSTREAMS) private readonly gatewayUpstreams: GatewayUpstreams) {}

  /**
   * Every replica's /health, asked in parallel. A service is up while one of its replicas is; the
   * answer is 503 (degraded) when any replica is down, so a start-up check waits for all of them.
   * For monitoring only (the METRICS_TOKEN /metrics takes; without it, this machine in development):
   * each call asks every replica, so nobody else may make the gateway fan out.
   */
  @Route(gatewayRoutes.upstreams)
  @UseGuards(MetricsTokenGuard)
  async upstreams(@Res({ passthrough: true }) res: Response): Promise<UpstreamsHealthBody> {
    const entries = await Promise.all(
      Object.entries(this.gatewayUpstreams.services).map(async ([name, service]) => {
        const replicas = await Promise.all(service.replicas.map(check));
        const { circuit: _circuit, ...shown } = replicas.find((replica) => replica.state === 'up') ?? replicas[0]!;
        return [name, { ...shown, replicas }] as const;
      }),
    );
    const upstreams = Object.fromEntries(entries) as Record<ServiceName, ServiceHealth>;
    const allUp = entries.every(([, health]) => health.replicas.every((replica) => replica.state === 'up'));
    res.setHeader('Cache-Control', 'no-store');
    res.status(allUp ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: allUp ? 'ok' : 'degraded', upstreams };
  }
}
