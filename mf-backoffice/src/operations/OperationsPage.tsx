import { useState, type ReactNode } from 'react';
import {
  adminApi,
  call,
  type AdminDeadLettersResponse,
  type AdminEmailDeadLetter,
  type AdminEmailResendResponse,
  type AdminJobDeadLetter,
  type AdminJobRetryResponse,
  type ApiAnswer,
  type JobService,
} from '@storefront/contracts';
import { Alert, Button, EmptyState, ErrorState, LoadingState, useBrowserCall, type BrowserCall } from '@storefront/ui';
import { StaffScreen } from '../session/staff-session.js';
import { useAdminWrite } from '../shared/admin-write.js';
import './operations.css';

type DeadLetters = BrowserCall<AdminDeadLettersResponse>;

/** The job runners, in the order the page shows them (the names of the services that run them). */
const JOB_SOURCES: readonly { service: JobService; title: string; what: string }[] = [
  { service: 'forms', title: 'Jobs of the forms service', what: "form e-mails handed to the outbox" },
  { service: 'orders', title: 'Jobs of the orders service', what: 'account clean-up, password-reset requests, housekeeping' },
  { service: 'payments', title: 'Jobs of the payments service', what: 'payment reports to orders, reconciliation, housekeeping' },
];

const when = (iso: string | null) => (iso ? <time dateTime={iso}>{new Date(iso).toLocaleString()}</time> : <span className="bo-muted">—</span>);

/**
 * One dead letter's way back (Resend, Retry): busy while it runs, the server's refusal in words, and
 * `onDone` with the server's answer when it went back into its queue.
 */
function SendBack<T>({ label, busyLabel, name, send, onDone }: { label: string; busyLabel: string; name: string; send: () => Promise<ApiAnswer<T>>; onDone: (answer: T) => void }) {
  const write = useAdminWrite<T>();
  return (
    <div className="bo-ops__action">
      <Button
        variant="secondary"
        disabled={write.busy}
        aria-busy={write.busy || undefined}
        onClick={() =>
          void write.run(() => send()).then((answer) => {
            if (answer) onDone(answer);
          })
        }
      >
        {write.busy ? busyLabel : label}
        <span className="sf-visually-hidden"> {name}</span>
      </Button>
      {write.problem && <Alert type="error">{write.problem.message}</Alert>}
    </div>
  );
}

/** What both kinds of dead letter have, as their tables show it. */
interface DeadLetter {
  id: string;
  failedAt: string | null;
  attempts: number;
}

/** A column of a source's table besides those every dead letter has (when, attempts, error, the way back). */
interface LetterColumn<L> {
  header: string;
  cell: (letter: L) => ReactNode;
}

interface DeadLetterSourceProps<L extends DeadLetter> {
  id: string;
  title: string;
  description: string;
  source: { unavailable: boolean; message: string | null; deadLetters: L[] };
  /** who could not be read, when it could not: "The e-mail outbox" */
  reader: string;
  empty: { title: string; message: string };
  list: DeadLetters;
  /** the table's name for screen readers */
  caption: ReactNode;
  /** the first column's header: when it was given up on */
  whenHeader: string;
  columns: LetterColumn<L>[];
  errorHeader: string;
  error: (letter: L) => string | null;
  /** its way back into its queue */
  action: (letter: L) => ReactNode;
}

/**
 * One source of dead letters (the outbox, a job runner) in its section: why it could not be read (with
 * Retry: the page asks every source again), that it has none, or its table: when, what, attempts, the
 * last error and the way back.
 */
