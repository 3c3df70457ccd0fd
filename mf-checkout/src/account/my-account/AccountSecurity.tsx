import { useId, useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  accountApi,
  call,
  statusMessage,
  type AccountSession,
} from '@storefront/contracts';
import { Alert, Button, ErrorState, LoadingState, useNavigate } from '@storefront/ui';
import { AccountDate } from '../shared/AddressLines.js';
import { ACCOUNT_FORM_TEXT as T } from '../shared/account-text.js';
import { AccountForm, NewPasswordFields } from '../shared/AccountForm.js';
import { announceSessionChange, unreachable, useBrowserCall } from '../shared/browser-call.js';
import { accountError, accountSuccess, useAccountSubmit, type AccountMessage } from '../shared/use-account-submit.js';
import { FormTextInput } from '@storefront/ui/form';

/** The account page's security part: the e-mail's verification, the password change, the sessions. */
export const SECURITY_TEXT = {
  emailNotVerified: 'Your email address is not verified yet. Follow the link we e-mailed you, or ask for a new one.',
  sendLinkAgain: 'Send the link again',
  changePassword: 'Change Password',
  changingPassword: 'Changing your password…',
  sessionsTitle: 'Where you are signed in',
  thisDevice: 'This device',
  unknownBrowser: 'Unknown browser',
  signOutSession: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  signingOutEverywhere: 'Signing out everywhere…',
  started: 'Signed in',
  lastSeen: 'Last active',
} as const;

