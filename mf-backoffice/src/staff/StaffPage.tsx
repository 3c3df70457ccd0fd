import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ADMIN_PATHS,
  adminApi,
  call,
  staffCreateRequestSchema,
  type StaffCreateResponse,
  type StaffMe,
  type StaffMember,
  type StaffMemberResponse,
  type StaffRole,
} from '@storefront/contracts';
import { Alert, Button, ErrorState, LoadingState, useBrowserCall, useNavigate } from '@storefront/ui';
import { RadioGroup } from '@storefront/ui/fields';
import { FormSelect, FormTextInput, schemaResolver } from '@storefront/ui/form';
import { StaffScreen, useStaff } from '../session/staff-session.js';
import { useAdminWrite } from '../shared/admin-write.js';
import { FormSubmit } from '../shared/FormSubmit.js';
import { ConfirmDialog } from '../shared/ConfirmDialog.js';
import { CopyLink } from '../shared/CopyLink.js';
import { LocalTime } from '../shared/LocalTime.js';
import './staff.css';

/** The roles as a manager chooses them, least first, with what each may do. */
export const ROLE_CHOICES: readonly { value: StaffRole; label: string; description: string }[] = [
  { value: 'sales', label: 'Sales', description: 'Orders and quotes, payment links, resending e-mails, form submissions.' },
  { value: 'manager', label: 'Manager', description: 'All of that, plus refunds, cancelling, split payment, operations, staff and the audit log.' },
];

const roleLabel = (role: StaffRole) => ROLE_CHOICES.find((choice) => choice.value === role)?.label ?? role;

/** The order the server lists staff in: active before disabled, managers first, then by name. */
function staffOrder(a: StaffMember, b: StaffMember): number {
  return (
    Number(a.disabledAt !== null) - Number(b.disabledAt !== null) ||
    Number(b.role === 'manager') - Number(a.role === 'manager') ||
    a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
    a.createdAt.localeCompare(b.createdAt)
  );
}

/**
 * /admin/staff (managers): the colleagues who use the back office, adding one (their one-time
 * setup link is shown once, to copy and send), changing a role, disabling or enabling someone
 * (disabling ends their sessions at once) and a new setup link for a lost phone or password. The
 * server refuses to leave the business without an active manager and says so; changing your own
 * role or disabling yourself is warned about before it is sent.
 */
export default function StaffPage() {
  return (
    <StaffScreen title="Staff" role="manager">
      <StaffDirectory />
    </StaffScreen>
  );
}

type StaffAction = { kind: 'role' | 'disable' | 'enable' | 'setup-link'; member: StaffMember };

interface IssuedLink {
  member: StaffMember;
  link: StaffCreateResponse['setupLink'];
  why: 'added' | 'new-link';
}

