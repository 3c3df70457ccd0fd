import { Controller, Header, Res, StreamableFile } from '@nestjs/common';
import { formRoutes, type ParamsOf, type QueryOf, type SubmissionFormsResponse, type SubmissionListResponse } from '@storefront/contracts';
import { Route, RouteParams, RouteQuery } from '@storefront/service-kit';
import type { Response } from 'express';
import { attachmentDisposition } from './attachment.js';
import { SubmissionsBackOffice } from './back-office.service.js';

/** Personal data, for the staff member who asked: never kept by a cache on the way. */
const PRIVATE = 'private, no-store';

/**
 * The back office's reads of the stored submissions (leads): internal routes, called by the orders
 * service for its signed-in staff, signed as `orders` (InternalTokenGuard, applied by @Route).
 */
@Controller()
export class BackOfficeController {
  constructor(private readonly backOffice: SubmissionsBackOffice) {}

  @Route(formRoutes.submissionForms)
  @Header('Cache-Control', PRIVATE)
  forms(): Promise<SubmissionFormsResponse> {
    return this.backOffice.forms();
  }

  @Route(formRoutes.submissions)
  @Header('Cache-Control', PRIVATE)
  submissions(@RouteQuery() query: QueryOf<typeof formRoutes.submissions>): Promise<SubmissionListResponse> {
    return this.backOffice.list(query);
  }

  /** The stored bytes, as an attachment under the type found in the content (never rendered by a browser). */
  @Route(formRoutes.submissionFile)
  async file(@RouteParams() { submissionId, fileId }: ParamsOf<typeof formRoutes.submissionFile>, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.backOffice.file(submissionId, fileId);
    res.setHeader('Cache-Control', PRIVATE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(file.stream, { type: file.contentType, disposition: attachmentDisposition(file.fileName), length: file.size });
  }

  /** `npm run -s submissions -- export --form <form> [--since <since>]`'s CSV, as a download. */
  @Route(formRoutes.submissionsCsv)
  async csv(@RouteQuery() { form, since }: QueryOf<typeof formRoutes.submissionsCsv>, @Res({ passthrough: true }) res: Response): Promise<string> {
    const csv = await this.backOffice.csv(form, since);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachmentDisposition(`${form}-submissions${since ? `-since-${since.slice(0, 10)}` : ''}.csv`));
    res.setHeader('Cache-Control', PRIVATE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return csv;
  }
}