function DeadLetterSource<L extends DeadLetter>({ id, title, description, source, reader, empty, list, caption, whenHeader, columns, errorHeader, error, action }: DeadLetterSourceProps<L>) {
  return (
    <section className="bo-section bo-ops__source" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="bo-muted">{description}</p>
      {source.unavailable ? (
        <ErrorState title={`${reader} could not be read`} message={source.message ?? 'Try again in a moment.'} onRetry={list.reload} />
      ) : source.deadLetters.length === 0 ? (
        <EmptyState title={empty.title} message={empty.message} />
      ) : (
        <div className="bo-table-scroll">
          <table className="bo-table">
            <caption className="sf-visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{whenHeader}</th>
                {columns.map((column) => (
                  <th key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
                <th scope="col" className="bo-num">
                  Attempts
                </th>
                <th scope="col">{errorHeader}</th>
                <th scope="col">
                  <span className="sf-visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {source.deadLetters.map((letter) => (
                <tr key={letter.id}>
                  <td>{when(letter.failedAt)}</td>
                  {columns.map((column) => (
                    <td key={column.header}>{column.cell(letter)}</td>
                  ))}
                  <td className="bo-num">{letter.attempts}</td>
                  <td className="bo-ops__error">{error(letter) ?? <span className="bo-muted">none recorded</span>}</td>
                  <td>{action(letter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const EMAIL_COLUMNS: LetterColumn<AdminEmailDeadLetter>[] = [
  {
    header: 'E-mail',
    cell: (letter) => (
      <>
        {letter.subject}
        <br />
        <span className="bo-muted">{letter.kind}</span>
      </>
    ),
  },
  { header: 'To', cell: (letter) => letter.recipient },
];

const JOB_COLUMNS: LetterColumn<AdminJobDeadLetter>[] = [{ header: 'Queue', cell: (letter) => <code>{letter.queue}</code> }];

function EmailLetters({ list, data, onNotice }: { list: DeadLetters; data: AdminDeadLettersResponse; onNotice: (notice: string) => void }) {
  const title = 'E-mails that could not be delivered';
  const resent = (letter: AdminEmailDeadLetter) => (answer: AdminEmailResendResponse) => {
    list.update((current) => ({ ...current, emails: { ...current.emails, deadLetters: current.emails.deadLetters.filter((entry) => entry.id !== answer.id) } }));
    onNotice(`The e-mail to ${letter.recipient} (${letter.subject}) is queued again with a fresh set of retries.`);
  };
  return (
    <DeadLetterSource
      id="ops-emails"
      title={title}
      description="The outbox tried each of these until its retries ran out. Resend queues it again once the cause is fixed (the mail server, an address)."
      source={data.emails}
      reader="The e-mail outbox"
      empty={{ title: 'No e-mails waiting', message: 'Every e-mail went out or is still being tried.' }}
      list={list}
      caption={<>{title}, longest parked first</>}
      whenHeader="Parked"
      columns={EMAIL_COLUMNS}
      errorHeader="Last error"
      error={(letter) => letter.lastError}
      action={(letter) => (
        <SendBack
          label="Resend"
          busyLabel="Resending…"
          name={`the e-mail to ${letter.recipient}`}
          send={() => call(adminApi.resendEmailDeadLetter, { params: { id: letter.id } })}
          onDone={resent(letter)}
        />
      )}
    />
  );
}

function JobLetters({ service, title, what, list, data, onNotice }: (typeof JOB_SOURCES)[number] & { list: DeadLetters; data: AdminDeadLettersResponse; onNotice: (notice: string) => void }) {
  const retried = (letter: AdminJobDeadLetter) => (answer: AdminJobRetryResponse) => {
    list.update((current) => {
      const jobs = current.jobs[service];
      return { ...current, jobs: { ...current.jobs, [service]: { ...jobs, deadLetters: jobs.deadLetters.filter((entry) => entry.id !== answer.id) } } };
    });
    onNotice(`The ${letter.queue} job is back in its queue (${service}) with a fresh set of retries.`);
  };
  return (
    <DeadLetterSource
      id={`ops-jobs-${service}`}
      title={title}
      description={`Background work (${what}) whose last retry failed. Retry sends it back to its queue as a new job.`}
      source={data.jobs[service]}
      reader={`The ${service} service's jobs`}
      empty={{ title: 'No dead letters', message: 'Every job finished or is still being tried.' }}
      list={list}
      caption={<>{title}: dead letters, oldest first</>}
      whenHeader="Failed"
      columns={JOB_COLUMNS}
      errorHeader="Error"
      error={(letter) => letter.error}
      action={(letter) => (
        <SendBack
          label="Retry"
          busyLabel="Retrying…"
          name={`the ${letter.queue} job ${letter.id}`}
          send={() => call(adminApi.retryJobDeadLetter, { params: { service, id: letter.id } })}
          onDone={retried(letter)}
        />
      )}
    />
  );
}

function Operations() {
  const list = useBrowserCall((signal) => call(adminApi.deadLetters, { signal }), 'dead-letters');
  const [notice, setNotice] = useState<string | null>(null);
  if (list.status === 'failed') return <ErrorState title="The dead letters could not be loaded" message={list.message} onRetry={list.reload} />;
  if (list.status !== 'ready') return <LoadingState label="Loading the dead letters…" />;
  return (
    <>
      {notice && (
        <Alert type="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <EmailLetters list={list} data={list.data} onNotice={setNotice} />
      {JOB_SOURCES.map((source) => (
        <JobLetters key={source.service} {...source} list={list} data={list.data} onNotice={setNotice} />
      ))}
    </>
  );
}

/**
 * /admin/operations (managers): what could not be done in the background, by source: the e-mails the
 * outbox gave up on and the dead letters of the forms, orders and payments job runners, each with its
 * error and a way back into its queue (Resend, Retry). A source whose service is down says so, with
 * Retry; the others still show.
 */
export default function OperationsPage() {
  return (
    <StaffScreen title="Operations" role="manager">
      <Operations />
    </StaffScreen>
  );
}
