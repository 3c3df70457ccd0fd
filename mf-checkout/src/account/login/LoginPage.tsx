import { useForm } from 'react-hook-form';
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, accountApi, call, safeReturnPath, statusMessage } from '@storefront/contracts';
import { Alert, Link, PageContainer, useNavigate, useSearchParams } from '@storefront/ui';
import { useValuesTypedBeforeHydration } from '@storefront/ui/form';
import { lazyResolver, usePreloadOnFirstInput } from '../../shared/lazy-resolver.js';
import { ACCOUNT_FORM_TEXT as T } from '../shared/account-text.js';
import { announceSessionChange } from '../shared/browser-call.js';
import { accountError, useAccountSubmit } from '../shared/use-account-submit.js';
import { FormTextInput } from '@storefront/ui/form';
import { AccountForm } from '../shared/AccountForm.js';
import '../shared/account.css';

interface SignInValues {
  email: string;
  password: string;
}

const EMPTY: SignInValues = { email: '', password: '' };

/** The sign-in request's schema, fetched with the first check (lazy-resolver.ts): the page's load carries no yup. */
const signInResolver = lazyResolver<SignInValues>(() =>
  import('../shared/account-form-resolvers.js').then(({ signInFormResolver }) => signInFormResolver<SignInValues>()),
);

/** What a failed sign-in says: the server's own message (401 'Invalid email or password.', 429 the wait). */
export function signInFailureMessage(status: number, message: string | undefined, retryAfter: string | null): string {
  if (message) return message;
  if (status === 401) return ACCOUNT_MESSAGES.invalidCredentials;
  const seconds = Number(retryAfter);
  if (status === 429 && Number.isFinite(seconds) && seconds > 0) return ACCOUNT_MESSAGES.tooManyAttempts(seconds);
  return statusMessage(status);
}

/**
 * /login: Email, Password, Sign In; links to /forgot-password and /register. The whole form is in
 * the server's HTML and has no `action`, so a visitor who types and presses Sign In before the
 * scripts run is kept: the typed values stay in the uncontrolled fields, react-hook-form reads them
 * when it registers, and the shell's early-events replay submits the form again once it is live.
 * On success the header hears SESSION_CHANGED_EVENT and the visitor goes to ?returnTo= (a path of
 * this site only), else My Account.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  usePreloadOnFirstInput(signInResolver);
  const form = useForm<SignInValues>({ resolver: signInResolver, defaultValues: EMPTY, mode: 'onTouched', shouldFocusError: true });
  useValuesTypedBeforeHydration(form);

  const { submitting, message, submit, onSubmit } = useAccountSubmit(async (values: SignInValues) => {
    const answer = await call(accountApi.signIn, { body: { email: values.email, password: values.password } });
    if (answer.ok) {
      announceSessionChange();
      navigate(safeReturnPath(returnTo), { replace: true });
      return null;
    }
    form.setFocus('password');
    return accountError(signInFailureMessage(answer.status, answer.error.message, answer.headers.get('Retry-After')));
  }, accountError);

  return (
    <PageContainer title="Sign In">
      <div className="sf-account-auth">
        <AccountForm
          label="Sign in to your account"
          onSubmit={onSubmit(form.handleSubmit(submit))}
          alert={message && <Alert type={message.type}>{message.text}</Alert>}
          submitting={submitting}
          submitText={T.signIn}
          busyText={T.signingIn}
        >
          <FormTextInput control={form.control} name="email" idPrefix="login" label="Email" type="email" required autoComplete="username" inputMode="email" />
          <FormTextInput control={form.control} name="password" idPrefix="login" label="Password" type="password" required autoComplete="current-password" />
        </AccountForm>
        <ul className="sf-account-auth__links">
          <li>
            <Link to={ACCOUNT_PATHS.forgotPassword}>{T.forgotPassword}</Link>
          </li>
          <li>
            <Link to={ACCOUNT_PATHS.register}>{T.createAccount}</Link>
          </li>
        </ul>
      </div>
    </PageContainer>
  );
}
