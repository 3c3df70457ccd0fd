import { Controller } from '@nestjs/common';
import { adminRoutes, type AdminAuditEntry, type QueryOf, type ResponseOf } from '@storefront/contracts';
import { Route, RouteQuery } from '@storefront/service-kit';
import { DataSource } from 'typeorm';
import { listAudit, type AuditRecord } from './admin-audit.js';

const DEFAULT_LIMIT = 50;

/** Who wrote an audit row, as the log shows it: a staff member, an API key, or the command line. */
function entryOf(record: AuditRecord): AdminAuditEntry {
  const actorKind = record.staffId ? 'staff' : record.keyId ? 'api-key' : 'cli';
  return {
    id: record.id,
    at: record.at,
    actor: record.actor,
    actorKind,
    action: record.action,
    target: record.target,
    outcome: record.outcome,
    detail: record.detail,
    before: record.before ?? null,
    after: record.after ?? null,
  };
}

/** GET /api/admin/audit (managers): the audit log, newest first, filtered, a page at a time. */
@Controller()
export class AuditController {
  constructor(private readonly db: DataSource) {}

  @Route(adminRoutes.audit)
  async list(@RouteQuery() { limit = DEFAULT_LIMIT, before, from, to, ...filters }: QueryOf<typeof adminRoutes.audit>): Promise<ResponseOf<typeof adminRoutes.audit>> {
    const records = await listAudit(this.db, {
      ...filters,
      limit: limit + 1,
      ...(before && { beforeId: before }),
      ...(from && { since: new Date(`${from}T00:00:00Z`) }),
      ...(to && { until: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000) }),
    });
    const shown = records.slice(0, limit);
    return { entries: shown.map(entryOf), next: records.length > limit ? shown[shown.length - 1]!.id : null };
  }
}
