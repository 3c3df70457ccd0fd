import { Controller, type DynamicModule, Get, HttpStatus, Inject, Module, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { HealthBody } from '@storefront/contracts';
import type { Response } from 'express';
import { DataSource } from 'typeorm';

const HEALTH_OPTIONS = Symbol('HEALTH_OPTIONS');
const DATABASE_CHECK_TIMEOUT_MS = 2000;

export interface HealthOptions {
  /** The service name reported in the body. */
  service: string;
}

async function databaseIsUp(dataSource: DataSource): Promise<boolean> {
  if (!dataSource.isInitialized) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([dataSource.query('SELECT 1').then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

@Controller('health')
class HealthController {
  private readonly startedAt = Date.now();

  constructor(
    @Inject(HEALTH_OPTIONS) private readonly options: HealthOptions,
    private readonly moduleRef: ModuleRef,
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
}

/** `GET /health` -> HealthBody; 503 with database "down" when the service's database does not answer. */
@Module({})
export class HealthModule {
  static register(options: HealthOptions): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [{ provide: HEALTH_OPTIONS, useValue: options }],
    };
  }
}
