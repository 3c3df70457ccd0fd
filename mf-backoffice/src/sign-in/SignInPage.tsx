import { useForm } from 'react-hook-form';
import { STAFF_MESSAGES, adminApi, call, staffSignInRequestSchema, statusMessage } from '@storefront/contracts';
import { Alert, useNavigate, useSearchParams } from '@storefront/ui';
import { FormTextInput, schemaResolver, useValuesTypedBeforeHydration } from '@storefront/ui/form';
import { BackofficeFrame } from '../frame/BackofficeFrame.js';
import { backofficeReturnPath } from '../session/staff-session.js';
import { useAdminWrite } from '../shared/admin-write.js';
import { FormSubmit } from '../shared/FormSubmit.js';

interface SignInValues {
  email: string;
  password: string;
  code: string;
}

const EMPTY: SignInValues = { email: '', password: '', code: '' };
const resolver = schemaResolver<SignInValues>(staffSignInRequestSchema);

/**
 * /admin/sign-in: e-mail, password and the authenticator's code (or a recovery code) in one form.
 * The form is in the server's HTML without an `action`: what a staff member types before the
 * scripts run stays (useValuesTypedBeforeHydration), and a press of Sign in is replayed once the page
 * is live. Every wrong answer reads the same, as the server words it.
 */
export default function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<SignInValues>({ resolver, defaultValues: EMPTY, mode: 'onTouched', shouldFocusError: true });
  useValuesTypedBeforeHydration(form);
  const write = useAdminWrite<unknown>();

  const submit = form.handleSubmit(async (values) => {
    const done = await write.run(() => call(adminApi.signIn, { body: { email: values.email, password: values.password, ...(values.code.trim() && { code: values.code }) } }));
    if (done) navigate(backofficeReturnPath(params.get('returnTo')), { replace: true });
    else form.setFocus('code');
  });

  return (
    <BackofficeFrame title="Sign in" nav={false}>
      <form className="bo-form" noValidate aria-label="Sign in to the back office" onSubmit={(event) => void submit(event)}>
        {write.problem && <Alert type="error">{write.problem.status === 401 ? STAFF_MESSAGES.signInFailed : write.problem.message || statusMessage(write.problem.status ?? 0)}</Alert>}
        <FormTextInput control={form.control} name="email" idPrefix="staff-sign-in" label="E-mail" type="email" required autoComplete="username" inputMode="email" />
        <FormTextInput control={form.control} name="password" idPrefix="staff-sign-in" label="Password" type="password" required autoComplete="current-password" />
        <FormTextInput
          control={form.control}
          name="code"
          idPrefix="staff-sign-in"
          label="Authentication code"
          autoComplete="one-time-code"
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        />
        <FormSubmit busy={write.busy} label="Sign in" busyLabel="Signing in…" />
      </form>
    </BackofficeFrame>
  );
}
