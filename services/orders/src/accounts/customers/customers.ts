import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid, type AccountUser } from '@storefront/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { claimRecordsOf } from '../my-orders/account-records.js';

/** A customer's account as the accounts code reads it. */
export interface CustomerRecord {
  id: string;
  /** lowercased */
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  passwordHash: string;
  /** the address was proven by a verification link or a password reset link */
  emailVerified: boolean;
}

/** What registration stores about a new customer (the password only as its argon2id hash). */
export interface NewCustomer {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  companyName: string | null;
  accountType: string | null;
  newsletter: boolean;
  passwordHash: string;
}

interface CustomerRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  password_hash: string;
  email_verified: boolean;
}

const COLUMNS = 'id, email, first_name, last_name, phone, password_hash, email_verified_at IS NOT NULL AS email_verified';

function recordOf(row: CustomerRow): CustomerRecord {
  return { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, phone: row.phone, passwordHash: row.password_hash, emailVerified: row.email_verified };
}

/** An account's e-mail as stored and compared: trimmed, lowercased (one address, one account). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Is `id` shaped like our ids (uuid)? Anything else is no customer's and is never sent to the database. */
export { isUuid };

/** The `customer` table's queries (schema orders). */
@Injectable()
export class Customers {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findByEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<CustomerRecord | undefined> {
    const [row] = (await manager.query(`SELECT ${COLUMNS} FROM customer WHERE email = $1`, [normalizeEmail(email)])) as CustomerRow[];
    return row && recordOf(row);
  }

  async findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<CustomerRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = (await manager.query(`SELECT ${COLUMNS} FROM customer WHERE id = $1`, [id])) as CustomerRow[];
    return row && recordOf(row);
  }

  /** Inserts the account; undefined when the e-mail has one already (the unique index decides, also between concurrent registrations). */
  async insert(manager: EntityManager, customer: NewCustomer): Promise<CustomerRecord | undefined> {
    const [row] = (await manager.query(
      `INSERT INTO customer (email, first_name, last_name, phone, company_name, account_type, newsletter, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (email) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        normalizeEmail(customer.email),
        customer.firstName,
        customer.lastName,
        customer.phone,
        customer.companyName,
        customer.accountType,
        customer.newsletter,
        customer.passwordHash,
      ],
    )) as CustomerRow[];
    return row && recordOf(row);
  }

  async setPasswordHash(manager: EntityManager, customerId: string, passwordHash: string): Promise<void> {
    await manager.query(`UPDATE customer SET password_hash = $2, updated_at = now() WHERE id = $1`, [customerId, passwordHash]);
  }

  /**
   * Records that the account's address is proven (a verification link, or a reset link that reached
   * it) and, in the same transaction, claims the guest orders and staff quotes made with it (account-records.ts).
   */
  async markEmailVerified(manager: EntityManager, customerId: string): Promise<void> {
    await manager.query(`UPDATE customer SET email_verified_at = now(), updated_at = now() WHERE id = $1 AND email_verified_at IS NULL`, [customerId]);
    await claimRecordsOf(manager, customerId);
  }

  /**
   * Locks the customer's row for the caller's transaction: the writes to one customer's addresses
   * (the 50-address bound, the one-default rule) happen one at a time.
   */
  async lock(manager: EntityManager, customerId: string): Promise<boolean> {
    const rows = (await manager.query(`SELECT id FROM customer WHERE id = $1 FOR UPDATE`, [customerId])) as unknown[];
    return rows.length > 0;
  }
}

/** The account's user as answers carry it (spec: data.user). */
export function accountUserOf(customer: Pick<CustomerRecord, 'email' | 'firstName' | 'lastName' | 'phone'>): AccountUser {
  return { email: customer.email, firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone };
}
