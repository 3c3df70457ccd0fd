import type { ReactNode } from 'react';

/** An estimator step's heading (its number in a disc, then its title) with its Edit button beside it. */
export function StepHeading({ headingId, step, title, children }: { headingId: string; step: number; title: string; children?: ReactNode }) {
  return (
    <div className="mf-estimator-group__header">
      <h2 id={headingId} className="mf-estimator-group__title">
        <span className="mf-estimator-group__step" aria-hidden="true">
          {step}
        </span>
        {title}
      </h2>
      {children}
    </div>
  );
}
