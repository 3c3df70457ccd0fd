import { useCallback, useState } from 'react';

/** How the last copy went: nothing yet, copied, or refused (no clipboard, or the browser said no). */
export type CopyOutcome = 'idle' | 'copied' | 'failed';

/**
 * Copies text to the clipboard (a setup link, recovery codes) and remembers how it went for an
 * `aria-live` status. The Clipboard API needs a secure context and the page's focus; where it is
 * missing or refuses, the caller shows the text selected in a read-only field instead.
 */
export function useClipboardCopy(): { outcome: CopyOutcome; copiedText: string | null; copy: (text: string) => Promise<boolean>; reset: () => void } {
  const [state, setState] = useState<{ outcome: CopyOutcome; text: string | null }>({ outcome: 'idle', text: null });
  const copy = useCallback(async (text: string) => {
    try {
      if (!globalThis.navigator?.clipboard?.writeText) throw new Error('no clipboard');
      await globalThis.navigator.clipboard.writeText(text);
      setState({ outcome: 'copied', text });
      return true;
    } catch {
      setState({ outcome: 'failed', text });
      return false;
    }
  }, []);
  const reset = useCallback(() => setState({ outcome: 'idle', text: null }), []);
  return { outcome: state.outcome, copiedText: state.text, copy, reset };
}
