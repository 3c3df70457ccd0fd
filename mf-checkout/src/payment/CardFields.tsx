import { useEffect, useRef, useState } from 'react';
import type { SandboxCardElement, SandboxCardLayout } from '@storefront/contracts';
import { ErrorState, LoadingState } from '@storefront/ui';
import { providerNotReadyMessage } from './card-tokenizer.js';
import { providerScripts } from './provider-script.js';

export interface ProviderCardFieldsProps {
  /** the provider script (the payment method's config.scriptUrl) */
  scriptUrl: string;
  layout: SandboxCardLayout;
  /** the mounted frame, or null while there is none (loading, failed, unmounted) */
  onElement(element: SandboxCardElement | null): void;
  /** the frame is (re)loading: at first, and on Retry after a failure (a submit then waits for it again) */
  onLoading?(): void;
  /** Enter pressed in the frame's fields */
  onSubmit?(): void;
}

type FrameState = 'loading' | 'ready' | 'failed';

/**
 * The card area: the provider's own frame (the sandbox's hosted fields), mounted after hydration.
 * The number, expiry and CVC are typed into the frame and stay there; the frame shows the card
 * rules' messages itself and hands the checkout a token. The server renders only the empty area,
 * which reserves the frame's height (shared/checkout.css), so nothing moves when it appears. While the
 * script loads a loading state covers the area; if it fails, the spec's 'Stripe.js not ready'
 * ('Payment Error' for direct entry) with a Retry, and the failure is logged (spec 8).
 */
export function ProviderCardFields({ scriptUrl, layout, onElement, onLoading, onSubmit }: ProviderCardFieldsProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FrameState>('loading');
  const [attempt, setAttempt] = useState(0);
  const submitRef = useRef(onSubmit);
  useEffect(() => {
    submitRef.current = onSubmit;
  }, [onSubmit]);

  useEffect(() => {
    let element: SandboxCardElement | null = null;
    let active = true;
    onLoading?.();
    const failed = (error: unknown) => {
      if (!active) return;
      console.error('[checkout] the card provider did not start', error);
      element?.destroy();
      element = null;
      onElement(null);
      setState('failed');
    };
    providerScripts.loadSandboxPay(scriptUrl).then((provider) => {
      if (!active || !mountRef.current) return;
      try {
        element = provider.mount(mountRef.current, {
          layout,
          onReady: () => {
            if (active) setState('ready');
          },
          onSubmit: () => submitRef.current?.(),
          onError: failed,
        });
        onElement(element);
      } catch (error) {
        failed(error);
      }
    }, failed);
    return () => {
      active = false;
      element?.destroy();
      onElement(null);
    };
  }, [scriptUrl, layout, attempt, onElement, onLoading]);

  return (
    <div className="sf-checkout-card-frame" data-state={state}>
      <div ref={mountRef} className="sf-checkout-card-frame__mount" hidden={state === 'failed'} />
      {state === 'loading' && (
        <div className="sf-checkout-card-frame__loading">
          <LoadingState label="Loading secure card fields…" />
        </div>
      )}
      {state === 'failed' && (
        <ErrorState
          title={providerNotReadyMessage(layout)}
          message="The secure card fields could not be loaded. Please try again, or choose another payment method."
          onRetry={() => {
            setState('loading');
            setAttempt((count) => count + 1);
          }}
        />
      )}
    </div>
  );
}
