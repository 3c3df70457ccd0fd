import { useEffect, useRef, useState, type FormEvent } from 'react';
import { adminApi, call, SERVER_UNREACHABLE_MESSAGE, statusMessage, type AdminAuditEntry, type AdminAuditQuery, type AuditOutcomeName } from '@storefront/contracts';
import { Button, EmptyState, ErrorState, LoadingState, useBrowserCall, useSearchParams } from '@storefront/ui';
import { StaffScreen } from '../session/staff-session.js';
import { LocalTime } from '../shared/LocalTime.js';
import { diffSummary, diffValues, hasChanges, type DiffChange } from './json-diff.js';
import './audit.css';

// The outcomes' words and looks. Written here rather than imported (AUDIT_OUTCOMES lives beside the
// audit's yup schemas, which this page has no use for); the Record keeps the list whole.
const OUTCOMES: Record<AuditOutcomeName, { label: string; tone: 'success' | 'warning' | 'danger' }> = {
  succeeded: { label: 'Succeeded', tone: 'success' },
  refused: { label: 'Refused', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** Who wrote an entry, as the server names it (`actorKind`). */
const ACTOR_KINDS: Record<string, string> = { staff: 'Staff', 'api-key': 'API key', cli: 'Command line' };

/** The filters the address carries, in the order the form shows them and the query sends them. */
export const AUDIT_FILTERS = ['actor', 'action', 'target', 'outcome', 'from', 'to'] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];
export type AuditFilters = Partial<Record<AuditFilterName, string>>;

/** The filters in an address's query (blank ones left out). */
export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of AUDIT_FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/** The API's query for a page of the log: the filters, and the previous page's `next` as `before`. */
export function auditQuery(filters: AuditFilters, before?: string): Partial<Record<keyof AdminAuditQuery, string>> {
  return { ...filters, ...(before && { before }) };
}

/**
 * /admin/audit (managers): the append-only log of every staff and API-key write, newest first. The
 * filters live in the address (a filtered view can be linked, and Back undoes a filter); "Older
 * entries" asks for the page before the last entry shown (keyset: `next` as `before`) and adds it
 * below. Each entry's values before and after the write open as a side-by-side table of its fields.
 */
export default function AuditPage() {
  return (
    <StaffScreen title="Audit log" role="manager">
      <AuditLog />
    </StaffScreen>
  );
}

interface OlderPages {
  /** the filters these pages belong to (another filter starts again from the newest) */
  key: string;
  entries: AdminAuditEntry[];
  /** the last older page's `next`; undefined while none was loaded */
  next: string | null | undefined;
  loading: boolean;
  error: string | null;
}

const noOlderPages = (key: string): OlderPages => ({ key, entries: [], next: undefined, loading: false, error: null });

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersOf(params);
  const key = new URLSearchParams(filters).toString();
  const first = useBrowserCall((signal) => call(adminApi.audit, { query: auditQuery(filters), signal }), `audit:${key}`);
  const [older, setOlder] = useState<OlderPages>(() => noOlderPages(key));
  const [focusEntry, setFocusEntry] = useState<string | null>(null);
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  const olderPages = older.key === key ? older : noOlderPages(key);
  const entries = first.status === 'ready' ? [...first.data.entries, ...olderPages.entries] : [];
  const next = first.status === 'ready' ? (olderPages.next !== undefined ? olderPages.next : first.data.next) : null;
  // the server's word on a filter it refused (a hand-edited address: outcome=maybe, from=yesterday)
  const queryErrors: Record<string, string> = first.status === 'failed' && first.httpStatus === 400 ? (first.error?.errors ?? {}) : {};
  const errorOf = (name: AuditFilterName) => (name === 'from' && dateProblem) || queryErrors[name];

  // the first entry of a page just added gets focus: the reader carries on where the list grew
  useEffect(() => {
    if (!focusEntry) return;
    const rows = tableRef.current?.querySelectorAll<HTMLElement>('tr[data-entry]') ?? [];
    Array.from(rows)
      .find((row) => row.dataset.entry === focusEntry)
      ?.focus();
    setFocusEntry(null);
  }, [focusEntry]);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = new URLSearchParams();
    for (const name of AUDIT_FILTERS) {
      const value = String(form.get(name) ?? '').trim();
      if (value) chosen.set(name, value);
    }
    const from = chosen.get('from');
    const to = chosen.get('to');
    if (from && to && from > to) {
      setDateProblem('From must be on or before To.');
      return;
    }
    setDateProblem(null);
    // the same filters again: ask again from the newest (entries may have been written meanwhile)
    if (chosen.toString() === key) {
      setOlder(noOlderPages(key));
      first.reload();
    }
    // a new entry in the history, so Back goes to the previous filters
    else setParams(chosen);
  }

  async function loadOlder() {
    if (!next || olderPages.loading) return;
    const forKey = key;
    setOlder({ ...olderPages, loading: true, error: null });
    const keep = (change: (pages: OlderPages) => OlderPages) => setOlder((pages) => (pages.key === forKey ? change(pages) : pages));
    try {
      const answer = await call(adminApi.audit, { query: auditQuery(filters, next) });
      if (answer.ok) {
        keep((pages) => ({ ...pages, entries: [...pages.entries, ...answer.data.entries], next: answer.data.next, loading: false }));
        if (answer.data.entries[0]) setFocusEntry(answer.data.entries[0].id);
      } else {
        keep((pages) => ({ ...pages, loading: false, error: answer.error.message ?? statusMessage(answer.status) }));
      }
    } catch {
      keep((pages) => ({ ...pages, loading: false, error: SERVER_UNREACHABLE_MESSAGE }));
    }
  }

  const filtered = key !== '';
  return (
    <>
      <p className="bo-muted">Every change made by staff, an API key or the command line, newest first. Entries are kept for a year and never edited.</p>
      {/* keyed by the address: Back (or a link) shows the filters it carries */}
      <form key={key} className="bo-filters bo-audit__filters" role="search" aria-label="Filter the audit log" noValidate onSubmit={apply}>
        <FilterField name="actor" label="Actor" hint="starts with" filters={filters} error={errorOf('actor')} />
        <FilterField name="action" label="Action" hint="starts with, e.g. order." filters={filters} error={errorOf('action')} />
        <FilterField name="target" label="Target" hint="starts with" filters={filters} error={errorOf('target')} />
        <div className="bo-audit__filter">
          <label>
            Outcome
            <select name="outcome" className="sf-input" defaultValue={filters.outcome ?? ''} aria-invalid={errorOf('outcome') ? true : undefined} aria-describedby={errorOf('outcome') ? 'audit-filter-outcome-error' : undefined}>
              <option value="">Any</option>
              {Object.entries(OUTCOMES).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {errorOf('outcome') && (
            <span id="audit-filter-outcome-error" className="bo-audit__field-error">
              {errorOf('outcome')}
            </span>
          )}
        </div>
        <FilterField name="from" label="From" hint="UTC day" type="date" filters={filters} error={errorOf('from')} />
        <FilterField name="to" label="To" hint="UTC day, included" type="date" filters={filters} error={errorOf('to')} />
        <div className="bo-actions">
          <Button type="submit">Apply filters</Button>
          {filtered && (
            <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </Button>
          )}
        </div>
      </form>

      {first.status === 'failed' ? (
        <ErrorState
          title={first.httpStatus === 400 ? 'These filters cannot be used' : 'The audit log could not be loaded'}
          message={first.message}
          onRetry={first.httpStatus === 400 ? undefined : first.reload}
        />
      ) : first.status !== 'ready' ? (
        <LoadingState label="Loading the audit log…" />
      ) : entries.length === 0 ? (
        <EmptyState title={filtered ? 'No entries match these filters' : 'No back-office writes recorded yet'} message={filtered ? 'Change or clear the filters to see more.' : undefined} />
      ) : (
        <>
          <p className="bo-muted" role="status">
            {entries.length === 1 ? '1 entry' : `${entries.length} entries`} shown{next ? '' : ', back to the oldest'}.
          </p>
          <div className="bo-table-scroll" role="region" aria-labelledby="audit-caption" tabIndex={0}>
            <table ref={tableRef} className="bo-table bo-audit__table">
              <caption id="audit-caption" className="sf-visually-hidden">
                Audit log entries, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Target</th>
                  <th scope="col">Outcome and detail</th>
                  <th scope="col">Changes</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
          {olderPages.error && (
            <p role="alert" className="bo-audit__field-error">
              Older entries could not be loaded: {olderPages.error}
            </p>
          )}
          {next && (
            <div className="bo-actions bo-audit__more">
              <Button variant="secondary" onClick={() => void loadOlder()} disabled={olderPages.loading} aria-busy={olderPages.loading || undefined}>
                {olderPages.loading ? 'Loading older entries…' : 'Older entries'}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}

function FilterField({ name, label, hint, type = 'text', filters, error }: { name: AuditFilterName; label: string; hint?: string; type?: 'text' | 'date'; filters: AuditFilters; error: string | false | undefined }) {
  const errorId = `audit-filter-${name}-error`;
  return (
    <div className="bo-audit__filter">
      <label>
        <span>
          {label}
          {hint && <span className="bo-audit__hint"> ({hint})</span>}
        </span>
        <input
          name={name}
          type={type}
          className="sf-input"
          defaultValue={filters[name] ?? ''}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {error && (
        <span id={errorId} className="bo-audit__field-error">
          {error}
        </span>
      )}
    </div>
  );
}

function AuditRow({ entry }: { entry: AdminAuditEntry }) {
  const [open, setOpen] = useState(false);
  const changesId = `audit-changes-${entry.id}`;
  const outcome = OUTCOMES[entry.outcome as AuditOutcomeName] ?? { label: entry.outcome, tone: 'neutral' };
  return (
    <>
      <tr data-entry={entry.id} tabIndex={-1} className="bo-audit__row">
        <td className="bo-audit__when">
          <LocalTime iso={entry.at} />
        </td>
        <td className="bo-audit__who">
          {entry.actor}
          <span className="bo-audit__kind">{ACTOR_KINDS[entry.actorKind] ?? entry.actorKind}</span>
        </td>
        <td>
          <code>{entry.action}</code>
        </td>
        <td className="bo-audit__target">{entry.target ?? <span className="bo-muted">—</span>}</td>
        <td className="bo-audit__outcome">
          <span className={`sf-status sf-status--${outcome.tone}`}>{outcome.label}</span>
          {entry.detail && <span className="bo-audit__detail">{entry.detail}</span>}
        </td>
        <td>
          {hasChanges(entry) ? (
            <Button variant="link" aria-expanded={open} aria-controls={open ? changesId : undefined} onClick={() => setOpen(!open)}>
              <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
              Changes
              <span className="sf-visually-hidden">
                {' '}
                of {entry.action}
                {entry.target ? ` on ${entry.target}` : ''}
              </span>
            </Button>
          ) : (
            <span className="bo-muted">None recorded</span>
          )}
        </td>
      </tr>
      {open && (
        <tr id={changesId} className="bo-audit__changes-row">
          <td colSpan={6}>
            <ChangesView entry={entry} />
          </td>
        </tr>
      )}
    </>
  );
}

const CHANGE_MARKS: Record<Exclude<DiffChange, 'same'>, string> = { changed: 'changed', added: 'added', removed: 'removed' };

/** An entry's values before and after, side by side: one row per field, what differs marked in words and colour. */
export function ChangesView({ entry }: { entry: Pick<AdminAuditEntry, 'action' | 'target' | 'before' | 'after'> }) {
  const rows = diffValues(entry.before, entry.after);
  const summary =
    entry.before === null || entry.before === undefined
      ? 'Created: there were no values before.'
      : entry.after === null || entry.after === undefined
        ? 'Removed: there are no values after.'
        : diffSummary(rows);
  return (
    <div className="bo-diff">
      <p className="bo-diff__summary">{summary}</p>
      <table className="bo-diff__table">
        <caption className="sf-visually-hidden">
          Values before and after {entry.action}
          {entry.target ? ` on ${entry.target}` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path} className={`bo-diff__row bo-diff__row--${row.change}`} data-change={row.change}>
              <th scope="row">
                <code>{row.path || '(value)'}</code>
                {row.change !== 'same' && <span className="bo-diff__mark">{CHANGE_MARKS[row.change]}</span>}
              </th>
              <td>{row.before === undefined ? <span className="bo-muted">—</span> : <span className="bo-diff__value">{row.before}</span>}</td>
              <td>{row.after === undefined ? <span className="bo-muted">—</span> : <span className="bo-diff__value">{row.after}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
