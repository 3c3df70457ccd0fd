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

/** A source that could not be read says why, with Retry (the page asks every source again). */
function Unavailable({ title, message, list }: { title: string; message: string | null; list: DeadLetters }) {
  return <ErrorState title={`${title} could not be read`} message={message ?? 'Try again in a moment.'} onRetry={list.reload} />;
}

function Source({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section className="bo-section bo-ops__source" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="bo-muted">{description}</p>
      {children}
    </section>
  );
}

function EmailLetters({ list, data, onNotice }: { list: DeadLetters; data: AdminDeadLettersResponse; onNotice: (notice: string) => void }) {
  const source = data.emails;
  const title = 'E-mails that could not be delivered';
  const resent = (letter: AdminEmailDeadLetter) => (answer: AdminEmailResendResponse) => {
    list.update((current) => ({ ...current, emails: { ...current.emails, deadLetters: current.emails.deadLetters.filter((entry) => entry.id !== answer.id) } }));
    onNotice(`The e-mail to ${letter.recipient} (${letter.subject}) is queued again with a fresh set of retries.`);
  };
  return (
    <Source id="ops-emails" title={title} description="The outbox tried each of these until its retries ran out. Resend queues it again once the cause is fixed (the mail server, an address).">
      {source.unavailable ? (
        <Unavailable title="The e-mail outbox" message={source.message} list={list} />
      ) : source.deadLetters.length === 0 ? (
        <EmptyState title="No e-mails waiting" message="Every e-mail went out or is still being tried." />
      ) : (
        <div className="bo-table-scroll">
          <table className="bo-table">
            <caption className="sf-visually-hidden">{title}, longest parked first</caption>
            <thead>
              <tr>
                <th scope="col">Parked</th>
                <th scope="col">E-mail</th>
                <th scope="col">To</th>
                <th scope="col" className="bo-num">
                  Attempts
                </th>
                <th scope="col">Last error</th>
                <th scope="col">
                  <span className="sf-visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {source.deadLetters.map((letter) => (
                <tr key={letter.id}>
                  <td>{when(letter.failedAt)}</td>
                  <td>
                    {letter.subject}
                    <br />
                    <span className="bo-muted">{letter.kind}</span>
                  </td>
                  <td>{letter.recipient}</td>
                  <td className="bo-num">{letter.attempts}</td>
                  <td className="bo-ops__error">{letter.lastError ?? <span className="bo-muted">none recorded</span>}</td>
                  <td>
                    <SendBack
                      label="Resend"
                      busyLabel="Resending…"
                      name={`the e-mail to ${letter.recipient}`}
                      send={() => call(adminApi.resendEmailDeadLetter, { params: { id: letter.id } })}
                      onDone={resent(letter)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Source>
  );
}

function JobLetters({ service, title, what, list, data, onNotice }: (typeof JOB_SOURCES)[number] & { list: DeadLetters; data: AdminDeadLettersResponse; onNotice: (notice: string) => void }) {
  const source = data.jobs[service];
  const retried = (letter: AdminJobDeadLetter) => (answer: AdminJobRetryResponse) => {
    list.update((current) => {
      const jobs = current.jobs[service];
      return { ...current, jobs: { ...current.jobs, [service]: { ...jobs, deadLetters: jobs.deadLetters.filter((entry) => entry.id !== answer.id) } } };
    });
    onNotice(`The ${letter.queue} job is back in its queue (${service}) with a fresh set of retries.`);
  };
  return (
    <Source id={`ops-jobs-${service}`} title={title} description={`Background work (${what}) whose last retry failed. Retry sends it back to its queue as a new job.`}>
      {source.unavailable ? (
        <Unavailable title={`The ${service} service's jobs`} message={source.message} list={list} />
      ) : source.deadLetters.length === 0 ? (
        <EmptyState title="No dead letters" message="Every job finished or is still being tried." />
      ) : (
        <div className="bo-table-scroll">
          <table className="bo-table">
            <caption className="sf-visually-hidden">{title}: dead letters, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Failed</th>
                <th scope="col">Queue</th>
                <th scope="col" className="bo-num">
                  Attempts
                </th>
                <th scope="col">Error</th>
                <th scope="col">
                  <span className="sf-visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {source.deadLetters.map((letter) => (
                <tr key={letter.id}>
                  <td>{when(letter.failedAt)}</td>
                  <td>
                    <code>{letter.queue}</code>
                  </td>
                  <td className="bo-num">{letter.attempts}</td>
                  <td className="bo-ops__error">{letter.error ?? <span className="bo-muted">none recorded</span>}</td>
                  <td>
                    <SendBack
                      label="Retry"
                      busyLabel="Retrying…"
                      name={`the ${letter.queue} job ${letter.id}`}
                      send={() => call(adminApi.retryJobDeadLetter, { params: { service, id: letter.id } })}
                      onDone={retried(letter)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Source>
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
