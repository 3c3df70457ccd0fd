/**
 * Where `@Route` keeps a handler's route-table entry. Its own module, so the guards that `@Route`
 * applies can read it without importing the decorator that imports them.
 */
export const ROUTE_METADATA = 'storefront:route';
