import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ACCOUNT_MESSAGES, type AccountAddress, type AccountAddressInput } from '@storefront/contracts';
import { IdempotentWrite, parseIdempotencyKey, requestFingerprint } from '@storefront/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { Customers, isUuid } from '../customers/customers.js';
import { ADDRESS_COLUMNS, ADDRESS_ORDER, accountAddressOf, type AddressRow } from './address-view.js';

/** Enough for any household or contractor; a bound keeps one account's list (and its answer) small. */
export const MAX_ADDRESSES_PER_CUSTOMER = 50;
export const TOO_MANY_ADDRESSES_MESSAGE = `You can save up to ${MAX_ADDRESSES_PER_CUSTOMER} addresses. Please delete one before adding another.`;

/** A write's answer, and whether it is a replay of an earlier one (same Idempotency-Key). */
export interface AddressWriteAnswer {
  status: number;
  body: { success: true; data: AccountAddress };
  replayed: boolean;
}

function addressNotFound(): NotFoundException {
  return new NotFoundException({ message: ACCOUNT_MESSAGES.addressNotFound, errorType: 'addressNotFound' });
}

const INPUT_VALUES = (input: AccountAddressInput) => [
  input.firstName,
  input.lastName,
  input.company,
  input.street1,
  input.street2,
  input.city,
  input.state,
  input.zipCode,
  input.countryId,
  input.phoneNumber,
];

/**
 * A customer's saved addresses. Every write locks the customer's row first, so one customer's writes
 * run one at a time: the 50-address bound holds, and setting a default clears it on the customer's
 * other addresses in the same transaction (the partial unique indexes are the guard behind that).
 * An address is only ever looked up together with its customer: another's id is simply not found.
 */
@Injectable()
export class AddressesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: Customers,
  ) {}

  async list(customerId: string, manager: EntityManager = this.dataSource.manager): Promise<AccountAddress[]> {
    const rows = (await manager.query(`SELECT ${ADDRESS_COLUMNS} FROM customer_address WHERE customer_id = $1 ORDER BY ${ADDRESS_ORDER}`, [customerId])) as AddressRow[];
    return rows.map(accountAddressOf);
  }

  /** POST /api/my-account/address: 201, idempotent by Idempotency-Key (per customer: another's key is never replayed to them). */
  async create(customerId: string, input: AccountAddressInput, idempotencyKeyHeader?: string | string[]): Promise<AddressWriteAnswer> {
    const key = parseIdempotencyKey(idempotencyKeyHeader);
    const write = key ? new IdempotentWrite(key, 'account.address.create', requestFingerprint('account.address.create', input, customerId)) : undefined;
    return this.dataSource.transaction(async (manager) => {
      const earlier = await write?.claim<AddressWriteAnswer['body']>(manager);
      if (earlier) return { status: earlier.status, body: earlier.body, replayed: true };
      if (!(await this.customers.lock(manager, customerId))) throw addressNotFound();
      const data = await this.insert(manager, customerId, input);
      const answer = { status: 201, body: { success: true as const, data } };
      await write?.complete(manager, answer);
      return { ...answer, replayed: false };
    });
  }

  /**
   * Inserts an address of a customer whose row the caller has locked (registration: the new
   * customer's own). The first address becomes both defaults.
   */
  async insert(manager: EntityManager, customerId: string, input: AccountAddressInput): Promise<AccountAddress> {
    const [{ count } = { count: 0 }] = (await manager.query(`SELECT count(*)::int AS count FROM customer_address WHERE customer_id = $1`, [customerId])) as { count: number }[];
    if (count >= MAX_ADDRESSES_PER_CUSTOMER) throw new BadRequestException({ message: TOO_MANY_ADDRESSES_MESSAGE, errorType: 'tooManyAddresses' });
    const first = count === 0;
    const defaults = { shipping: first || input.isDefaultShipping, billing: first || input.isDefaultBilling };
    await this.clearOtherDefaults(manager, customerId, null, defaults);
    const [row] = (await manager.query(
      `INSERT INTO customer_address
         (customer_id, first_name, last_name, company, street1, street2, city, state, zip_code, country_id, phone_number, is_default_shipping, is_default_billing)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       RETURNING ${ADDRESS_COLUMNS}`,
      [customerId, ...INPUT_VALUES(input), defaults.shipping, defaults.billing],
    )) as AddressRow[];
    return accountAddressOf(row!);
  }

  /** PUT /api/my-account/address/:id: the whole address as sent; 404 for an id that is not this customer's. */
  async update(customerId: string, id: string, input: AccountAddressInput): Promise<AccountAddress> {
    if (!isUuid(id)) throw addressNotFound();
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.customers.lock(manager, customerId))) throw addressNotFound();
      // locked: a delete of the same address (another tab) waits for this update, or went first and this is a 404
      const [existing] = (await manager.query(`SELECT id FROM customer_address WHERE id = $1 AND customer_id = $2 FOR UPDATE`, [id, customerId])) as unknown[];
      if (!existing) throw addressNotFound();
      const defaults = { shipping: input.isDefaultShipping, billing: input.isDefaultBilling };
      await this.clearOtherDefaults(manager, customerId, id, defaults);
      const [rows] = (await manager.query(
        `UPDATE customer_address
            SET first_name = $3, last_name = $4, company = $5, street1 = $6, street2 = $7, city = $8, state = $9, zip_code = $10,
                country_id = $11, phone_number = $12, is_default_shipping = $13, is_default_billing = $14, updated_at = clock_timestamp()
          WHERE id = $1 AND customer_id = $2
          RETURNING ${ADDRESS_COLUMNS}`,
        [id, customerId, ...INPUT_VALUES(input), defaults.shipping, defaults.billing],
      )) as [AddressRow[], number];
      const updated = rows[0];
      if (!updated) throw addressNotFound();
      return accountAddressOf(updated);
    });
  }

  /** DELETE /api/my-account/address/:id: 404 for an id that is not this customer's. */
  async remove(customerId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw addressNotFound();
    const [, count] = (await this.dataSource.query(`DELETE FROM customer_address WHERE id = $1 AND customer_id = $2`, [id, customerId])) as [unknown, number];
    if (count === 0) throw addressNotFound();
  }

  /** A default being set here is taken off the customer's other addresses first (one of each kind per customer). */
  private async clearOtherDefaults(manager: EntityManager, customerId: string, exceptId: string | null, set: { shipping: boolean; billing: boolean }): Promise<void> {
    if (set.shipping) {
      await manager.query(`UPDATE customer_address SET is_default_shipping = false WHERE customer_id = $1 AND is_default_shipping AND id IS DISTINCT FROM $2`, [customerId, exceptId]);
    }
    if (set.billing) {
      await manager.query(`UPDATE customer_address SET is_default_billing = false WHERE customer_id = $1 AND is_default_billing AND id IS DISTINCT FROM $2`, [customerId, exceptId]);
    }
  }
}
