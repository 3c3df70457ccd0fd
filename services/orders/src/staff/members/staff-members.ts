import { STAFF_MESSAGES, isUuid, roleAllows, type StaffMember, type StaffRole } from '@storefront/contracts';
import type { DataSource, EntityManager } from 'typeorm';

type Queryable = Pick<EntityManager, 'query'> | DataSource;

/** A staff member's row, with what sign-in needs (never sent to a browser as is). */
export interface StaffRecord {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string | null;
  /** the authenticator key as stored: sealed (two-factor/totp-secrets.ts), so open it to use it */
  sealedTotpSecret: string | null;
  totpLastStep: number | null;
  activatedAt: Date | null;
  disabledAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
}

interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: string | null;
  activated_at: Date | null;
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
}

/** A refusal in the business's words (a duplicate e-mail, the last manager): 404 or 409 at the API, exit 1 at the CLI. */
export class StaffRefusal extends Error {
  override readonly name = 'StaffRefusal';
  constructor(
    message: string,
    readonly kind: 'not-found' | 'conflict',
  ) {
    super(message);
  }
}

const recordOf = (row: StaffRow): StaffRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  passwordHash: row.password_hash,
  sealedTotpSecret: row.totp_secret,
  totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  activatedAt: row.activated_at,
  disabledAt: row.disabled_at,
  lastSignInAt: row.last_sign_in_at,
  createdAt: row.created_at,
});

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

/** A staff member as the back office shows them: never the password hash or the authenticator key. */
export function staffMemberOf(record: StaffRecord): StaffMember {
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    role: record.role,
    activatedAt: iso(record.activatedAt),
    disabledAt: iso(record.disabledAt),
    twoFactor: record.sealedTotpSecret !== null,
    lastSignInAt: iso(record.lastSignInAt),
    createdAt: new Date(record.createdAt).toISOString(),
  };
}

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffRecord | undefined> {
  const [row] = (await db.query(`SELECT * FROM staff_member WHERE lower(email) = lower($1)`, [email])) as StaffRow[];
  return row && recordOf(row);
}

export async function findStaff(db: Queryable, id: string, { lock = false } = {}): Promise<StaffRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = (await db.query(`SELECT * FROM staff_member WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])) as StaffRow[];
  return row && recordOf(row);
}

export async function listStaff(db: Queryable): Promise<StaffRecord[]> {
  const rows = (await db.query(`SELECT * FROM staff_member ORDER BY disabled_at IS NOT NULL, role = 'manager' DESC, lower(name), created_at`)) as StaffRow[];
  return rows.map(recordOf);
}

/** Is any staff member able to sign in (set up and not disabled)? The admin API exists only then, or with an active key. */
export async function anyActiveStaff(db: Queryable): Promise<boolean> {
  const [row] = (await db.query(`SELECT EXISTS (SELECT 1 FROM staff_member WHERE disabled_at IS NULL) AS any`)) as { any: boolean }[];
  return row?.any === true;
}

/** Adds a staff member (not yet able to sign in: their setup link sets the password). */
export async function insertStaff(manager: EntityManager, input: { email: string; name: string; role: StaffRole }): Promise<StaffRecord> {
  const rows = (await manager.query(
    `INSERT INTO staff_member (email, name, role) VALUES ($1, $2, $3)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING *`,
    [input.email.trim().toLowerCase(), input.name.trim(), input.role],
  )) as StaffRow[];
  if (rows.length === 0) throw new StaffRefusal(STAFF_MESSAGES.staffExists, 'conflict');
  return recordOf(rows[0]!);
}

/**
 * Changes a role or disables a staff member, under a lock of every manager row, so two managers
 * demoting each other at once cannot leave the business without one. Disabling ends their sessions.
 */
export async function updateStaff(manager: EntityManager, id: string, change: { role?: StaffRole; disabled?: boolean }): Promise<{ before: StaffRecord; after: StaffRecord }> {
  await manager.query(`SELECT id FROM staff_member WHERE role = 'manager' AND disabled_at IS NULL ORDER BY id FOR UPDATE`);
  const before = await findStaff(manager, id, { lock: true });
  if (!before) throw new StaffRefusal(STAFF_MESSAGES.staffNotFound, 'not-found');
  const role = change.role ?? before.role;
  const disabled = change.disabled ?? before.disabledAt !== null;
  const stopsBeingManager = before.role === 'manager' && before.disabledAt === null && (!roleAllows(role, 'manager') || disabled);
  if (stopsBeingManager) {
    const [row] = (await manager.query(`SELECT count(*)::int AS managers FROM staff_member WHERE role = 'manager' AND disabled_at IS NULL AND activated_at IS NOT NULL AND id <> $1`, [id])) as {
      managers: number;
    }[];
    if ((row?.managers ?? 0) === 0) throw new StaffRefusal(STAFF_MESSAGES.lastManager, 'conflict');
  }
  const [rows] = (await manager.query(
    `UPDATE staff_member SET role = $2,
            disabled_at = CASE WHEN $3::boolean THEN COALESCE(disabled_at, now()) ELSE NULL END
      WHERE id = $1 RETURNING *`,
    [id, role, disabled],
  )) as [StaffRow[], number];
  if (disabled) await manager.query(`DELETE FROM staff_session WHERE staff_id = $1`, [id]);
  return { before, after: recordOf(rows[0]!) };
}
