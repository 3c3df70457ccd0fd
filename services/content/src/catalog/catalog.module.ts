import { type DynamicModule, Module } from '@nestjs/common';
import { CATALOG_CONFIG, type CatalogOptions, readCatalogConfig } from './catalog-config.js';
import { CatalogController } from './catalog.controller.js';
import { CatalogLoader } from './catalog-loader.service.js';
import { CatalogService } from './catalog.service.js';

/** The catalog tables (loaded from content/ at start-up) and the listing and samples API over them. */
@Module({})
export class CatalogModule {
  static register(options: CatalogOptions): DynamicModule {
    return {
      module: CatalogModule,
      controllers: [CatalogController],
      providers: [
        // read while the app is built, so a bad CATALOG_SCHEMA is a start-up error
        { provide: CATALOG_CONFIG, useFactory: () => readCatalogConfig(options) },
        CatalogLoader,
        CatalogService,
      ],
      exports: [CatalogLoader, CatalogService],
    };
  }
}
