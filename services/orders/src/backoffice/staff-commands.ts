import type { StaffMember } from '@storefront/contracts';
import type { DataSource } from 'typeorm';
import { Passwords } from '../accounts/index.js';
import { linkSiteUrlOf } from '../quotes/index.js';
import { StaffSessions, StaffSetup, readStaffConfig } from '../staff/index.js';

/** The staff's setup links as the command line issues them (the service's own StaffSetup, built without Nest). */
export function staffSetup(db: DataSource, env: Record<string, string | undefined>): { create: StaffSetup['create']; newLink: StaffSetup['newLink'] } {
  const config = readStaffConfig(env);
  const setup = new StaffSetup(db, config, new Passwords(), new StaffSessions(db, config));
  const siteUrl = linkSiteUrlOf(env);
  return {
    create: (manager, input) => setup.create(manager, input, siteUrl),
    newLink: (manager, staffId) => setup.newLink(manager, staffId, siteUrl),
  };
}

/** The readable form of `staff list`. */
export function staffTable(staff: readonly StaffMember[]): string {
  if (staff.length === 0) return 'No staff members. Add the first manager with: npm run -s backoffice -- staff create --email <e-mail> --name <name> --role manager';
  const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '-');
  const state = (member: StaffMember) => (member.disabledAt ? 'disabled' : member.activatedAt ? (member.twoFactor ? 'active, 2FA' : 'active') : 'setup link sent');
  const rows = [['E-MAIL', 'NAME', 'ROLE', 'STATE', 'LAST SIGN-IN (UTC)'], ...staff.map((member) => [member.email, member.name, member.role, state(member), when(member.lastSignInAt)])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
}
