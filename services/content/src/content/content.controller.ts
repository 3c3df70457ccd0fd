import { BadRequestException, Controller, Get, Header, NotFoundException, Param, Query } from '@nestjs/common';
import type {
  EstimatorBundle,
  FormDefinition,
  PageDefinition,
  ProductStyle,
  ProductStyleSummary,
  SiteData,
} from '@storefront/contracts';
import { ContentNotFoundError } from '@storefront/site-config';
import { SiteContentService } from './site-content.service.js';

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product data not found or invalid format';

/** A missing content file becomes a 404 with `message`; anything else (a broken file) stays a 500. */
async function orNotFound<T>(load: Promise<T>, message: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ContentNotFoundError) throw new NotFoundException(message);
    throw error;
  }
}

/**
 * The content API. Responses carry express's weak ETag (computed from the body) and no-cache, so
 * browsers revalidate every time and get a 304 while content is unchanged.
 */
@Controller('api/content')
export class ContentController {
  constructor(private readonly content: SiteContentService) {}

  @Get('site')
  @Header('Cache-Control', 'no-cache')
  site(): Promise<SiteData> {
    return this.content.site();
  }

  @Get('page')
  @Header('Cache-Control', 'no-cache')
  page(@Query('path') path: unknown): Promise<PageDefinition> {
    if (typeof path !== 'string' || path.trim() === '') {
      throw new BadRequestException('The path query parameter is required, e.g. ?path=/');
    }
    return orNotFound(this.content.page(path), `Page not found: ${path.slice(0, 200)}`);
  }

  @Get('product-styles')
  @Header('Cache-Control', 'no-cache')
  productStyles(): Promise<ProductStyleSummary[]> {
    return this.content.productStyles();
  }

  @Get('product-styles/:styleName')
  @Header('Cache-Control', 'no-cache')
  productStyle(@Param('styleName') styleName: string): Promise<ProductStyle> {
    return orNotFound(this.content.productStyle(styleName), PRODUCT_NOT_FOUND_MESSAGE);
  }

  @Get('forms/:formName')
  @Header('Cache-Control', 'no-cache')
  form(@Param('formName') formName: string): Promise<FormDefinition> {
    return orNotFound(this.content.form(formName), 'Form not found');
  }

  @Get('estimator/:name')
  @Header('Cache-Control', 'no-cache')
  estimator(@Param('name') name: string): Promise<EstimatorBundle> {
    return orNotFound(this.content.estimator(name), 'Estimator not found');
  }
}
