import type { INestApplication } from '@nestjs/common';
import { firstClaim, type FrontHandler } from '@storefront/service-kit';
import { adminOrdersListFrontOf } from './admin/orders/admin-orders-front.js';
import { cartSummaryFrontOf } from './orders/cart-summary-front.js';

/**
 * What the orders service answers before express and Nest (bootstrapService's frontFromApp): the
 * cart summary, asked on every cart change, and the back office's orders list.
 */
export function ordersFrontOf(app: INestApplication): FrontHandler {
  return firstClaim(cartSummaryFrontOf(app), adminOrdersListFrontOf(app));
}
