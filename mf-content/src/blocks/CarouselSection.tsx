import { TitledSection } from '@storefront/ui';
import type { ReactNode } from 'react';
import { NoDataFound } from './NoDataFound';

interface CarouselSectionProps {
  /** the block's class; its heading and intro take `${block}__heading` and `${block}__intro` */
  block: string;
  title?: string;
  description?: string;
  /** what the slides are ("Pictures", "Videos"): the region's name when the block has no title */
  noun: string;
  empty: boolean;
  children: ReactNode;
}

/** A media block whose items slide (pictures, videos): its title and intro above, the spec's "No Data Found" when empty. */
export function CarouselSection({ block, title, description, noun, empty, children }: CarouselSectionProps) {
  return (
    <TitledSection className={`sf-container ${block}`} title={title} headingClassName={`${block}__heading`} fallbackLabel={title ?? noun} intro={description} introClassName={`${block}__intro`}>
      {empty ? <NoDataFound /> : children}
    </TitledSection>
  );
}

/** The carousel's own name, apart from its section's: "Kitchens: pictures". */
export function carouselLabel(title: string | undefined, noun: string): string {
  return title ? `${title}: ${noun.toLowerCase()}` : noun;
}
