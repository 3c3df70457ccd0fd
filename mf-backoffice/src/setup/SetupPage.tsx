import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ADMIN_PATHS, STAFF_MESSAGES, adminApi, call, staffSetupCompleteRequestSchema, type StaffSetupStartResponse } from '@storefront/contracts';
import { Alert, Button, ErrorState, LoadingState, useBrowserCall, useNavigate, useSearchParams } from '@storefront/ui';
import { FormTextInput, schemaResolver, useValuesTypedBeforeHydration } from '@storefront/ui/form';
import { BackofficeFrame } from '../frame/BackofficeFrame.js';
import { useAdminWrite } from '../shared/admin-write.js';
import { FormSubmit } from '../shared/FormSubmit.js';

interface SetupValues {
  token: string;
  password: string;
  code: string;
}

const resolver = schemaResolver<SetupValues>(staffSetupCompleteRequestSchema);

/** The key as authenticator apps show it when typed by hand: groups of four. */
export function groupedKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * /admin/setup?token=…: a new colleague's (or a reset's) one-time setup link. It shows who the link
 * is for and the authenticator key to add (typed, or opened as an otpauth: link on a phone); the
 * staff member chooses a password and enters the app's current code. Their recovery codes are
 * shown once, then the back office opens. The link and its key are asked for in the browser only.
 */
export default function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useBrowserCall(token ? (signal) => call(adminApi.setupStart, { body: { token }, signal }) : null, `setup:${token}`);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const navigate = useNavigate();

  if (!token || (link.status === 'failed' && link.httpStatus === 400)) {
    return (
      <BackofficeFrame title="Set up the back office" nav={false}>
        <ErrorState title="This setup link cannot be used" message={STAFF_MESSAGES.setupLinkInvalid} />
      </BackofficeFrame>
    );
  }
  if (link.status === 'failed') {
    return (
      <BackofficeFrame title="Set up the back office" nav={false}>
        <ErrorState title="The setup link could not be opened" message={link.message} onRetry={link.reload} />
      </BackofficeFrame>
    );
  }
  if (recoveryCodes) {
    return (
      <BackofficeFrame title="Save your recovery codes" nav={false}>
        <p>Each code signs you in once in place of the authenticator code, if your phone is lost. Keep them somewhere safe: they are not shown again.</p>
        <ol className="bo-recovery-codes" aria-label="Recovery codes">
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <Button onClick={() => navigate(ADMIN_PATHS.home, { replace: true })}>I have saved them: open the back office</Button>
      </BackofficeFrame>
    );
  }
  return (
    <BackofficeFrame title="Set up the back office" nav={false}>
      {link.status === 'ready' ? (
        <SetupForm token={token} link={link.data} onDone={(codes) => (codes.length > 0 ? setRecoveryCodes(codes) : navigate(ADMIN_PATHS.home, { replace: true }))} />
      ) : (
        <LoadingState label="Opening your setup link…" />
      )}
    </BackofficeFrame>
  );
}

function SetupForm({ token, link, onDone }: { token: string; link: StaffSetupStartResponse; onDone: (recoveryCodes: string[]) => void }) {
  const form = useForm<SetupValues>({ resolver, defaultValues: { token, password: '', code: '' }, mode: 'onTouched', shouldFocusError: true });
  useValuesTypedBeforeHydration(form);
  const write = useAdminWrite<{ recoveryCodes: string[] }>();
  const submit = form.handleSubmit(async (values) => {
    const done = await write.run(() => call(adminApi.setupComplete, { body: { token, password: values.password, ...(values.code.trim() && { code: values.code }) } }));
    if (done) onDone(done.recoveryCodes);
  });
  return (
    <>
      <p>
        Welcome, {link.name} ({link.email}). You will sign in as <strong>{link.role}</strong>.
      </p>
      <section className="bo-section" aria-labelledby="setup-authenticator">
        <h2 id="setup-authenticator">1. Add the back office to your authenticator app</h2>
        <p>In an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …) add an account with this key, or open the link on your phone:</p>
        <p>
          <code className="bo-key" data-testid="totp-secret">
            {groupedKey(link.totp.secret)}
          </code>
        </p>
        <p>
          <a href={link.totp.uri}>Add to an authenticator app on this device</a>
        </p>
        {!link.twoFactorRequired && <p className="bo-muted">Two-factor sign-in is optional here (development): leave the code empty to set a password only.</p>}
      </section>
      <form className="bo-form" noValidate aria-labelledby="setup-password" onSubmit={(event) => void submit(event)}>
        <h2 id="setup-password">2. Choose your password and confirm the code</h2>
        {write.problem && <Alert type="error">{write.problem.message}</Alert>}
        <FormTextInput control={form.control} name="password" idPrefix="staff-setup" label="New password" type="password" required autoComplete="new-password" hint="At least 12 characters." />
        <FormTextInput
          control={form.control}
          name="code"
          idPrefix="staff-setup"
          label="Authentication code"
          required={link.twoFactorRequired}
          autoComplete="one-time-code"
          inputMode="numeric"
          hint="The 6-digit code the app shows now."
        />
        <FormSubmit busy={write.busy} label="Finish setup" busyLabel="Setting up…" />
      </form>
    </>
  );
}
