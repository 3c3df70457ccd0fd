import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AccountOrderSummary, AccountQuoteSummary } from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { claimRecordsOf } from './account-records.js';

/**
 * My Orders and My Quotes list at most this many, newest first: a customer of sample doors and
 * cabinet quotes has a handful; the bound keeps one account's answer small whatever happens.
 */
export const MY_LIST_LIMIT = 100;

interface OrderRow {
  id: string;
  order_increment_id: string;
  created_at: Date;
  status: string;
  payment_status: string;
  total_cents: string | number;
  total_item_count: number;
}

interface QuoteRow {
  id: string;
  quote_increment_id: string;
  created_at: Date;
  status: string;
  total_cents: string | number;
  po_number: string | null;
}

/**
 * The signed-in customer's orders and quotes (My Account): rows whose customer_id is the session's
 * customer. Those are what the account made (an order placed while signed in, a quote paid through
 * its link while signed in) and, once its e-mail is verified, the guest orders and staff quotes with
 * that address, claimed here first in the same transaction (account-records.ts) so records made
 * since the verification join too.
 */
@Injectable()
export class MyOrdersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The customer's rows `sql` selects ($1: their id), read after their records are claimed, in one transaction. */
  private claimedRows<T>(customerId: string, sql: string): Promise<T[]> {
    return this.dataSource.transaction(async (manager) => {
      await claimRecordsOf(manager, customerId);
      return (await manager.query(sql, [customerId])) as T[];
    });
  }

  async orders(customerId: string): Promise<AccountOrderSummary[]> {
    const rows = await this.claimedRows<OrderRow>(
      customerId,
      `SELECT id, order_increment_id, created_at, status, payment_status, total_cents, total_item_count
         FROM orders WHERE customer_id = $1 ORDER BY created_at DESC, order_increment_id DESC LIMIT ${MY_LIST_LIMIT}`,
    );
    return rows.map((row) => ({
      id: row.id,
      orderIncrementId: row.order_increment_id,
      createdAt: new Date(row.created_at).toISOString(),
      status: row.status,
      paymentStatus: row.payment_status,
      total: Number(row.total_cents),
      totalItemCount: row.total_item_count,
    }));
  }

  async quotes(customerId: string): Promise<AccountQuoteSummary[]> {
    const rows = await this.claimedRows<QuoteRow>(
      customerId,
      `SELECT id, quote_increment_id, created_at, status, total_cents, po_number
         FROM quote WHERE customer_id = $1 ORDER BY created_at DESC, quote_increment_id DESC LIMIT ${MY_LIST_LIMIT}`,
    );
    return rows.map((row) => ({
      id: row.id,
      quoteIncrementId: row.quote_increment_id,
      createdAt: new Date(row.created_at).toISOString(),
      status: row.status,
      total: Number(row.total_cents),
      poNumber: row.po_number,
    }));
  }
}
