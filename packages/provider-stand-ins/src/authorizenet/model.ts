// What the Authorize.Net stand-in keeps: its transactions and its settled batches.

export interface AuthorizeNetAddress {
  firstName?: string;
  lastName?: string;
  company?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  phoneNumber?: string;
}

/** A transaction as the stand-in keeps it: never the card number, only its last four. */
export interface StandInTransaction {
  transId: string;
  transactionType: 'authCaptureTransaction' | 'refundTransaction';
  transactionStatus: string;
  responseCode: number;
  responseReasonCode: number;
  responseReasonDescription: string;
  amountCents: number;
  refundedCents: number;
  last4: string;
  cardType: string;
  invoiceNumber: string | null;
  description: string | null;
  email: string | null;
  billTo: AuthorizeNetAddress | null;
  shipTo: AuthorizeNetAddress | null;
  refTransId: string | null;
  submitTimeUTC: string;
  /** the settled batch it went out in (null until the nightly settlement takes it) */
  batchId: string | null;
}

/** A settled batch: what the nightly settlement took, at one time. */
export interface StandInBatch {
  batchId: string;
  settlementTimeUTC: string;
  transIds: string[];
}
