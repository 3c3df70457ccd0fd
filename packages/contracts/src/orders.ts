import type { SampleFinish, ShippingDestination } from './cart.js';

export type AddressType = 'billing' | 'shipping';

export interface OrderAddress {
  type: AddressType;
  email: string;
  firstName: string;
  lastName: string;
  street1: string;
  street2?: string;
  city: string;
  state: string;
  zipCode: string;
  countryId: string;
  phoneNumber: string;
  customerId?: string;
}

export type OrderState = 'new' | 'processing' | 'complete' | 'canceled';
/** Order statuses the storefront sets; badges know more (see status badges in the spec). */
export type OrderStatus = 'pending' | 'pending_payment' | 'ordered' | (string & {});
export type PaymentStatus = 'completed' | 'pending' | 'failed' | 'on_hold' | 'success';

export interface StatusHistoryEntry {
  status: string;
  comment: string;
  isCustomerNotified: boolean;
  createdAt: string;
}

export interface OrderItem {
  sku: string;
  name: string;
  price: number;
  originalPrice: number;
  priceInclTax: number;
  qty: number;
  weight: number;
  rowWeight: number;
  rowTotal: number;
  taxPercent: number;
  taxAmount: number;
  rowTotalInclTax: number;
  customOptions: { type: string; label: string; value?: string }[];
}

export interface OrderPayment {
  id: string;
  status: PaymentStatus;
  amount: number;
  amountPaid: number;
  transactionId: string | null;
  method: string;
  methodLabel: string;
  createdAt: string;
  additionalData: Record<string, unknown>;
}

export interface Order {
  id: string;
  orderIncrementId: string;
  createdAt: string;
  state: OrderState;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  email: string;
  firstName: string;
  lastName: string;
  customerIsGuest: boolean;
  customerId: string | null;
  poNumber: string | null;
  orderCurrencyCode: 'USD';
  subtotal: number;
  shippingAmount: number;
  shippingMethod: string;
  shippingLabel: string;
  taxAmount: number;
  discountAmount: number;
  total: number;
  weight: number;
  totalItemCount: number;
  additionalNotes: string | null;
  emailSent: boolean;
  splitPaymentEnabled: boolean;
  minimumSplitAmount: number | null;
  items: OrderItem[];
  addresses: OrderAddress[];
  payments: OrderPayment[];
  statusHistory: StatusHistoryEntry[];
}

/**
 * POST /api/order body. The browser says who is ordering what and where it goes; every amount
 * (prices, shipping, tax, totals) is computed by the orders service from content/ and never read
 * from this payload.
 */
export interface CreateOrderRequest {
  email: string;
  firstName: string;
  lastName: string;
  customerId?: string;
  items: { sku: string; qty: number; finish?: SampleFinish }[];
  addresses: OrderAddress[];
  paymentMethod?: string;
  additionalNotes?: string;
}

export interface OrderResponse {
  success: true;
  status: 200 | 201;
  data: Order;
}

export const ORDER_MESSAGES = {
  created: 'New order has been created',
  notFound: 'Order not found.',
  idRequired: 'Order ID is required',
} as const;

export type { ShippingDestination };
