import { Controller, type DynamicModule, Get, HttpStatus, Inject, Module, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { HealthBody, LivenessBody, ReadinessBody } from '@storefront/contracts';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { ServiceLifecycle } from './lifecycle.js';

const HEALTH_OPTIONS = Symbol('HEALTH_OPTIONS');
const DATABASE_CHECK_TIMEOUT_MS = 2000;

export interface HealthOptions {
  /** The service name reported in the body. */
  service: string;
  /** Shared with bootstrapService, which marks the shutdown (default: one of its own). */
  lifecycle?: ServiceLifecycle;
}

/** `promise`, or undefined when it takes longer than `ms`. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function databaseIsUp(dataSource: DataSource): Promise<boolean> {
  if (!dataSource.isInitialized) return false;
  try {
    return (await withTimeout(dataSource.query('SELECT 1').then(() => true), DATABASE_CHECK_TIMEOUT_MS)) ?? false;
  } catch {
    return false;
  }
}

@Controller('health')
class HealthController {
  private readonly startedAt = Date.now();

  /** once true it stays true: a migration is never un-run */
  private migrationsDone = false;

  constructor(
    @Inject(HEALTH_OPTIONS) private readonly options: HealthOptions,
    private readonly moduleRef: ModuleRef,
    private readonly lifecycle: ServiceLifecycle,
  ) {}

  /** The service's own DataSource when it has a database (the gateway has none). */
  private dataSource(): DataSource | undefined {
    try {
      return this.moduleRef.get(DataSource, { strict: false });
    } catch {
      return undefined;
    }
  }

  @Get()
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthBody> {
    const dataSource = this.dataSource();
    const database = dataSource ? ((await databaseIsUp(dataSource)) ? 'up' : 'down') : undefined;
    const body: HealthBody = {
      status: database === 'down' ? 'degraded' : 'ok',
      service: this.options.service,
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      ...(database ? { database } : {}),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.status(database === 'down' ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.OK);
    return body;
  }

  /** Liveness: the process answers. Asks nothing else, so a slow database never gets it restarted. */
  @Get('live')
  live(@Res({ passthrough: true }) res: Response): LivenessBody {
    res.setHeader('Cache-Control', 'no-store');
    return { status: 'ok', service: this.options.service, uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000) };
  }

  /**
   * Readiness: whether to send this process traffic. 503 from the moment shutdown begins, while the
   * database does not answer, or while a migration of its schema is pending; the gateway (no
   * database) is ready until it shuts down, whatever its upstreams' state (/health/upstreams).
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessBody> {
    res.setHeader('Cache-Control', 'no-store');
    const service = this.options.service;
    const unready = (reason: string, database?: 'up' | 'down'): ReadinessBody => {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'unready', service, ...(database ? { database } : {}), reason };
    };
    if (this.lifecycle.shuttingDown) return unready('shutting down');
    const dataSource = this.dataSource();
    if (!dataSource) return { status: 'ready', service };
    if (!(await databaseIsUp(dataSource))) return unready('database down', 'down');
    if (!this.migrationsDone) {
      const pending = await withTimeout(dataSource.showMigrations(), DATABASE_CHECK_TIMEOUT_MS).catch(() => undefined);
      if (pending === undefined) return unready('database down', 'down');
      if (pending) return unready('migrations pending', 'up');
      this.migrationsDone = true;
    }
    // shutdown may have begun while the database was asked
    if (this.lifecycle.shuttingDown) return unready('shutting down');
    return { status: 'ready', service, database: 'up' };
  }
}

/**
 * `GET /health` -> HealthBody; 503 with database "down" when the service's database does not answer
 * (kept as it was: `npm start`, the gateway's /health/upstreams). `GET /health/live` -> LivenessBody,
 * always 200 while the process turns; `GET /health/ready` -> ReadinessBody, 503 while shutting down,
 * the database is down or a migration is pending. Exports the ServiceLifecycle bootstrapService marks.
 */
@Module({})
export class HealthModule {
  static register(options: HealthOptions): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [
        { provide: HEALTH_OPTIONS, useValue: options },
        { provide: ServiceLifecycle, useValue: options.lifecycle ?? new ServiceLifecycle() },
      ],
      exports: [ServiceLifecycle],
    };
  }
}
