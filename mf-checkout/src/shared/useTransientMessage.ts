import { CHECKOUT_MESSAGE_MS, useTransientValue } from '@storefront/ui';

export interface TransientMessage {
  type: 'error' | 'warning' | 'info' | 'success';
  text: string;
}

/** The checkout's banner: one at a time (spec 9), cleared after 10 s (spec 4 and 9). */
export function useTransientMessage(durationMs = CHECKOUT_MESSAGE_MS) {
  const { value, show, clear } = useTransientValue<TransientMessage>(durationMs);
  return { message: value ?? null, show, clear };
}
