import { useEffect, useRef, useState } from 'react';
import { ADMIN_PATHS, STAFF_SESSION_LIMITS, adminApi, call, type StaffMe, type StaffMeResponse, type StaffRecoveryCodesResponse } from '@storefront/contracts';
import { Button, useNavigate } from '@storefront/ui';
import { StaffScreen, useStaff } from '../session/staff-session.js';
import { useAdminWrite, type WriteProblem } from '../shared/admin-write.js';
import { useClipboardCopy } from '../shared/clipboard.js';
import { ConfirmDialog } from '../shared/ConfirmDialog.js';
import { LocalTime } from '../shared/LocalTime.js';
import './account.css';

const ROLE_WORDS = { sales: 'Sales: orders and quotes, payment links, e-mails, form submissions', manager: 'Manager: everything sales does, plus refunds, operations, staff and the audit log' } as const;

/**
 * /admin/account (everyone signed in): who you are as the back office knows you, new recovery codes
 * (confirmed first: the old ones stop working; the new ones are shown once, to copy) and signing
 * out everywhere (confirmed, then the sign-in page). An API key sees that it is a key, and no
 * actions: it has no password, codes or sessions.
 */
export default function AccountPage() {
  return (
    <StaffScreen title="My account">
      <MyAccount />
    </StaffScreen>
  );
}

function MyAccount() {
  const me = useStaff();
  return me.kind === 'api-key' ? <ApiKeyAccount me={me} /> : <StaffAccount me={me} />;
}

function ApiKeyAccount({ me }: { me: StaffMe }) {
  return (
    <section className="bo-section" aria-labelledby="account-key-title">
      <h2 id="account-key-title">You are using an API key</h2>
      <p>
        This back office is being called with the API key <strong>{me.name}</strong>, with the role {me.role}. A key has no password, two-factor sign-in, recovery codes or sessions, so there is
        nothing to change here.
      </p>
      <p className="bo-muted">
        Keys are listed and revoked on the back office&apos;s command line: <code>npm run -s backoffice -- api-keys list</code>, <code>api-keys revoke --id &lt;id&gt;</code>.
      </p>
    </section>
  );
}

/** The two writes this page confirms first: neither can be taken back. */
const CONFIRMATIONS = {
  codes: {
    title: 'Replace your recovery codes?',
    confirmLabel: 'Make new codes',
    busyLabel: 'Making new codes…',
    warning: 'Your current recovery codes stop working at once. The new ones are shown only once, on this page: have somewhere safe ready to keep them.',
  },
  everywhere: {
    title: 'Sign out everywhere?',
    confirmLabel: 'Sign out everywhere',
    busyLabel: 'Signing out…',
    warning: 'Every session of yours ends, on every device, this one too. You will sign in again with your password and authenticator code.',
  },
} as const;

type Confirming = keyof typeof CONFIRMATIONS | null;

/** The confirm step of one of them, with its write's progress and refusal. */
function Confirm({ which, open, write, onConfirm, onCancel }: { which: keyof typeof CONFIRMATIONS; open: boolean; write: { busy: boolean; problem: WriteProblem | null }; onConfirm(): void; onCancel(): void }) {
  const { warning, ...labels } = CONFIRMATIONS[which];
  return (
    <ConfirmDialog open={open} {...labels} busy={write.busy} problem={write.problem?.message} onConfirm={onConfirm} onCancel={onCancel}>
      <p>{warning}</p>
    </ConfirmDialog>
  );
}

