/** A PayPal order and capture as the stand-in holds them (read by the stand-in's API and its approval page). */

export interface Money {
  currency_code: string;
  value: string;
}

export interface StandInCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Money;
  invoice_id?: string;
  custom_id?: string;
  refunded: number;
  create_time: string;
  status_details?: { reason: string };
}

export interface StandInOrder {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: Money;
  invoiceId?: string;
  customId?: string;
  description?: string;
  returnUrl?: string;
  cancelUrl?: string;
  /** created with payment_source.paypal.experience_context: the payer-action link (else the approve link) */
  experienceContext: boolean;
  funding: 'good' | 'declined' | 'pending';
  payerId?: string;
  capture?: StandInCapture;
  createTime: string;
  updateTime: string;
}

/** A refund of a capture. */
export interface StandInRefund {
  id: string;
  captureId: string;
  orderId: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED';
  amount: Money;
  invoiceId?: string;
  customId?: string;
  createTime: string;
}
