import { useState } from 'react';
import { ADMIN_PATHS, adminApi, apiUrl, call, type StoredSubmission, type SubmissionFile, type SubmissionForm } from '@storefront/contracts';
import { Button, EmptyState, ErrorState, Link, LoadingState, useBrowserCall, useSearchParams } from '@storefront/ui';
import { StaffScreen } from '../session/staff-session.js';
import './submissions.css';

/** A form's link in the picker: the same page, the form in the URL (a form's list can be linked, and Back works). */
export function submissionsPathOf(form: string): string {
  return `${ADMIN_PATHS.submissions}?form=${encodeURIComponent(form)}`;
}

/** The form shown when the URL names none: the one with the newest submission, else the first. */
export function defaultForm(forms: readonly SubmissionForm[]): SubmissionForm | undefined {
  const submitted = forms.filter((form) => form.lastSubmittedAt !== null);
  if (submitted.length === 0) return forms[0];
  return submitted.reduce((newest, form) => (form.lastSubmittedAt! > newest.lastSubmittedAt! ? form : newest));
}

function countText(count: number): string {
  if (count === 0) return 'none yet';
  return count === 1 ? '1 submission' : `${count} submissions`;
}

/** Bytes as a person reads them. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

function FormPicker({ forms, chosen }: { forms: readonly SubmissionForm[]; chosen: string }) {
  return (
    <nav className="bo-leads__forms" aria-label="Forms">
      <ul>
        {forms.map((form) => (
          <li key={form.name}>
            <Link to={submissionsPathOf(form.name)} aria-current={form.name === chosen ? 'page' : undefined}>
              {form.title}
            </Link>{' '}
            <span className="bo-muted">({countText(form.submissions)})</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A stored file as a download: the browser sends the staff cookie with it; the server streams it as an attachment. */
function FileLink({ submissionId, file }: { submissionId: string; file: SubmissionFile }) {
  return (
    <>
      <a href={apiUrl(adminApi.submissionFile, { params: { submissionId, fileId: file.id } })} download={file.fileName}>
        {file.fileName}
      </a>{' '}
      <span className="bo-muted">({sizeText(file.size)})</span>
    </>
  );
}

/** One submission: when, each answer by its label, and its files as downloads beside the field they were sent for. */
function SubmissionCard({ submission }: { submission: StoredSubmission }) {
  const fieldNames = new Set(submission.fields.map((field) => field.name));
  const filesOf = (name: string) => submission.files.filter((file) => file.field === name);
  const otherFiles = submission.files.filter((file) => !fieldNames.has(file.field));
  const headingId = `lead-${submission.id}`;
  return (
    <li className="bo-card bo-lead">
      <article aria-labelledby={headingId}>
        <h3 id={headingId} className="bo-lead__when">
          {when(submission.submittedAt)}
        </h3>
        <dl className="bo-lead__fields">
          {submission.fields.map((field) => {
            const files = filesOf(field.name);
            return (
              <div key={field.name} className="bo-lead__field">
                <dt>{field.label}</dt>
                <dd>
                  {files.length > 0 ? (
                    <ul className="bo-lead__files">
                      {files.map((file) => (
                        <li key={file.id}>
                          <FileLink submissionId={submission.id} file={file} />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    field.value || <span className="bo-muted">—</span>
                  )}
                </dd>
              </div>
            );
          })}
          {otherFiles.length > 0 && (
            <div className="bo-lead__field">
              <dt>Files</dt>
              <dd>
                <ul className="bo-lead__files">
                  {otherFiles.map((file) => (
                    <li key={file.id}>
                      <FileLink submissionId={submission.id} file={file} />
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
        </dl>
      </article>
    </li>
  );
}

/** The pages after the first, read with the cursor the previous page named. */
function MoreSubmissions({ form, before }: { form: string; before: string }) {
  const page = useBrowserCall((signal) => call(adminApi.submissions, { query: { form, before }, signal }), `submissions:${form}:${before}`);
  if (page.status === 'failed') return <ErrorState title="More submissions could not be loaded" message={page.message} onRetry={page.reload} />;
  if (page.status !== 'ready') return <LoadingState label="Loading more submissions…" />;
  return <SubmissionsPageOf form={form} submissions={page.data.submissions} next={page.data.next} />;
}

function SubmissionsPageOf({ form, submissions, next }: { form: string; submissions: readonly StoredSubmission[]; next: string | null }) {
  const [showMore, setShowMore] = useState(false);
  return (
    <>
      <ol className="bo-leads__list">
        {submissions.map((submission) => (
          <SubmissionCard key={submission.id} submission={submission} />
        ))}
      </ol>
      {next && !showMore && (
        <p>
          <Button variant="secondary" onClick={() => setShowMore(true)}>
            Load more
          </Button>
        </p>
      )}
      {next && showMore && <MoreSubmissions form={form} before={next} />}
    </>
  );
}

function FormSubmissions({ form }: { form: SubmissionForm }) {
  const first = useBrowserCall((signal) => call(adminApi.submissions, { query: { form: form.name }, signal }), `submissions:${form.name}`);
  return (
    <section className="bo-leads__form" aria-labelledby="leads-form-title">
      <div className="bo-leads__head">
        <h2 id="leads-form-title">{form.title}</h2>
        {/* a plain download: the browser sends the staff cookie with it */}
        <a className="sf-button sf-button--secondary" href={apiUrl(adminApi.submissionsCsv, { query: { form: form.name } })} download>
          Export CSV
        </a>
      </div>
      {first.status === 'failed' ? (
        <ErrorState title="The submissions could not be loaded" message={first.message} onRetry={first.reload} />
      ) : first.status !== 'ready' ? (
        <LoadingState label="Loading submissions…" />
      ) : first.data.submissions.length === 0 ? (
        <EmptyState title="No submissions yet" message={`What visitors send through ${form.title} will appear here, newest first.`} />
      ) : (
        <SubmissionsPageOf form={form.name} submissions={first.data.submissions} next={first.data.next} />
      )}
    </section>
  );
}

function Leads({ requested }: { requested: string | null }) {
  const forms = useBrowserCall((signal) => call(adminApi.submissionForms, { signal }), 'submission-forms');
  if (forms.status === 'failed') return <ErrorState title="The forms could not be loaded" message={forms.message} onRetry={forms.reload} />;
  if (forms.status !== 'ready') return <LoadingState label="Loading the forms…" />;
  const all = forms.data.forms;
  if (all.length === 0) return <EmptyState title="No forms yet" message="Forms on the site and what visitors send through them will appear here." />;
  const chosen = requested === null ? defaultForm(all) : all.find((form) => form.name === requested);
  return (
    <div className="bo-leads">
      <FormPicker forms={all} chosen={chosen?.name ?? ''} />
      {chosen ? (
        <FormSubmissions key={chosen.name} form={chosen} />
      ) : (
        <EmptyState title="No such form" message={`There is no form named "${requested}". Choose one of the forms listed.`} />
      )}
    </div>
  );
}

/**
 * /admin/submissions: what visitors sent through the site's forms (leads), by form: pick one (each
 * with how many it has), its submissions newest first with every answer and the files as downloads,
 * a page at a time, and the form's CSV. The form chosen lives in the URL.
 */
export default function SubmissionsPage() {
  const [params] = useSearchParams();
  return (
    <StaffScreen title="Form submissions">
      <Leads requested={params.get('form')} />
    </StaffScreen>
  );
}
