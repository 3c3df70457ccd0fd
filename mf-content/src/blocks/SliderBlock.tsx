import './blocks.css';
import './media-blocks.css';
import type { BlockComponentProps, SliderBlock as SliderBlockType } from '@storefront/contracts';
import { ResponsiveImage } from '@storefront/ui';
import { Slider } from '@storefront/ui/slider';
import { CarouselSection, carouselLabel } from './CarouselSection';

/** Pictures in the Slider, each with its label and caption, with a "2 / 5" counter (spec: slider with counter and labels). */
export default function SliderBlock({ block, position }: BlockComponentProps<SliderBlockType>) {
  const slides = Array.isArray(block.slides) ? block.slides : [];
  const perView = Math.max(1, block.slidesToShow ?? 1);
  return (
    <CarouselSection block="content-slider" title={block.title} description={block.description} noun="Pictures" empty={slides.length === 0}>
      <Slider
        label={carouselLabel(block.title, 'Pictures')}
        showCounter={block.showCounter ?? true}
        showLabels={block.showLabels ?? true}
        slidesToShow={{ mobile: 1, tablet: Math.min(perView, 2), desktop: perView }}
        slides={slides.map((slide, index) => ({
          key: `${slide.image.src}-${index}`,
          label: slide.label,
          content: (
            <figure className="content-slider__figure">
              {/* the first picture of a slider at the top of the page is its largest paint */}
              <ResponsiveImage image={slide.image} priority={position === 0 && index === 0} />
              {slide.label && <span className="content-slider__label" aria-hidden="true">{slide.label}</span>}
              {slide.caption && <figcaption className="content-slider__caption">{slide.caption}</figcaption>}
            </figure>
          ),
        }))}
      />
    </CarouselSection>
  );
}
