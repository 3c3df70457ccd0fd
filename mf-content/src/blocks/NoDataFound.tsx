import { EmptyState } from '@storefront/ui';

/** Spec §8: what a list block with no items shows. */
export const NO_DATA_TITLE = 'No Data Found';
export const NO_DATA_MESSAGE = 'We are sorry, but we could not find any data.';

export function NoDataFound() {
  return <EmptyState title={NO_DATA_TITLE} message={NO_DATA_MESSAGE} />;
}
