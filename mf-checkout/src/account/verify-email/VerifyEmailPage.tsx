import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, accountApi, call, statusMessage } from '@storefront/contracts';
import { Alert, EmptyState, Link, PageContainer, useSearchParams } from '@storefront/ui';
import { ACCOUNT_FORM_TEXT as T } from '../shared/account-text.js';
import { accountError, accountSuccess, useAccountSubmit } from '../shared/use-account-submit.js';
import { AccountForm } from '../shared/AccountForm.js';
import '../shared/account.css';

const PAGE_TITLE = 'Verify Your Email Address';

export const VERIFY_EMAIL_TEXT = {
  lead: 'Confirm that this email address belongs to your account.',
  verify: 'Verify my email address',
  verifying: 'Verifying…',
  goToAccount: 'Go to My Account',
} as const;

/**
 * /verify-email?token=: the e-mailed link's page. The link is spent by pressing the button, not by
 * opening the page: mail scanners that open links must not use it up. An invalid, used or expired
 * link says so and points to My Account, where a new one can be asked for.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { submitting, message: outcome, submit: verify } = useAccountSubmit(async () => {
    const answer = await call(accountApi.verifyEmail, { body: { token } });
    return answer.ok ? accountSuccess(answer.data.message) : accountError(answer.error.message ?? statusMessage(answer.status));
  }, accountError);

  if (!token) {
    return (
      <PageContainer title={PAGE_TITLE}>
        <EmptyState title={ACCOUNT_MESSAGES.verificationLinkInvalid} action={<Link to={ACCOUNT_PATHS.myAccount}>{T.backToAccount}</Link>} />
      </PageContainer>
    );
  }

  return (
    <PageContainer title={PAGE_TITLE}>
      <div className="sf-account-auth">
        {outcome?.type === 'success' ? (
          <>
            <Alert type="success">{outcome.text}</Alert>
            <p>
              <Link to={ACCOUNT_PATHS.myAccount}>{VERIFY_EMAIL_TEXT.goToAccount}</Link>
            </p>
          </>
        ) : (
          <AccountForm
            label={PAGE_TITLE}
            onSubmit={(event) => {
              event.preventDefault();
              void verify();
            }}
            alert={outcome && (
              <Alert type="error">
                {outcome.text} <Link to={ACCOUNT_PATHS.myAccount}>{T.backToAccount}</Link>
              </Alert>
            )}
            submitting={submitting}
            submitText={VERIFY_EMAIL_TEXT.verify}
            busyText={VERIFY_EMAIL_TEXT.verifying}
          >
            <p>{VERIFY_EMAIL_TEXT.lead}</p>
          </AccountForm>
        )}
      </div>
    </PageContainer>
  );
}
