import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ProductStyle, StyleItem } from '@storefront/contracts';
import { useSampleCart, type SampleCartResult } from '@storefront/sample-cart';
import { Alert, Button, ButtonLink } from '@storefront/ui';
import { samplesForFinish, type ChosenFinish } from './finishes.js';

/** The spec's message lifetime for form results. */
export const SAMPLE_MESSAGE_MS = 5000;
export const NO_SAMPLES_TEXT = 'No sample items available for this style.';
export const SELECT_ONE_TEXT = 'Please select at least one sample.';

interface Feedback {
  type: 'success' | 'error';
  messages: string[];
}

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
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const headingId = useId();

  useEffect(() => {
    if (!feedback) return;
    const timer = setTimeout(() => setFeedback(null), SAMPLE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  if (samples.length === 0 || !finish) {
    return (
      <section className="sf-style-samples" aria-labelledby={headingId}>
        <h2 id={headingId}>Order a free sample</h2>
        <p>{NO_SAMPLES_TEXT}</p>
      </section>
    );
  }

  const add = (items: StyleItem[]) => {
    const results: SampleCartResult[] = items.map((item) =>
      addSample({
        sku: item.sku,
        name: item.name,
        qty: 1,
        finish: { type: finish.group.name, value: finish.option.value, label: finish.option.label, image: finish.option.image.src },
        styleName: style.name,
        styleTitle: style.title,
        image: { src: finish.option.doorImage ?? finish.option.image.src, altText: `${item.name} in ${finish.option.label}` },
      }),
    );
    setFeedback({ type: results.every((result) => result.ok) ? 'success' : 'error', messages: results.map((result) => result.message) });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (samples.length === 1) {
      add(samples);
      return;
    }
    const chosen = samples.filter((item) => picked.has(item.sku));
    if (chosen.length === 0) {
      setFeedback({ type: 'error', messages: [SELECT_ONE_TEXT] });
      return;
    }
    add(chosen);
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
      {feedback && (
        <div className="sf-style-samples__feedback">
          <Alert type={feedback.type} onDismiss={() => setFeedback(null)}>
            {feedback.messages.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Alert>
          {feedback.type === 'success' && (
            <ButtonLink to="/checkout" variant="secondary">
              View cart
            </ButtonLink>
          )}
        </div>
      )}
    </section>
  );
}
