import type { FormStep } from '@storefront/contracts';

export interface StepProgressProps {
  steps: readonly FormStep[];
  current: number;
  completed: readonly number[];
}

/** The steps as an ordered list: the current one marked for screen readers, completed ones ticked. */
export function StepProgress({ steps, current, completed }: StepProgressProps) {
  return (
    <ol className="mf-step-progress" aria-label="Form progress">
      {steps.map((step, index) => {
        const done = completed.includes(index);
        const state = index === current ? 'current' : done ? 'done' : 'todo';
        return (
          <li key={step.title} className={`mf-step-progress__item mf-step-progress__item--${state}`} aria-current={index === current ? 'step' : undefined}>
            <span className="mf-step-progress__number" aria-hidden="true">
              {done && index !== current ? '✓' : index + 1}
            </span>
            <span className="mf-step-progress__title">{step.title}</span>
            {done && <span className="sf-visually-hidden"> (completed)</span>}
          </li>
        );
      })}
    </ol>
  );
}
