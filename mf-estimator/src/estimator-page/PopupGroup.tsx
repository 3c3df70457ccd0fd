import { useRef, type ReactNode } from 'react';
import { Button, useFocusTrap, useScrollLock } from '@storefront/ui';
import { StepHeading } from './StepHeading.js';

interface PopupGroupProps {
  id: string;
  step: number;
  title: string;
  open: boolean;
  /** an estimate is being sent: the dialog must stay open (spec 4) */
  busy: boolean;
  onOpen(): void;
  onClose(): void;
  children: ReactNode;
}

/**
 * A step whose questions open in an overlay dialog: focus moves in and stays there, Escape, the close
 * button and the backdrop close it (not while sending), and the page behind does not scroll. Its
 * fields stay in the form while it is closed, so their values and errors are kept.
 */
export function PopupGroup({ id, step, title, open, busy, onOpen, onClose, children }: PopupGroupProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const headingId = `${id}-heading`;
  const dialogTitleId = `${id}-dialog-title`;
  const requestClose = () => {
    if (!busy) onClose();
  };
  const trap = useFocusTrap(dialogRef, { active: open, onEscape: requestClose, returnFocusTo: openerRef });
  useScrollLock(open);

  return (
    <section id={id} className={`mf-estimator-group mf-estimator-group--popup${open ? ' mf-estimator-group--open' : ''}`} aria-labelledby={headingId}>
      <StepHeading headingId={headingId} step={step} title={title}>
        {!open && (
          <Button variant="secondary" ref={openerRef} onClick={onOpen} aria-haspopup="dialog" aria-label={`Edit ${title}`}>
            Edit
          </Button>
        )}
      </StepHeading>
      <div className="mf-estimator-popup" hidden={!open}>
        <div className="mf-estimator-popup__backdrop" aria-hidden="true" onClick={requestClose} />
        <div
          ref={dialogRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={dialogTitleId}
          aria-busy={busy || undefined}
          className="mf-estimator-popup__dialog"
          onKeyDown={trap.onKeyDown}
        >
          <div className="mf-estimator-popup__header">
            <h3 id={dialogTitleId} className="mf-estimator-popup__title">
              {title}
            </h3>
            <button type="button" className="mf-estimator-popup__close" aria-label={`Close ${title}`} onClick={requestClose} disabled={busy}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="mf-estimator-popup__body">{children}</div>
        </div>
      </div>
    </section>
  );
}
