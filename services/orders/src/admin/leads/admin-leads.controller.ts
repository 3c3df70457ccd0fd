import { Controller, Res } from '@nestjs/common';
import { adminRoutes, type ParamsOf, type QueryOf, type ResponseOf } from '@storefront/contracts';
import { Route, RouteParams, RouteQuery } from '@storefront/service-kit';
import type { Response } from 'express';
import { serviceHttpError } from '../upstream/internal-service.js';
import { relayDownload } from './download.js';
import { FormsClient } from './forms-client.js';

/** The forms service's answer, or its error as the admin API answers it. */
async function fromForms<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    throw serviceHttpError(error);
  }
}

/**
 * The back office's leads: what visitors sent through the site's forms, stored by the forms service
 * and read from it on the staff's behalf (FormsClient: signed as `orders`, bounded, one breaker). The
 * lists are passed on as the contract has them; a file and the CSV are streamed through, never held
 * whole. Read-only: nothing here writes, so nothing is audited.
 */
@Controller()
export class AdminLeadsController {
  constructor(private readonly forms: FormsClient) {}

  @Route(adminRoutes.submissionForms)
  submissionForms(): Promise<ResponseOf<typeof adminRoutes.submissionForms>> {
    return fromForms(() => this.forms.submissionForms());
  }

  @Route(adminRoutes.submissions)
  submissions(@RouteQuery() query: QueryOf<typeof adminRoutes.submissions>): Promise<ResponseOf<typeof adminRoutes.submissions>> {
    return fromForms(() => this.forms.submissions(query));
  }

  @Route(adminRoutes.submissionFile)
  async submissionFile(@RouteParams() params: ParamsOf<typeof adminRoutes.submissionFile>, @Res() res: Response): Promise<void> {
    const upstream = await fromForms(() => this.forms.submissionFile(params));
    await relayDownload(upstream, res, { fallbackName: 'file', fallbackType: 'application/octet-stream' });
  }

  @Route(adminRoutes.submissionsCsv)
  async submissionsCsv(@RouteQuery() query: QueryOf<typeof adminRoutes.submissionsCsv>, @Res() res: Response): Promise<void> {
    const upstream = await fromForms(() => this.forms.submissionsCsv(query));
    await relayDownload(upstream, res, { fallbackName: `${query.form}-submissions.csv`, fallbackType: 'text/csv; charset=utf-8' });
  }
}