function StaffDirectory() {
  const me = useStaff();
  const navigate = useNavigate();
  const list = useBrowserCall((signal) => call(adminApi.listStaff, { signal }), 'staff');
  const [action, setAction] = useState<StaffAction | null>(null);
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const [notice, setNotice] = useState('');
  const issuedHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  // a link just issued is read first (focus on its heading); it is shown only this once
  useEffect(() => {
    if (issued) issuedHeading.current?.focus();
  }, [issued]);

  function replaceMember(member: StaffMember) {
    list.update((data) => ({ staff: data.staff.map((one) => (one.id === member.id ? member : one)) }));
  }

  function linkIssued(answer: StaffCreateResponse, why: IssuedLink['why']) {
    if (why === 'added') list.update((data) => ({ staff: [...data.staff.filter((one) => one.id !== answer.staff.id), answer.staff].sort(staffOrder) }));
    else replaceMember(answer.staff);
    setNotice('');
    setIssued({ member: answer.staff, link: answer.setupLink, why });
  }

  function updated(member: StaffMember, kind: 'role' | 'disable' | 'enable') {
    setAction(null);
    replaceMember(member);
    const self = member.id === me.id;
    // your own account: what you could do here has just changed (a disabled one is signed out)
    if (self && kind === 'disable') return navigate(ADMIN_PATHS.signIn, { replace: true });
    if (self && kind === 'role' && member.role !== 'manager') return navigate(ADMIN_PATHS.home, { replace: true });
    setNotice(
      kind === 'role'
        ? `${member.name} is now ${roleLabel(member.role).toLowerCase()}.`
        : kind === 'disable'
          ? `${member.name} is disabled: their sessions have ended.`
          : `${member.name} is enabled and can sign in again.`,
    );
  }

  return (
    <>
      {issued && (
        <section className="bo-section bo-staff__issued" aria-labelledby="staff-issued-title">
          <h2 id="staff-issued-title" ref={issuedHeading} tabIndex={-1}>
            Setup link for {issued.member.name}
          </h2>
          <p>
            {issued.why === 'added'
              ? `${issued.member.name} (${issued.member.email}) was added as ${roleLabel(issued.member.role).toLowerCase()}. `
              : `Their older unused setup links no longer work. `}
            Send them this link: it works once, until <LocalTime iso={issued.link.expiresAt} />. It is shown only now, so copy it before you leave this page.
          </p>
          <CopyLink url={issued.link.url} label={`Setup link for ${issued.member.name}`} />
          <div className="bo-actions">
            <Button
              variant="secondary"
              onClick={() => {
                setIssued(null);
                listHeading.current?.focus();
              }}
            >
              Done: hide the link
            </Button>
          </div>
        </section>
      )}

      <section className="bo-section" aria-labelledby="staff-list-title">
        <h2 id="staff-list-title" ref={listHeading} tabIndex={-1}>
          Colleagues
        </h2>
        <p className="bo-staff__notice" role="status">
          {notice}
        </p>
        {list.status === 'failed' ? (
          <ErrorState title="The staff could not be loaded" message={list.message} onRetry={list.reload} />
        ) : list.status !== 'ready' ? (
          <LoadingState label="Loading the staff…" />
        ) : (
          <div className="bo-table-scroll" role="region" aria-labelledby="staff-caption" tabIndex={0}>
            <table className="bo-table bo-staff__table">
              <caption id="staff-caption" className="sf-visually-hidden">
                Staff members, managers first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name and e-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">State</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.data.staff.map((member) => (
                  <StaffRow key={member.id} member={member} me={me} onAction={(kind) => setAction({ kind, member })} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="bo-section" aria-labelledby="staff-add-title">
        <h2 id="staff-add-title">Add a colleague</h2>
        <p className="bo-muted">They get a one-time setup link to choose a password and add the back office to an authenticator app. You send it to them.</p>
        <AddColleagueForm onAdded={(answer) => linkIssued(answer, 'added')} />
      </section>

      {action?.kind === 'role' && <RoleDialog key={action.member.id} member={action.member} me={me} onCancel={() => setAction(null)} onDone={(member) => updated(member, 'role')} />}
      {(action?.kind === 'disable' || action?.kind === 'enable') && (
        <AccessDialog key={action.member.id} member={action.member} disable={action.kind === 'disable'} me={me} onCancel={() => setAction(null)} onDone={(member) => updated(member, action.kind === 'disable' ? 'disable' : 'enable')} />
      )}
      {action?.kind === 'setup-link' && (
        <SetupLinkDialog
          key={action.member.id}
          member={action.member}
          onCancel={() => setAction(null)}
          onDone={(answer) => {
            setAction(null);
            linkIssued(answer, 'new-link');
          }}
        />
      )}
    </>
  );
}

function StaffState({ member }: { member: StaffMember }) {
  if (member.disabledAt) return <span className="sf-status sf-status--neutral">Disabled</span>;
  if (!member.activatedAt) return <span className="sf-status sf-status--info">Setup link sent</span>;
  return (
    <span className="bo-staff__state">
      <span className="sf-status sf-status--success">Active</span>
      {member.twoFactor ? <span className="sf-status sf-status--success">2FA</span> : <span className="sf-status sf-status--warning">No 2FA</span>}
    </span>
  );
}

function StaffRow({ member, me, onAction }: { member: StaffMember; me: StaffMe; onAction: (kind: StaffAction['kind']) => void }) {
  const self = member.id === me.id;
  const whom = <span className="sf-visually-hidden">{self ? ' (your own account)' : ` of ${member.name}`}</span>;
  return (
    <tr>
      <th scope="row" className="bo-staff__name">
        {member.name}
        {self && <span className="bo-staff__you"> (you)</span>}
        <span className="bo-staff__email">{member.email}</span>
      </th>
      <td>{roleLabel(member.role)}</td>
      <td>
        <StaffState member={member} />
      </td>
      <td>{member.lastSignInAt ? <LocalTime iso={member.lastSignInAt} /> : <span className="bo-muted">Never</span>}</td>
      <td>
        <div className="bo-actions bo-staff__actions">
          <Button variant="secondary" onClick={() => onAction('role')}>
            Change role{whom}
          </Button>
          {member.disabledAt ? (
            <Button variant="secondary" onClick={() => onAction('enable')}>
              Enable{whom}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => onAction('disable')}>
              Disable{whom}
            </Button>
          )}
          {/* a disabled colleague's setup link would not open: enable them first */}
          {!member.disabledAt && (
            <Button variant="secondary" onClick={() => onAction('setup-link')}>
              New setup link{whom}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Changing a role: the two roles to choose from, and a clear warning before you demote yourself. */
function RoleDialog({ member, me, onCancel, onDone }: { member: StaffMember; me: StaffMe; onCancel: () => void; onDone: (member: StaffMember) => void }) {
  const [role, setRole] = useState<StaffRole>(member.role);
  const write = useAdminWrite<StaffMemberResponse>();
  const self = member.id === me.id;
  const demotingSelf = self && member.role === 'manager' && role !== 'manager';
  async function save() {
    if (role === member.role) return onCancel();
    const done = await write.run(() => call(adminApi.updateStaff, { params: { staffId: member.id }, body: { role } }));
    if (done) onDone(done.staff);
  }
  return (
    <ConfirmDialog
      open
      title={self ? 'Change your own role' : `Change ${member.name}'s role`}
      confirmLabel={demotingSelf ? 'Make myself sales' : 'Save role'}
      busyLabel="Saving…"
      busy={write.busy}
      problem={write.problem && !write.problem.errors.role ? write.problem.message : null}
      onConfirm={() => void save()}
      onCancel={onCancel}
    >
      <RadioGroup
        id="staff-role-choice"
        name="role"
        label={`Role of ${member.name}`}
        options={ROLE_CHOICES}
        value={role}
        onChange={(value) => setRole(value as StaffRole)}
        error={write.problem?.errors.role}
        layout="card"
      />
      {demotingSelf && (
        <Alert type="warning">
          This is your own account. As sales you lose the Staff, Audit log and Operations pages and the manager actions as soon as you save, and only another manager can give them back.
        </Alert>
      )}
    </ConfirmDialog>
  );
}

/** Disabling (their sessions end at once) or enabling a colleague, confirmed first; yourself with a warning. */
function AccessDialog({ member, disable, me, onCancel, onDone }: { member: StaffMember; disable: boolean; me: StaffMe; onCancel: () => void; onDone: (member: StaffMember) => void }) {
  const write = useAdminWrite<StaffMemberResponse>();
  const self = member.id === me.id;
  async function confirm() {
    const done = await write.run(() => call(adminApi.updateStaff, { params: { staffId: member.id }, body: { disabled: disable } }));
    if (done) onDone(done.staff);
  }
  const problem = write.problem && [write.problem.message, ...Object.values(write.problem.errors).filter((message) => message !== write.problem?.message)].join(' ');
  return (
    <ConfirmDialog
      open
      title={disable ? (self ? 'Disable your own account?' : `Disable ${member.name}?`) : `Enable ${member.name}?`}
      confirmLabel={disable ? (self ? 'Disable my account' : `Disable ${member.name}`) : `Enable ${member.name}`}
      busyLabel={disable ? 'Disabling…' : 'Enabling…'}
      busy={write.busy}
      problem={problem}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      {disable ? (
        <p>They are signed out everywhere at once and cannot sign in until a manager enables them again. Their name stays in the audit log.</p>
      ) : (
        <p>They can sign in again with their password and authenticator app{member.activatedAt ? '' : ' once they have used their setup link'}.</p>
      )}
      {disable && self && (
        <Alert type="warning">This is your own account: you will be signed out at once, and only another manager can enable you again.</Alert>
      )}
    </ConfirmDialog>
  );
}

/** A new setup link for a lost phone or a forgotten password (their older unused links stop working). */
function SetupLinkDialog({ member, onCancel, onDone }: { member: StaffMember; onCancel: () => void; onDone: (answer: StaffCreateResponse) => void }) {
  const write = useAdminWrite<StaffCreateResponse>();
  async function confirm() {
    const done = await write.run(() => call(adminApi.newSetupLink, { params: { staffId: member.id } }));
    if (done) onDone(done);
  }
  return (
    <ConfirmDialog
      open
      title={`A new setup link for ${member.name}?`}
      confirmLabel="Make a new link"
      busyLabel="Making the link…"
      busy={write.busy}
      problem={write.problem?.message}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <p>
        For a lost phone or a forgotten password. Their older unused links stop working. When they open the new one, they choose a new password and authenticator, get new recovery codes, and their
        sessions end.
      </p>
    </ConfirmDialog>
  );
}

interface AddValues {
  email: string;
  name: string;
  role: StaffRole;
}

const ADD_DEFAULTS: AddValues = { email: '', name: '', role: 'sales' };
const addResolver = schemaResolver<AddValues>(staffCreateRequestSchema);

/** E-mail, name and role of a new colleague; the server's refusal (an e-mail in use) at its field. */
function AddColleagueForm({ onAdded }: { onAdded: (answer: StaffCreateResponse) => void }) {
  const form = useForm<AddValues>({ resolver: addResolver, defaultValues: ADD_DEFAULTS, mode: 'onTouched', shouldFocusError: true });
  const write = useAdminWrite<StaffCreateResponse>();
  const { problem } = write;

  // a 400's messages at their fields; an e-mail already in use (409) at the e-mail
  useEffect(() => {
    if (!problem) return;
    const fields = Object.entries(problem.errors).filter((entry): entry is [keyof AddValues, string] => entry[0] in ADD_DEFAULTS);
    if (problem.status === 409 && fields.length === 0) fields.push(['email', problem.message]);
    fields.forEach(([field, message], index) => form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
  }, [problem, form]);

  const submit = form.handleSubmit(async (values) => {
    const done = await write.run(() => call(adminApi.createStaff, { body: { email: values.email, name: values.name, role: values.role } }));
    if (done) {
      form.reset(ADD_DEFAULTS);
      onAdded(done);
    }
  });

  return (
    <form className="bo-form" noValidate aria-labelledby="staff-add-title" onSubmit={(event) => void submit(event)}>
      {problem && <Alert type="error">{problem.message}</Alert>}
      <FormTextInput control={form.control} name="email" idPrefix="staff-add" label="E-mail" type="email" required autoComplete="off" inputMode="email" />
      <FormTextInput control={form.control} name="name" idPrefix="staff-add" label="Name" required autoComplete="off" />
      <FormSelect control={form.control} name="role" idPrefix="staff-add" label="Role" required options={ROLE_CHOICES} hint="Sales: orders, quotes and form submissions. Manager: also refunds, operations, staff and the audit log." />
      <FormSubmit busy={write.busy} label="Add colleague" busyLabel="Adding…" />
    </form>
  );
}
