import type { StaffMe } from '@storefront/contracts';
import type { AdminCaller } from '@storefront/service-kit';
import type { EntityManager } from 'typeorm';
import { findStaff, type StaffRecord } from './members/staff-members.js';
import { recoveryCodesLeft } from './two-factor/recovery-codes.js';

/** Who a staff member is, as /api/admin/me answers it. */
export async function staffMe(db: Pick<EntityManager, 'query'>, staff: StaffRecord, sessionExpiresAt: Date | null): Promise<StaffMe> {
  return {
    kind: 'staff',
    id: staff.id,
    name: staff.name,
    email: staff.email,
    role: staff.role,
    twoFactor: staff.sealedTotpSecret !== null,
    recoveryCodesLeft: await recoveryCodesLeft(db, staff.id),
    sessionExpiresAt: sessionExpiresAt ? sessionExpiresAt.toISOString() : null,
  };
}

/** The caller of an admin route as /api/admin/me answers it: the staff member, or the API key. */
export async function callerMe(db: Pick<EntityManager, 'query'>, caller: AdminCaller, sessionExpiresAt: Date | null): Promise<StaffMe> {
  if (caller.kind === 'api-key') {
    return { kind: 'api-key', id: caller.id, name: caller.name, email: null, role: caller.role, twoFactor: false, recoveryCodesLeft: 0, sessionExpiresAt: null };
  }
  const staff = await findStaff(db, caller.id);
  if (!staff) throw new Error(`The signed-in staff member ${caller.id} is gone`);
  return staffMe(db, staff, sessionExpiresAt);
}
