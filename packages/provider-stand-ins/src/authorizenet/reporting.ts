import type { ServerResponse } from 'node:http';
import type { StandInBatch, StandInTransaction } from './model.js';
import { answer, dollars, failure, isObject, ok, str, type Json } from './replies.js';

/** the reporting API's page: at most 1000 transactions (paging.limit 1 to 1000, the default) */
const MAX_PAGE = 1000;
/** getSettledBatchList: the dates at most 31 days apart; without them, the last 24 hours */
const MAX_BATCH_RANGE_MS = 31 * 86_400_000;
const DEFAULT_BATCH_RANGE_MS = 86_400_000;

/**
 * The stand-in's reporting API over its transactions and settled batches: what a caller finds
 * transactions by (getTransactionDetails' body, getUnsettledTransactionList, getSettledBatchList,
 * getTransactionList), in Authorize.Net's shapes and with its documented limits.
 */
export function reportingApi(transactions: ReadonlyMap<string, StandInTransaction>, batches: readonly StandInBatch[]) {
  function details(transaction: StandInTransaction): Json {
    return {
      transId: transaction.transId,
      ...(transaction.refTransId ? { refTransId: transaction.refTransId } : {}),
      submitTimeUTC: transaction.submitTimeUTC,
      submitTimeLocal: transaction.submitTimeUTC.replace('Z', ''),
      transactionType: transaction.transactionType,
      transactionStatus: transaction.transactionStatus,
      responseCode: transaction.responseCode,
      responseReasonCode: transaction.responseReasonCode,
      responseReasonDescription: transaction.responseReasonDescription,
      authCode: 'ABC123',
      ...(batchOf(transaction) ? { batch: batchOf(transaction) } : {}),
      AVSResponse: 'Y',
      ...(transaction.invoiceNumber || transaction.description
        ? { order: { ...(transaction.invoiceNumber ? { invoiceNumber: transaction.invoiceNumber } : {}), ...(transaction.description ? { description: transaction.description } : {}) } }
        : {}),
      authAmount: dollars(transaction.amountCents),
      settleAmount: dollars(transaction.amountCents),
      taxExempt: false,
      payment: { creditCard: { cardNumber: `XXXX${transaction.last4}`, expirationDate: 'XXXX', cardType: transaction.cardType } },
      ...(transaction.email ? { customer: { email: transaction.email } } : {}),
      ...(transaction.billTo ? { billTo: transaction.billTo } : {}),
      ...(transaction.shipTo ? { shipTo: transaction.shipTo } : {}),
      recurringBilling: false,
      product: 'Card Not Present',
      marketType: 'eCommerce',
    };
  }

  function batchOf(transaction: StandInTransaction): Json | null {
    const batch = batches.find((entry) => entry.batchId === transaction.batchId);
    if (!batch) return null;
    return {
      batchId: batch.batchId,
      settlementTimeUTC: batch.settlementTimeUTC,
      settlementTimeLocal: batch.settlementTimeUTC.replace('Z', ''),
      settlementState: 'settledSuccessfully',
      marketType: 'eCommerce',
      product: 'Card Not Present',
    };
  }

  /** A page of `all` as the reporting API lists transactions (paging.limit at most 1000, paging.offset the page from 1, sorting). */
  function transactionList(request: Json, all: StandInTransaction[], response: ServerResponse): void {
    const paging = isObject(request.paging) ? request.paging : {};
    const limit = Number(paging.limit ?? MAX_PAGE);
    const page = Number(paging.offset ?? 1);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) return answer(response, { messages: failure('E00003', `paging.limit must be 1 to ${MAX_PAGE} (got ${String(paging.limit)}).`) });
    if (!Number.isInteger(page) || page < 1 || page > 100_000) return answer(response, { messages: failure('E00003', `paging.offset must be 1 to 100000 (got ${String(paging.offset)}).`) });
    const sorting = isObject(request.sorting) ? request.sorting : {};
    const descending = sorting.orderDescending === true || sorting.orderDescending === 'true';
    const sorted = [...all].sort((a, b) => (descending ? -1 : 1) * (a.submitTimeUTC.localeCompare(b.submitTimeUTC) || a.transId.localeCompare(b.transId)));
    const slice = sorted.slice((page - 1) * limit, page * limit);
    if (slice.length === 0) return answer(response, { totalNumInResultSet: 0, messages: ok('No records found.', 'I00004') });
    answer(response, {
      transactions: slice.map((transaction) => ({
        transId: transaction.transId,
        submitTimeUTC: transaction.submitTimeUTC,
        submitTimeLocal: transaction.submitTimeUTC.replace('Z', ''),
        transactionStatus: transaction.transactionStatus,
        ...(transaction.invoiceNumber ? { invoiceNumber: transaction.invoiceNumber } : {}),
        firstName: transaction.billTo?.firstName,
        lastName: transaction.billTo?.lastName,
        accountType: transaction.cardType,
        accountNumber: `XXXX${transaction.last4}`,
        settleAmount: dollars(transaction.amountCents),
        marketType: 'eCommerce',
        product: 'Card Not Present',
      })),
      totalNumInResultSet: sorted.length,
      messages: ok(),
    });
  }

  function unsettledList(request: Json, response: ServerResponse): void {
    // Authorize.Net: without a status the list leaves out what the fraud filters hold; status
    // pendingApproval lists only those
    const held = (status: string) => status === 'FDSPendingReview' || status === 'FDSAuthorizedPendingReview';
    const wantHeld = str(request.status) === 'pendingApproval';
    const all = [...transactions.values()]
      .filter((transaction) => transaction.batchId === null)
      .filter((transaction) => held(transaction.transactionStatus) === wantHeld);
    transactionList(request, all, response);
  }

  /** getSettledBatchList: the batches settled from firstSettlementDate to lastSettlementDate (both or neither, at most 31 days apart). */
  function settledBatchList(request: Json, response: ServerResponse): void {
    const first = str(request.firstSettlementDate);
    const last = str(request.lastSettlementDate);
    if ((first === undefined) !== (last === undefined)) {
      return answer(response, { messages: failure('E00003', 'firstSettlementDate and lastSettlementDate are given together, or neither.') });
    }
    const now = Date.now();
    const from = first === undefined ? now - DEFAULT_BATCH_RANGE_MS : Date.parse(first);
    const to = last === undefined ? now : Date.parse(last);
    if (Number.isNaN(from) || Number.isNaN(to)) return answer(response, { messages: failure('E00003', 'The settlement dates must be XML dateTime values.') });
    if (to < from || to - from > MAX_BATCH_RANGE_MS) return answer(response, { messages: failure('E00003', 'The date range must be at most 31 days, the first date before the last.') });
    const found = batches.filter((batch) => {
      const at = Date.parse(batch.settlementTimeUTC);
      return at >= from && at <= to;
    });
    if (found.length === 0) return answer(response, { messages: ok('No records found.', 'I00004') });
    answer(response, {
      batchList: found.map((batch) => ({
        batchId: batch.batchId,
        settlementTimeUTC: batch.settlementTimeUTC,
        settlementTimeLocal: batch.settlementTimeUTC.replace('Z', ''),
        settlementState: 'settledSuccessfully',
        paymentMethod: 'creditCard',
        marketType: 'eCommerce',
        product: 'Card Not Present',
      })),
      messages: ok(),
    });
  }

  /** getTransactionList: a settled batch's transactions, a page at a time. */
  function batchTransactionList(request: Json, response: ServerResponse): void {
    const batchId = str(request.batchId) ?? (typeof request.batchId === 'number' ? String(request.batchId) : undefined);
    if (!batchId) return answer(response, { messages: failure('E00003', 'batchId is required.') });
    const batch = batches.find((entry) => entry.batchId === batchId);
    transactionList(request, (batch?.transIds ?? []).map((transId) => transactions.get(transId)!), response);
  }

  return { details, unsettledList, settledBatchList, batchTransactionList };
}
