export type PaymentMethodName = 'online-payment' | 'credit-card' | 'split-payment';
export type PaymentGateway = 'stripe' | 'authorizenet' | 'paypal' | 'sandbox';

/** content/settings/payment-methods.json entry; GET /api/payment-methods lists the enabled ones. */
export interface PaymentMethod {
  name: PaymentMethodName;
  title: string;
  description: string;
  enabled: boolean;
  isDefault: boolean;
  gateway: PaymentGateway;
  sortOrder: number;
  metadata?: { methodIcon?: string; iconWidth?: number; iconHeight?: number };
  availableMethods?: string[];
  dependsOn?: string;
  /** scopes the method is offered in: sample-order, convert-to-order, complete-order-payment */
  scopes?: string[];
  /** public configuration only (publishable keys, client ids); secrets never leave the server */
  config?: { publishableKey?: string; clientKey?: string; loginId?: string; acceptJsUrl?: string; clientId?: string };
}

export interface PaymentMethodsResponse {
  success: boolean;
  paymentMethods: PaymentMethod[];
}
