import { useForm } from 'react-hook-form';
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, accountApi, call, statusMessage } from '@storefront/contracts';
import { Alert, EmptyState, Link, PageContainer, useNavigate, useSearchParams } from '@storefront/ui';
import { useValuesTypedBeforeHydration } from '@storefront/ui/form';
import { lazyResolver, usePreloadOnFirstInput } from '../../shared/lazy-resolver.js';
import { ACCOUNT_FORM_TEXT as T } from '../shared/account-text.js';
import { announceSessionChange } from '../shared/browser-call.js';
import { useAccountSubmit } from '../shared/use-account-submit.js';
import type { AccountNoticeState } from '../shared/notice.js';
import { AccountForm, NewPasswordFields } from '../shared/AccountForm.js';
import '../shared/account.css';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

const resetResolver = lazyResolver<ResetValues>(() =>
  import('../shared/account-form-resolvers.js').then(({ resetPasswordFormResolver }) => resetPasswordFormResolver<ResetValues>()),
);

const PAGE_TITLE = 'Reset Your Password';

type Failure = { text: string; linkInvalid: boolean };

const failureOf = (text: string): Failure => ({ text, linkInvalid: false });

/**
 * /reset-password?token=: the e-mailed link's page. New password and its confirmation ('Passwords do
 * not match'), Reset Password. Without a token, or when the server says the link is unknown, used or
 * expired, the page says so and links to /forgot-password. A reset signs the visitor in: the header
 * hears SESSION_CHANGED_EVENT and the visitor goes to My Account.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  if (!token) {
    return (
      <PageContainer title={PAGE_TITLE}>
        <EmptyState title={ACCOUNT_MESSAGES.resetLinkInvalid} action={<Link to={ACCOUNT_PATHS.forgotPassword}>{T.requestNewLink}</Link>} />
      </PageContainer>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  usePreloadOnFirstInput(resetResolver);
  const form = useForm<ResetValues>({ resolver: resetResolver, defaultValues: { password: '', confirmPassword: '' }, mode: 'onTouched', shouldFocusError: true });
  useValuesTypedBeforeHydration(form);

  const { submitting, message: failure, submit, onSubmit } = useAccountSubmit(async (values: ResetValues): Promise<Failure | null> => {
    const answer = await call(accountApi.resetPassword, { body: { token, password: values.password } });
    if (answer.ok) {
      announceSessionChange();
      const state: AccountNoticeState = { notice: ACCOUNT_MESSAGES.passwordChanged };
      navigate(ACCOUNT_PATHS.myAccount, { replace: true, state });
      return null;
    }
    const passwordError = answer.error.errors?.['password'];
    if (passwordError) form.setError('password', { type: 'server', message: passwordError }, { shouldFocus: true });
    const text = answer.error.message ?? statusMessage(answer.status);
    return { text, linkInvalid: text === ACCOUNT_MESSAGES.resetLinkInvalid || Boolean(answer.error.errors?.['token']) };
  }, failureOf);

  return (
    <PageContainer title={PAGE_TITLE}>
      <div className="sf-account-auth">
        <AccountForm
          label="Choose a new password"
          onSubmit={onSubmit(form.handleSubmit(submit))}
          alert={failure && (
            <Alert type="error">
              {failure.text}
              {failure.linkInvalid && (
                <>
                  {' '}
                  <Link to={ACCOUNT_PATHS.forgotPassword}>{T.requestNewLink}</Link>
                </>
              )}
            </Alert>
          )}
          submitting={submitting}
          submitText={T.resetPassword}
          busyText={T.resetting}
        >
          <NewPasswordFields control={form.control} name="password" idPrefix="reset-password" confirmLabel="Confirm password" />
        </AccountForm>
      </div>
    </PageContainer>
  );
}
