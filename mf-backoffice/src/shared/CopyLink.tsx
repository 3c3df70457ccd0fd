import { useId, useRef } from 'react';
import { Button } from '@storefront/ui';
import { useClipboardCopy } from './clipboard.js';
import './copy-link.css';

export interface CopyLinkProps {
  /** the absolute link to hand on (a setup link, a payment link) */
  url: string;
  /** names the link's field, e.g. "Setup link for Ann Lee" */
  label: string;
}

/**
 * A one-time link to hand on: in a read-only field (selected on focus, so it can always be copied by
 * hand) with a Copy link button; "Copied", or how to copy it by hand, is announced politely.
 */
export function CopyLink({ url, label }: CopyLinkProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const clipboard = useClipboardCopy();
  // a status is about this link only: a new link starts silent
  const outcome = clipboard.copiedText === url ? clipboard.outcome : 'idle';

  async function copy() {
    if (!(await clipboard.copy(url))) {
      field.current?.focus();
      field.current?.select();
    }
  }

  return (
    <div className="bo-copy-link">
      <label htmlFor={`${id}-field`} className="bo-copy-link__label">
        {label}
      </label>
      <div className="bo-copy-link__row">
        <input
          ref={field}
          id={`${id}-field`}
          className="sf-input bo-copy-link__field"
          type="text"
          readOnly
          value={url}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()} aria-describedby={`${id}-status`}>
          Copy link
        </Button>
      </div>
      <p id={`${id}-status`} className="bo-copy-link__status" role="status" aria-live="polite">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'The link could not be copied here: it is selected in the field, press Ctrl+C (⌘C on a Mac) to copy it.' : ''}
      </p>
    </div>
  );
}
