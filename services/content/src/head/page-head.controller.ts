import { BadRequestException, Controller, Get, Header, Query, Res } from '@nestjs/common';
import type { PageHead } from '@storefront/contracts';
import type { Response } from 'express';
import { PageHeadService } from './page-head.service.js';

/**
 * What the server-side renderer and crawlers ask for before any screen loads: a page's <head>,
 * robots.txt and sitemap.xml (the gateway serves the last two at the site root).
 */
@Controller('api/content')
export class PageHeadController {
  constructor(private readonly heads: PageHeadService) {}

  /** 200 with the page's head, or 404 with the not-found head: the renderer uses the status as the page's. */
  @Get('head')
  @Header('Cache-Control', 'no-cache')
  async head(@Query('path') path: unknown, @Res({ passthrough: true }) response: Response): Promise<PageHead> {
    if (typeof path !== 'string' || path.trim() === '') {
      throw new BadRequestException('The path query parameter is required, e.g. ?path=/');
    }
    const head = await this.heads.head(path);
    response.status(head.status);
    return head;
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  robots(): Promise<string> {
    return this.heads.robotsTxt();
  }

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  sitemap(): Promise<string> {
    return this.heads.sitemapXml();
  }
}
