import type { BlockComponentProps, ReviewCardsBlock } from '@storefront/contracts';
import { loadRemoteComponent, useRemoteComponent } from '@storefront/remote-loader';
import { RenderErrorBoundary } from '@storefront/ui';
import { Suspense, type ComponentType } from 'react';

/** The site's one review-cards block (mf-content owns reviews on screen); the style page shows it by module id. */
export const REVIEW_CARDS_MODULE = 'mf_content/blocks/ReviewCards';

const REVIEWS_BLOCK: ReviewCardsBlock = {
  id: 'style-reviews',
  type: 'review-cards',
  title: 'What Our Customers Say',
  description: 'Reviews from homeowners who built their kitchens with our cabinets.',
};

/**
 * Customer reviews under the style's details, through the same block the home page uses, so there is
 * one review card in the codebase. Reviews are a supporting part: if they cannot load, the style page
 * simply has none (the spec: review failures give empty results).
 */
export function StyleReviews() {
  return (
    <Suspense fallback={null}>
      <RenderErrorBoundary fallback={() => null}>
        <ReviewCardsBlock />
      </RenderErrorBoundary>
    </Suspense>
  );
}

function ReviewCardsBlock() {
  const block = useRemoteComponent(REVIEW_CARDS_MODULE, loadRemoteComponent as (id: string) => Promise<ComponentType<BlockComponentProps>>);
  if (block.status !== 'ready') return null;
  return <block.Component block={REVIEWS_BLOCK} position={0} />;
}
