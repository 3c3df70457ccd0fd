import { Logger, type INestApplication } from '@nestjs/common';
import { adminRoutes } from '@storefront/contracts';
import { adminReadInFront, type FrontHandler } from '@storefront/service-kit';
import { AdminOrdersController } from './admin-orders.controller.js';

/**
 * GET /api/admin/orders, the list staff page and search through most, answered in front of express
 * and Nest by the controller's own `list` (service-kit's adminReadInFront runs the route's guards and
 * query check first). The controller still serves the route for requests this leaves to express.
 */
export function adminOrdersListFrontOf(app: INestApplication): FrontHandler {
  const controller = app.get(AdminOrdersController);
  return adminReadInFront(app, adminRoutes.listOrders, (query) => controller.list(query), new Logger('admin-orders'));
}
