import { Controller, Inject, Req, Res } from '@nestjs/common';
import { gatewayRoutes } from '@storefront/contracts';
import { Route } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { type ApiReferenceDocument, DOCS_CSP, DOCS_PAGE } from './api-reference.js';
import { API_REFERENCE } from './tokens.js';

/** The API reference, answered by the gateway itself (the API proxy leaves these paths to it). */
@Controller()
export class ApiReferenceController {
  constructor(@Inject(API_REFERENCE) private readonly reference: ApiReferenceDocument) {}

  /** The OpenAPI document of every service's routes, built once at start-up; revalidated by its ETag. */
  @Route(gatewayRoutes.openApi)
  openApi(@Req() req: Request, @Res() res: Response): void {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', this.reference.etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(this.reference.json);
  }

  /** Swagger UI over the document, under its own CSP (see DOCS_CSP). */
  @Route(gatewayRoutes.docs)
  docs(@Res() res: Response): void {
    res.setHeader('Content-Security-Policy', DOCS_CSP);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(DOCS_PAGE);
  }
}