function AccountPart({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="sf-account-section" aria-labelledby={headingId}>
      <div className="sf-account-section__header">
        <h2 id={headingId} className="sf-account-section__title">
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

/**
 * "Not verified", why earlier orders and quotes may be missing from My Orders / My Quotes, and "Send
 * the link again" (the server limits how often). Nothing when verified.
 */
export function EmailVerificationNotice({ verified }: { verified: boolean }) {
  const { submitting: busy, message, submit: resend } = useAccountSubmit(async () => {
    const answer = await call(accountApi.resendVerification, {});
    return answer.ok ? accountSuccess(answer.data.message) : accountError(answer.error.message ?? statusMessage(answer.status));
  }, accountError);
  if (verified) return null;
  return (
    <div className="sf-account-verification">
      <Alert type="warning">
        {SECURITY_TEXT.emailNotVerified} {ACCOUNT_MESSAGES.verifyToSeeEarlierRecords}
      </Alert>
      {message && <Alert type={message.type}>{message.text}</Alert>}
      <Button variant="secondary" onClick={() => void resend()} aria-busy={busy || undefined}>
        {busy ? T.sending : SECURITY_TEXT.sendLinkAgain}
      </Button>
    </div>
  );
}

interface ChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The registration form's length rules and a matching confirmation; the server adds the common-password check. */
const changeResolver: Resolver<ChangeValues> = async (values) => {
  const errors: Partial<Record<keyof ChangeValues, { type: string; message: string }>> = {};
  if (!values.currentPassword) errors.currentPassword = { type: 'required', message: ACCOUNT_MESSAGES.currentPasswordRequired };
  if (!values.newPassword) errors.newPassword = { type: 'required', message: ACCOUNT_MESSAGES.passwordRequired };
  else if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = { type: 'min', message: ACCOUNT_MESSAGES.passwordTooShort };
  else if (values.newPassword.length > PASSWORD_MAX_LENGTH) errors.newPassword = { type: 'max', message: ACCOUNT_MESSAGES.passwordTooLong };
  if (!values.confirmPassword) errors.confirmPassword = { type: 'required', message: T.confirmPasswordRequired };
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = { type: 'match', message: T.passwordsDoNotMatch };
  return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
};

/**
 * Change Password: the current password, the new one and its confirmation. On success the server
 * has ended every other session and handed this browser new cookies: the page says so.
 */
export function ChangePasswordForm({ onChanged }: { onChanged(): void }) {
  const form = useForm<ChangeValues>({ resolver: changeResolver, defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' }, mode: 'onTouched', shouldFocusError: true });

  const { submitting, message, submit, onSubmit } = useAccountSubmit(async (values: ChangeValues) => {
    const answer = await call(accountApi.changePassword, { body: { currentPassword: values.currentPassword, newPassword: values.newPassword } });
    if (answer.ok) {
      form.reset();
      // the same customer stays signed in (new cookies, set by the answer): no session event, which
      // would reload the whole page and lose this message; only the list of sessions changed
      onChanged();
      return accountSuccess(answer.data.message ?? ACCOUNT_MESSAGES.passwordChangedHere);
    }
    for (const field of ['currentPassword', 'newPassword'] as const) {
      const fieldError = answer.error.errors?.[field];
      if (fieldError) form.setError(field, { type: 'server', message: fieldError }, { shouldFocus: true });
    }
    return accountError(answer.error.message ?? statusMessage(answer.status));
  }, accountError);

  return (
    <AccountPart title={SECURITY_TEXT.changePassword}>
      <AccountForm
        label={SECURITY_TEXT.changePassword}
        onSubmit={onSubmit(form.handleSubmit(submit))}
        alert={message && <Alert type={message.type}>{message.text}</Alert>}
        submitting={submitting}
        submitText={SECURITY_TEXT.changePassword}
        busyText={SECURITY_TEXT.changingPassword}
      >
        <FormTextInput control={form.control} name="currentPassword" idPrefix="change-password" label="Current password" type="password" required autoComplete="current-password" />
        <NewPasswordFields control={form.control} name="newPassword" idPrefix="change-password" confirmLabel="Confirm new password" />
      </AccountForm>
    </AccountPart>
  );
}

/**
 * Where the account is signed in: each session's browser, when it signed in and was last active,
 * "Sign out" for each other one, and "Sign out everywhere" (this browser included: then home).
 */
export function SessionsList({ onLeaving }: { onLeaving(): void }) {
  const navigate = useNavigate();
  const sessions = useBrowserCall((signal) => call(accountApi.sessions, { signal }), 'sessions', { refreshOnSessionChange: true });
  const [pending, setPending] = useState<string | null>(null);
  const [message, setMessage] = useState<AccountMessage | null>(null);

  const endOne = async (session: AccountSession) => {
    if (pending) return;
    setPending(session.id);
    setMessage(null);
    try {
      const answer = await call(accountApi.endSession, { params: { id: session.id } });
      if (answer.ok) {
        sessions.update((data) => ({ ...data, data: data.data.filter((entry) => entry.id !== session.id) }));
        setMessage({ type: 'success', text: answer.data.message });
      } else {
        setMessage({ type: 'error', text: answer.error.message ?? statusMessage(answer.status) });
      }
    } catch (error) {
      setMessage({ type: 'error', text: unreachable(error).message });
    } finally {
      setPending(null);
    }
  };

  const endEverywhere = async () => {
    if (pending) return;
    setPending('everywhere');
    setMessage(null);
    try {
      const answer = await call(accountApi.signOutEverywhere, {});
      if (!answer.ok) {
        setMessage({ type: 'error', text: answer.error.message ?? statusMessage(answer.status) });
        return;
      }
      onLeaving();
      announceSessionChange();
      navigate('/');
    } catch (error) {
      setMessage({ type: 'error', text: unreachable(error).message });
    } finally {
      setPending(null);
    }
  };

  return (
    <AccountPart title={SECURITY_TEXT.sessionsTitle}>
      {message && <Alert type={message.type}>{message.text}</Alert>}
      {sessions.status === 'failed' && <ErrorState title="Your sessions could not be loaded" message={sessions.message} onRetry={sessions.reload} />}
      {(sessions.status === 'loading' || sessions.status === 'idle') && <LoadingState label="Loading your sessions…" />}
      {sessions.status === 'ready' && (
        <ul className="sf-account-sessions">
          {sessions.data.data.map((session) => (
            <li key={session.id} className="sf-account-card">
              <p className="sf-account-card__title">
                {session.client || SECURITY_TEXT.unknownBrowser}
                {session.current && <strong> ({SECURITY_TEXT.thisDevice})</strong>}
              </p>
              <p className="sf-account-muted">
                {SECURITY_TEXT.started} <AccountDate iso={session.createdAt} /> · {SECURITY_TEXT.lastSeen} <AccountDate iso={session.lastSeenAt} />
              </p>
              {!session.current && (
                <Button
                  variant="secondary"
                  onClick={() => void endOne(session)}
                  aria-busy={pending === session.id || undefined}
                  aria-label={`${SECURITY_TEXT.signOutSession}: ${session.client || SECURITY_TEXT.unknownBrowser}`}
                >
                  {SECURITY_TEXT.signOutSession}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" onClick={() => void endEverywhere()} aria-busy={pending === 'everywhere' || undefined}>
        {pending === 'everywhere' ? SECURITY_TEXT.signingOutEverywhere : SECURITY_TEXT.signOutEverywhere}
      </Button>
    </AccountPart>
  );
}