function StaffAccount({ me }: { me: StaffMe }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [codesLeft, setCodesLeft] = useState(me.recoveryCodesLeft);
  const codesWrite = useAdminWrite<StaffRecoveryCodesResponse>();
  const everywhereWrite = useAdminWrite<StaffMeResponse>();
  const clipboard = useClipboardCopy();
  const codesHeading = useRef<HTMLHeadingElement>(null);
  const newCodesButton = useRef<HTMLButtonElement>(null);

  const hidCodes = useRef(false);

  // the new codes are read first: focus on their heading (after the dialog gave focus back); once
  // they are put away, back on the button that makes new ones
  useEffect(() => {
    if (codes) codesHeading.current?.focus();
    else if (hidCodes.current) newCodesButton.current?.focus();
    hidCodes.current = false;
  }, [codes]);

  async function newCodes() {
    const done = await codesWrite.run(() => call(adminApi.newRecoveryCodes, {}));
    if (!done) return;
    clipboard.reset();
    setCodes(done.recoveryCodes);
    setCodesLeft(done.recoveryCodes.length);
    setConfirming(null);
  }

  async function signOutEverywhere() {
    const done = await everywhereWrite.run(() => call(adminApi.signOutEverywhere, {}));
    if (done) navigate(ADMIN_PATHS.signIn, { replace: true });
  }

  function cancel() {
    codesWrite.clear();
    everywhereWrite.clear();
    setConfirming(null);
  }

  return (
    <>
      <section className="bo-section" aria-labelledby="account-who-title">
        <h2 id="account-who-title">Who you are</h2>
        <dl className="bo-account__facts">
          <dt>Name</dt>
          <dd>{me.name}</dd>
          <dt>E-mail</dt>
          <dd>{me.email}</dd>
          <dt>Role</dt>
          <dd>{ROLE_WORDS[me.role]}</dd>
          <dt>Two-factor sign-in</dt>
          <dd>{me.twoFactor ? 'On: every sign-in asks for the code of your authenticator app.' : 'Off: ask a manager for a new setup link to add an authenticator app.'}</dd>
          <dt>Recovery codes left</dt>
          <dd data-testid="recovery-codes-left">
            {codesLeft}
            {me.twoFactor && codesLeft <= 2 && <span className="bo-account__low"> — make new ones before you run out</span>}
          </dd>
          <dt>This session ends</dt>
          <dd>
            {me.sessionExpiresAt ? (
              <>
                At <LocalTime iso={me.sessionExpiresAt} /> at the latest ({STAFF_SESSION_LIMITS.absoluteHours} hours after you signed in), or after {STAFF_SESSION_LIMITS.idleMinutes} minutes
                without activity.
              </>
            ) : (
              `After ${STAFF_SESSION_LIMITS.idleMinutes} minutes without activity, and ${STAFF_SESSION_LIMITS.absoluteHours} hours after you signed in.`
            )}
          </dd>
        </dl>
      </section>

      {me.twoFactor && (
        <section className="bo-section" aria-labelledby={codes ? 'account-new-codes-title' : 'account-codes-title'}>
          {codes ? (
            <div className="bo-account__codes">
              <h2 id="account-new-codes-title" ref={codesHeading} tabIndex={-1}>
                Your new recovery codes
              </h2>
              <p>
                Each code signs you in once in place of an authenticator code, if your phone is lost. Your old codes no longer work. Keep these somewhere safe: they are not shown again.
              </p>
              <ol className="bo-account__code-list" aria-label="New recovery codes">
                {codes.map((code) => (
                  <li key={code}>
                    <code>{code}</code>
                  </li>
                ))}
              </ol>
              <div className="bo-actions">
                <Button onClick={() => void clipboard.copy(codes.join('\n'))}>Copy all codes</Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    hidCodes.current = true;
                    setCodes(null);
                  }}
                >
                  I have saved them
                </Button>
              </div>
              <p className="bo-account__copy-status" role="status" aria-live="polite">
                {clipboard.outcome === 'copied' ? 'Copied' : clipboard.outcome === 'failed' ? 'The codes could not be copied here: select them in the list and copy them by hand.' : ''}
              </p>
            </div>
          ) : (
            <>
              <h2 id="account-codes-title">Recovery codes</h2>
              <p>If your phone is lost, a recovery code signs you in once in place of an authenticator code. New codes replace the ones you have.</p>
              <Button ref={newCodesButton} variant="secondary" onClick={() => setConfirming('codes')}>
                New recovery codes
              </Button>
            </>
          )}
        </section>
      )}

      <section className="bo-section" aria-labelledby="account-everywhere-title">
        <h2 id="account-everywhere-title">Sign out everywhere</h2>
        <p>Ends every session of yours, on every device, this one included: if you signed in on a computer you no longer use, or think someone else can use your session.</p>
        <Button variant="secondary" onClick={() => setConfirming('everywhere')}>
          Sign out everywhere
        </Button>
      </section>

      <Confirm which="codes" open={confirming === 'codes'} write={codesWrite} onConfirm={() => void newCodes()} onCancel={cancel} />
      <Confirm which="everywhere" open={confirming === 'everywhere'} write={everywhereWrite} onConfirm={() => void signOutEverywhere()} onCancel={cancel} />
    </>
  );
}
