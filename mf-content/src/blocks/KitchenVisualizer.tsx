import './layout-variants.css';
import { PRODUCT_STYLES_URL, PRODUCT_STYLE_PATH, productStyleUrl, type BlockComponentProps, type FinishGroup, type FinishOption, type KitchenVisualizerBlock, type ProductStyle, type ProductStyleSummary } from '@storefront/contracts';
import { EmptyState, ErrorState, FinishSwatch, LoadingState, usePageData, Link, TitledSection } from '@storefront/ui';
import { useId, useState } from 'react';
import { NoDataFound } from './NoDataFound';
import { KitchenScene } from './visualizer/KitchenScene';
import { doorProfileOf } from './visualizer/scene';

/** The catalog's style list and one style under it (the route table's URLs). */
export { PRODUCT_STYLES_URL };

export const ORDER_SAMPLE_TEXT = 'Order a sample of this finish';
/** Spec §8: what a style that cannot be loaded shows. */
export const STYLE_NOT_FOUND_MESSAGE = 'Product data not found or invalid format';
export const NO_FINISHES_MESSAGE = 'No finishes available for this style.';

export const styleUrl = productStyleUrl;

/** The style page with this finish preselected (the style page reads ?type=&value=). */
export function sampleLink(styleName: string, group: FinishGroup, option: FinishOption): string {
  const query = new URLSearchParams({ type: group.name, value: option.value });
  return `${PRODUCT_STYLE_PATH}/${encodeURIComponent(styleName)}?${query.toString()}`;
}

interface FinishKey {
  type: string;
  value: string;
}
interface Chosen {
  group: FinishGroup;
  option: FinishOption;
}

/**
 * The finish to show: the one chosen, if this style has it (switching style keeps, say, Snow White when
 * the new style comes in it too), else the style's first finish.
 */
export function chosenFinish(style: Pick<ProductStyle, 'finishes'>, wanted: FinishKey | null): Chosen | null {
  const groups = style.finishes.filter((group) => group.items.length > 0);
  for (const group of groups) {
    const option = group.items.find((item) => wanted && item.value === wanted.value && group.name === wanted.type);
    if (option) return { group, option };
  }
  const first = groups[0];
  return first ? { group: first, option: first.items[0]! } : null;
}

function FinishPicker({ style, chosen, onChoose }: { style: ProductStyle; chosen: Chosen; onChoose(key: FinishKey): void }) {
  const name = useId();
  const groups = style.finishes.filter((group) => group.items.length > 0);
  return (
    // Native radios with one name across the groups: arrow keys move through every finish, and a screen
    // reader says "n of m".
    <fieldset className="content-visualizer__finishes">
      <legend className="content-visualizer__legend">
        Finish: <strong className="content-visualizer__chosen">{chosen.option.label}</strong>
      </legend>
      {groups.map((group) => (
        <div key={group.name} className="content-visualizer__group">
          <p className="content-visualizer__group-title" aria-hidden="true">
            {group.title}
          </p>
          <div className="content-visualizer__swatches">
            {group.items.map((option) => {
              const checked = chosen.group.name === group.name && chosen.option.value === option.value;
              return (
                <FinishSwatch
                  key={option.value}
                  className="content-visualizer__swatch"
                  name={name}
                  value={`${group.name}:${option.value}`}
                  checked={checked}
                  onChange={() => onChoose({ type: group.name, value: option.value })}
                  hex={option.hex}
                  label={
                    <>
                      {option.label}
                      <span className="sf-visually-hidden"> ({group.group})</span>
                    </>
                  }
                />
              );
            })}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * The kitchen visualizer: the shopper picks a door style (the catalog's list) and one of its finishes,
 * and a drawn kitchen shows its doors in that finish's colour, with a link to order a sample of it.
 * The first style and its first finish are chosen on the server, so the first HTML has the kitchen.
 */
export default function KitchenVisualizer({ block }: BlockComponentProps<KitchenVisualizerBlock>) {
  const styleSelectId = useId();
  const styles = usePageData<ProductStyleSummary[]>(PRODUCT_STYLES_URL);
  const [styleName, setStyleName] = useState<string | null>(null);
  const [finishKey, setFinishKey] = useState<FinishKey | null>(null);

  const summaries = styles.data ?? [];
  const currentName = styleName ?? summaries[0]?.name ?? null;
  const style = usePageData<ProductStyle>(currentName ? styleUrl(currentName) : null);

  let body;
  if (styles.status === 'error' || styles.status === 'not-found') {
    body = <ErrorState title="The cabinet styles could not be loaded." message={styles.error ?? 'Please try again in a moment.'} onRetry={styles.reload} />;
  } else if (styles.status === 'loading' || !styles.data) {
    body = <LoadingState label="Loading styles…" />;
  } else if (summaries.length === 0 || !currentName) {
    body = <NoDataFound />;
  } else {
    let stage;
    if (style.status === 'not-found' || style.status === 'error') {
      stage = <ErrorState title={STYLE_NOT_FOUND_MESSAGE} message={style.error ?? 'Please try again in a moment.'} onRetry={style.reload} />;
    } else if (style.status === 'loading' || !style.data) {
      stage = <LoadingState label="Loading finishes…" />;
    } else {
      const chosen = chosenFinish(style.data, finishKey);
      stage = chosen ? (
        <div className="content-visualizer__stage">
          <KitchenScene hex={chosen.option.hex} profile={doorProfileOf(style.data)} label={`${style.data.title} kitchen in ${chosen.option.label}`} />
          <div className="content-visualizer__controls">
            <FinishPicker style={style.data} chosen={chosen} onChoose={setFinishKey} />
            <p className="content-visualizer__summary" aria-live="polite">
              {style.data.title} in <strong>{chosen.option.label}</strong>
            </p>
            <Link className="sf-button sf-button--primary content-visualizer__sample" to={sampleLink(style.data.name, chosen.group, chosen.option)}>
              {ORDER_SAMPLE_TEXT}
            </Link>
          </div>
        </div>
      ) : (
        <EmptyState title={NO_FINISHES_MESSAGE} />
      );
    }
    body = (
      <>
        <div className="content-visualizer__style">
          <label htmlFor={styleSelectId} className="content-visualizer__label">
            Door style
          </label>
          <select
            id={styleSelectId}
            className="sf-input content-visualizer__select"
            value={currentName}
            onChange={(event) => setStyleName(event.target.value)}
          >
            {summaries.map((summary) => (
              <option key={summary.name} value={summary.name}>
                {summary.title}
              </option>
            ))}
          </select>
        </div>
        {stage}
      </>
    );
  }

  return (
    <TitledSection className="sf-container sf-section content-visualizer" title={block.title} headingClassName="sf-section__heading content-visualizer__title" fallbackLabel="Kitchen visualizer" intro={block.description} introClassName="sf-section__intro content-visualizer__intro">
      {body}
    </TitledSection>
  );
}
