import type { ReactNode } from 'react';
import { Button } from '@storefront/ui';
import { StepHeading } from './StepHeading.js';

interface AccordionGroupProps {
  id: string;
  step: number;
  title: string;
  open: boolean;
  onEdit(): void;
  children: ReactNode;
}

/** One estimator step: its questions when open, an Edit button when collapsed. */
export function AccordionGroup({ id, step, title, open, onEdit, children }: AccordionGroupProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={`mf-estimator-group${open ? ' mf-estimator-group--open' : ''}`} aria-labelledby={headingId}>
      <StepHeading headingId={headingId} step={step} title={title}>
        {!open && (
          <Button variant="secondary" onClick={onEdit} aria-expanded={false} aria-controls={`${id}-panel`} aria-label={`Edit ${title}`}>
            Edit
          </Button>
        )}
      </StepHeading>
      <div id={`${id}-panel`} className="mf-estimator-group__panel" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
