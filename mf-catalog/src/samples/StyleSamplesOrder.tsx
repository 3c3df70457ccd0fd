import './samples.css';
import type { CatalogSampleGroup, CatalogSampleItem } from '@storefront/contracts';
import { SAMPLE_MAX_QTY } from '@storefront/contracts';
import { useSampleCart } from '@storefront/sample-cart';
import { Button, RESULT_MESSAGE_MS, useTransientValue } from '@storefront/ui';
import { useId, useState, type FormEvent } from 'react';
import { NO_SAMPLES_TEXT, orderSamples, type SampleFeedback } from './sample-ordering';
import { SampleFeedbackMessage } from './SampleFeedbackMessage';

/**
 * One style's sample doors on /order-samples: a single door is added directly; with several the
 * shopper ticks at least one. Each door has a quantity box: what is typed goes to the cart, which
 * owns the rule (a whole number, non-numeric becomes 1, more than 1 is refused with the spec's
 * message), so this page and the cart can never disagree.
 */
export function StyleSamplesOrder({ group }: { group: CatalogSampleGroup }) {
  const addSample = useSampleCart((state) => state.addSample);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [quantities, setQuantities] = useState<Readonly<Record<string, string>>>({});
  const feedback = useTransientValue<SampleFeedback>(RESULT_MESSAGE_MS);
  const legendId = useId();

  if (group.items.length === 0) return <p className="sf-samples__none">{NO_SAMPLES_TEXT}</p>;

  const single = group.items.length === 1;
  const addToCart = (item: CatalogSampleItem) =>
    addSample({
      sku: item.sku,
      name: item.name,
      qty: quantities[item.sku] ?? '1',
      // a sample door always shows one finish; a door without one is still orderable by its sku
      finish: item.finish
        ? { type: item.finish.type, value: item.finish.value, label: item.finish.label, image: item.image ?? undefined }
        : { type: 'sample', value: item.sku, label: item.name },
      styleName: group.code,
      styleTitle: group.title,
      image: item.image ? { src: item.image, altText: item.name } : undefined,
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    feedback.show(orderSamples(group.items, (item) => picked.has(item.sku), addToCart));
  };

  const toggle = (sku: string, chosen: boolean) =>
    setPicked((before) => {
      const next = new Set(before);
      if (chosen) next.add(sku);
      else next.delete(sku);
      return next;
    });

  return (
    <form className="sf-samples" onSubmit={onSubmit} noValidate>
      <fieldset className="sf-samples__list" aria-labelledby={legendId}>
        <legend id={legendId} className="sf-samples__legend">
          {single ? `Sample door of ${group.title}` : `Choose samples of ${group.title}`}
        </legend>
        {group.items.map((item) => (
          <div key={item.sku} className="sf-samples__item">
            {single ? (
              <span className="sf-samples__name">
                <SampleSwatch item={item} />
                {item.name}
              </span>
            ) : (
              <label className="sf-samples__name">
                <input type="checkbox" checked={picked.has(item.sku)} onChange={(event) => toggle(item.sku, event.target.checked)} />
                <SampleSwatch item={item} />
                {item.name}
              </label>
            )}
            <label className="sf-samples__qty">
              <span className="sf-visually-hidden">Quantity of {item.name}</span>
              <input
                className="sf-input"
                type="text"
                inputMode="numeric"
                size={2}
                value={quantities[item.sku] ?? '1'}
                aria-describedby={`${legendId}-qty`}
                onChange={(event) => setQuantities((before) => ({ ...before, [item.sku]: event.target.value }))}
              />
            </label>
          </div>
        ))}
        <p id={`${legendId}-qty`} className="sf-samples__hint">
          Free sample doors, at most {SAMPLE_MAX_QTY} of each.
        </p>
      </fieldset>
      <Button type="submit">{single ? 'Add sample to cart' : 'Add selected samples to cart'}</Button>
      {feedback.value && <SampleFeedbackMessage feedback={feedback.value} onDismiss={feedback.clear} />}
    </form>
  );
}

function SampleSwatch({ item }: { item: CatalogSampleItem }) {
  return item.image ? <img className="sf-samples__swatch" src={item.image} alt="" width={32} height={32} loading="lazy" decoding="async" /> : null;
}
