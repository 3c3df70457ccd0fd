import { Body, Controller, HttpCode, HttpStatus, HttpException, Param, Post, Req, UseGuards } from '@nestjs/common';
import { RateLimitGuard } from '@storefront/service-kit';
import type { FormSubmitResponse } from '@storefront/contracts';
import { requestIdOf } from '@storefront/service-kit';
import type { Request } from 'express';
import { JSON_REQUIRED_MESSAGE, MULTIPART_NOT_SUPPORTED_MESSAGE } from './submission-request.js';
import { SubmissionsService } from './submissions.service.js';

@Controller('api/forms')
export class SubmissionsController {
  constructor(private readonly submissions: SubmissionsService) {}

  @Post(':formName')
  @UseGuards(RateLimitGuard)
  @HttpCode(HttpStatus.CREATED)
  async submit(@Param('formName') formName: string, @Body() body: unknown, @Req() req: Request): Promise<FormSubmitResponse> {
    // Only JSON bodies are parsed; file uploads (multipart) are a later feature.
    if (!req.is('application/json')) {
      const multipart = Boolean(req.is('multipart/form-data'));
      throw new HttpException(multipart ? MULTIPART_NOT_SUPPORTED_MESSAGE : JSON_REQUIRED_MESSAGE, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    }
    return this.submissions.submit(formName, body, requestIdOf(req), req.ip);
  }
}
