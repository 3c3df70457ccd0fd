import { useId, useState, type FormEvent } from 'react';
import type { ProductStyle, StyleItem } from '@storefront/contracts';
import { useSampleCart } from '@storefront/sample-cart';
import { Button, RESULT_MESSAGE_MS, useTransientValue } from '@storefront/ui';
import { NO_SAMPLES_TEXT, orderSamples, type SampleFeedback } from '../samples/sample-ordering';
import { SampleFeedbackMessage } from '../samples/SampleFeedbackMessage';
import { samplesForFinish, type ChosenFinish } from './finishes.js';

export interface SampleOrderProps {
  style: ProductStyle;
  finish: ChosenFinish | null;
}

/**
 * Free sample ordering for the chosen finish. One sample item is added directly; with several the
 * shopper ticks at least one (the spec's two cases).
 */
export function SampleOrder({ style, finish }: SampleOrderProps) {
  const addSample = useSampleCart((state) => state.addSample);
  const samples = samplesForFinish(style.items, finish);
  // Ticks are per finish: switching finish starts a fresh choice.
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const finishKey = finish ? `${finish.group.name}:${finish.option.value}` : '';
  const [pickedFor, setPickedFor] = useState(finishKey);
  if (pickedFor !== finishKey) {
    setPickedFor(finishKey);
    setPicked(new Set());
  }
  // the spec's lifetime for result messages: 5 s
  const feedback = useTransientValue<SampleFeedback>(RESULT_MESSAGE_MS);
  const headingId = useId();

  if (samples.length === 0 || !finish) {
    return (
      <section className="sf-style-samples" aria-labelledby={headingId}>
        <h2 id={headingId}>Order a free sample</h2>
        <p>{NO_SAMPLES_TEXT}</p>
      </section>
    );
  }

  const addToCart = (item: StyleItem) =>
    addSample({
      sku: item.sku,
      name: item.name,
      qty: 1,
      finish: { type: finish.group.name, value: finish.option.value, label: finish.option.label, image: finish.option.image.src },
      styleName: style.name,
      styleTitle: style.title,
      image: { src: finish.option.doorImage ?? finish.option.image.src, altText: `${item.name} in ${finish.option.label}` },
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    feedback.show(orderSamples(samples, (item) => picked.has(item.sku), addToCart));
  };

  const toggle = (sku: string) =>
    setPicked((before) => {
      const next = new Set(before);
      if (next.has(sku)) next.delete(sku);
      else next.add(sku);
      return next;
    });

  return (
    <section className="sf-style-samples" aria-labelledby={headingId}>
      <h2 id={headingId}>Order a free sample</h2>
      <form onSubmit={onSubmit} noValidate>
        <p className="sf-style-samples__finish">
          Finish: <strong>{finish.option.label}</strong> ({finish.group.title})
        </p>
        {samples.length > 1 && (
          <fieldset className="sf-style-samples__list">
            <legend>Choose your samples</legend>
            {samples.map((item) => (
              <label key={item.sku} className="sf-style-samples__item">
                <input type="checkbox" checked={picked.has(item.sku)} onChange={() => toggle(item.sku)} /> {item.name}
              </label>
            ))}
          </fieldset>
        )}
        <Button type="submit">Order a free sample</Button>
      </form>
      {feedback.value && <SampleFeedbackMessage feedback={feedback.value} onDismiss={feedback.clear} />}
    </section>
  );
}
