import type { PopupSettings } from '@storefront/contracts';
import { ButtonLink, ResponsiveImage, useFocusTrap, useScrollLock } from '@storefront/ui';
import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { RemoteModule } from '../../federation/RemoteModule';
import { POPUP_DEFAULTS } from './popup-rules';

export interface PopupProps {
  popup: PopupSettings;
  onClose: () => void;
}

/** The form engine's module for a named form (mf-forms), loaded like any remote area. */
export const POPUP_FORM_MODULE = 'mf_forms/FormBlock';

/**
 * One popup from content/site/popups.json as a modal dialog: focus moves to Close and stays inside,
 * the page does not scroll, and Escape, the backdrop or Close shut it. It closes itself after
 * autoCloseMs (default 10 s) unless the shopper starts using it (pointer or keyboard), so nobody
 * loses it halfway through reading. A popup naming a `form` shows that form (mf_forms/FormBlock) and
 * closes delays.formSuccessCloseMs (default 5 s) after the form is sent, time to read the thanks.
 */
export function Popup({ popup, onClose }: PopupProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const autoClose = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Declared before the focus trap, whose effect moves focus into the dialog: this one first
  // remembers where the shopper was, and gives focus back there when the popup closes.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => before?.focus({ preventScroll: true });
  }, []);

  useScrollLock(true);
  const trap = useFocusTrap(dialogRef, { active: true, onEscape: onClose, initialFocus: closeRef });


  useEffect(() => {
    const ms = popup.delays?.autoCloseMs ?? POPUP_DEFAULTS.autoCloseMs;
    if (ms > 0) autoClose.current = setTimeout(onClose, ms);
    return () => clearTimeout(autoClose.current);
  }, [popup, onClose]);

  const keepOpen = () => clearTimeout(autoClose.current);

  const onFormSuccess = useCallback(() => {
    clearTimeout(autoClose.current);
    autoClose.current = setTimeout(onClose, popup.delays?.formSuccessCloseMs ?? POPUP_DEFAULTS.formSuccessCloseMs);
  }, [popup, onClose]);
  const formProps = useMemo(() => ({ formName: popup.form, onSuccess: onFormSuccess }), [popup.form, onFormSuccess]);
  const layout = popup.layout ?? 'center';

  return (
    <div className="shell-popup">
      <div className="shell-popup__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        className={`shell-popup__dialog shell-popup__dialog--${layout}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        data-popup={popup.name}
        onKeyDown={(event) => {
          keepOpen();
          trap.onKeyDown(event);
        }}
        onPointerEnter={keepOpen}
      >
        <button ref={closeRef} type="button" className="shell-popup__close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        {popup.image && <ResponsiveImage image={popup.image} className="shell-popup__image" />}
        <div className="shell-popup__body">
          <h2 id={titleId} className="shell-popup__title">
            {popup.title}
          </h2>
          <p id={descriptionId} className="shell-popup__description">
            {popup.description}
          </p>
          {popup.form && (
            <div className="shell-popup__form">
              <RemoteModule moduleId={POPUP_FORM_MODULE} loadingLabel="Loading the form…" componentProps={formProps} />
            </div>
          )}
          {popup.action && (
            <ButtonLink to={popup.action.url} className="shell-popup__action" onClick={onClose}>
              {popup.action.text}
            </ButtonLink>
          )}
        </div>
      </div>
    </div>
  );
}
