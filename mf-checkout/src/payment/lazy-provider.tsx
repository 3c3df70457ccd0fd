import { Suspense, lazy, type ComponentType } from 'react';
import { LoadingState } from '@storefront/ui';

/**
 * A provider's component (its card fields, its pay buttons), loaded only when first rendered, with a
 * loading state meanwhile: a provider's browser library never weighs on pages or methods that do
 * not use it. Made once per entry, so re-renders keep the same component (and its state).
 */
export function lazyProviderComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, loadingLabel: string): ComponentType<P> {
  const Component = lazy(load);
  return function LazyProviderComponent(props: P) {
    return (
      <Suspense fallback={<LoadingState label={loadingLabel} />}>
        <Component {...props} />
      </Suspense>
    );
  };
}
