import { Controller, Header, Res } from '@nestjs/common';
import { type PageHead, type QueryOf, contentRoutes } from '@storefront/contracts';
import { Route, RouteQuery } from '@storefront/service-kit';
import type { Response } from 'express';
import { PageHeadService } from './page-head.service.js';

/**
 * What the server-side renderer and crawlers ask for before any screen loads: a page's <head>,
 * robots.txt and sitemap.xml (the gateway serves the last two at the site root).
 */
@Controller()
export class PageHeadController {
  constructor(private readonly heads: PageHeadService) {}

  /** 200 with the page's head, or 404 with the not-found head: the renderer uses the status as the page's. */
  @Route(contentRoutes.head)
  @Header('Cache-Control', 'no-cache')
  async head(@RouteQuery() { path }: QueryOf<typeof contentRoutes.head>, @Res({ passthrough: true }) response: Response): Promise<PageHead> {
    const head = await this.heads.head(path);
    response.status(head.status);
    return head;
  }

  @Route(contentRoutes.robotsTxt)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  robots(): Promise<string> {
    return this.heads.robotsTxt();
  }

  @Route(contentRoutes.sitemapXml)
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  sitemap(): Promise<string> {
    return this.heads.sitemapXml();
  }
}
