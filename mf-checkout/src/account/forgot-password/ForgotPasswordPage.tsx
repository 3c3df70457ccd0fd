import { useForm } from 'react-hook-form';
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, accountApi, call, statusMessage } from '@storefront/contracts';
import { Alert, Link, PageContainer } from '@storefront/ui';
import { useValuesTypedBeforeHydration } from '@storefront/ui/form';
import { lazyResolver, usePreloadOnFirstInput } from '../../shared/lazy-resolver.js';
import { ACCOUNT_FORM_TEXT as T } from '../shared/account-text.js';
import { accountError, accountSuccess, useAccountSubmit } from '../shared/use-account-submit.js';
import { FormTextInput } from '@storefront/ui/form';
import { AccountForm } from '../shared/AccountForm.js';
import '../shared/account.css';

interface ForgotValues {
  email: string;
}

const forgotResolver = lazyResolver<ForgotValues>(() =>
  import('../shared/account-form-resolvers.js').then(({ forgotPasswordFormResolver }) => forgotPasswordFormResolver<ForgotValues>()),
);

/**
 * /forgot-password: Email, Send Reset Link. The server answers the same whether or not the e-mail
 * has an account (no account enumeration), and the page shows that answer as it is.
 */
export default function ForgotPasswordPage() {
  usePreloadOnFirstInput(forgotResolver);
  const form = useForm<ForgotValues>({ resolver: forgotResolver, defaultValues: { email: '' }, mode: 'onTouched', shouldFocusError: true });
  useValuesTypedBeforeHydration(form);

  const { submitting, message, submit, onSubmit } = useAccountSubmit(async (values: ForgotValues) => {
    const answer = await call(accountApi.forgotPassword, { body: { email: values.email } });
    if (answer.ok) return accountSuccess(answer.data.message || ACCOUNT_MESSAGES.resetLinkSent);
    return accountError(answer.error.message ?? statusMessage(answer.status));
  }, accountError);

  return (
    <PageContainer title="Forgot Your Password?">
      <div className="sf-account-auth">
        <p className="sf-account-auth__intro">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
        <AccountForm
          label="Request a password reset link"
          onSubmit={onSubmit(form.handleSubmit(submit))}
          alert={message && <Alert type={message.type}>{message.text}</Alert>}
          submitting={submitting}
          submitText={T.sendResetLink}
          busyText={T.sending}
        >
          <FormTextInput control={form.control} name="email" idPrefix="forgot-password" label="Email" type="email" required autoComplete="email" inputMode="email" />
        </AccountForm>
        <ul className="sf-account-auth__links">
          <li>
            <Link to={ACCOUNT_PATHS.login}>Back to sign in</Link>
          </li>
        </ul>
      </div>
    </PageContainer>
  );
}
