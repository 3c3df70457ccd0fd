import type { CategorySampleDoor, CategorySpec, CategoryTimelineStep, ProductCategoryDetail, ProductStyleCard, VideoCard } from '@storefront/contracts';
import { CATEGORY_MESSAGES, VIDEO_COMING_SOON } from '@storefront/contracts';
import { Accordion, EmptyState, ResponsiveImage, Link } from '@storefront/ui';
import './category-content.css';

/** Our own file plays here; another site's player is outside the page's CSP, so its thumbnail links out. */
export function CategoryVideo({ video }: { video: VideoCard }) {
  const poster = video.thumbnail;
  return (
    <figure className="sf-category-video">
      {video.videoType === 'video' ? (
        <video className="sf-category-video__player" controls preload="none" poster={poster?.src} width={poster?.width ?? 1280} height={poster?.height ?? 720}>
          <source src={video.videoUrl} type={video.videoUrl.endsWith('.mp4') ? 'video/mp4' : 'video/webm'} />
        </video>
      ) : video.unconfirmed ? (
        // not in content/data/videos.json (marked by the content service): no link to an id that may not exist
        <div className="sf-category-video__link sf-category-video__link--soon">
          {poster ? <ResponsiveImage image={poster} className="sf-category-video__thumbnail" /> : <span className="sf-category-video__thumbnail" />}
          <span className="sf-category-video__soon">{VIDEO_COMING_SOON}</span>
        </div>
      ) : (
        <a className="sf-category-video__link" href={video.videoUrl} target="_blank" rel="noopener noreferrer">
          {poster ? <ResponsiveImage image={poster} className="sf-category-video__thumbnail" /> : <span className="sf-category-video__thumbnail" />}
          <span className="sf-category-video__play" aria-hidden="true">
            ▶
          </span>
          <span className="sf-visually-hidden">Watch “{video.title}” on YouTube (opens in a new tab)</span>
        </a>
      )}
      <figcaption>
        <strong>{video.title}</strong>
        {video.description && <span className="sf-category-video__description">{video.description}</span>}
      </figcaption>
    </figure>
  );
}

/** product-spec: label/value rows. */
export function CategorySpecs({ specs, title }: { specs: CategorySpec[]; title: string }) {
  return (
    <table className="sf-category-specs">
      <caption>{title}</caption>
      <tbody>
        {specs.map((spec) => (
          <tr key={spec.label}>
            <th scope="row">{spec.label}</th>
            <td>{spec.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The steps from design to installed kitchen, numbered 01, 02 … */
export function CategoryTimeline({ steps, label }: { steps: CategoryTimelineStep[]; label: string }) {
  return (
    <ol className="sf-category-timeline" aria-label={label}>
      {steps.map((step, index) => (
        <li key={step.title} className="sf-category-timeline__step">
          <span className="sf-category-timeline__number" aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </span>
          <div>
            <h4 className="sf-category-timeline__title">
              {step.title}
              {step.duration && <span className="sf-category-timeline__duration"> · {step.duration}</span>}
            </h4>
            <p>{step.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** product-sample: the category's sample doors, each linking to its style with the finish chosen. */
export function SampleDoorGrid({ samples, label }: { samples: CategorySampleDoor[]; label: string }) {
  return (
    <ul className="sf-category-samples" aria-label={label}>
      {samples.map((sample) => (
        <li key={sample.sku} className="sf-category-samples__item">
          <Link to={sample.path} className="sf-category-samples__link">
            {sample.image ? (
              <img src={sample.image} alt="" width={120} height={160} loading="lazy" decoding="async" className="sf-category-samples__door" />
            ) : (
              <span className="sf-category-samples__door" />
            )}
            <span className="sf-category-samples__finish">{sample.finish?.label ?? sample.name}</span>
            <span className="sf-category-samples__style">{sample.styleTitle}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The category's door styles as cards; spec §8's message when the catalog has none for it. */
export function StyleCardGrid({ styles, label }: { styles: ProductStyleCard[]; label: string }) {
  if (styles.length === 0) return <EmptyState title={CATEGORY_MESSAGES.productsMissing} />;
  return (
    <ul className="sf-category-styles" aria-label={label}>
      {styles.map((style) => (
        <li key={style.code} className="sf-category-styles__item">
          <Link to={style.path} className="sf-category-styles__link">
            {style.image && <ResponsiveImage image={style.image} className="sf-category-styles__image" />}
            <span className="sf-category-styles__title">{style.title}</span>
            {style.label && <span className="sf-badge">{style.label}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The category's questions, one answer open at a time (the UI kit's Accordion). */
export function CategoryFaqs({ detail }: { detail: ProductCategoryDetail }) {
  return <Accordion items={detail.category.faqs} headingLevel={4} className="sf-category-faqs" />;
}
