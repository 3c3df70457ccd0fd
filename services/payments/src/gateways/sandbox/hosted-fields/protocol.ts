import type { SandboxCardChange, SandboxTokenizeResult } from '@storefront/contracts/sandbox-pay';

/**
 * The messages between the hosted fields script (in the merchant's page) and its frame, by
 * postMessage with an explicit target origin both ways. Every message names the channel the script
 * gave its frame (a random id in the frame URL's fragment), so two frames in one page never answer
 * each other's calls, and the receiver checks the sender's origin and window as well.
 *
 * Nothing the frame sends carries the card number: `change` tells only whether the fields are
 * complete, and `tokenized` the token (outcome, brand, last four) or the field in error.
 */

export const SANDBOX_PAY_MESSAGE = 'sandbox-pay';

interface Envelope {
  source: typeof SANDBOX_PAY_MESSAGE;
  channel: string;
}

/** page -> frame */
export type PageMessage = { type: 'tokenize'; requestId: number } | { type: 'focus' } | { type: 'clear' };
export type ToFrame = Envelope & PageMessage;

/** frame -> page */
export type FrameMessage =
  | { type: 'ready'; height: number }
  | { type: 'resize'; height: number }
  | ({ type: 'change' } & SandboxCardChange)
  | { type: 'tokenized'; requestId: number; result: SandboxTokenizeResult }
  | { type: 'submit' };
export type FromFrame = Envelope & FrameMessage;

/** A message of this protocol on this channel (anything else in the window's message stream is ignored). */
export function isProtocolMessage(data: unknown, channel: string): data is Envelope & { type: string } {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<Envelope> & { type?: unknown };
  return message.source === SANDBOX_PAY_MESSAGE && message.channel === channel && typeof message.type === 'string';
}

/** The channel id's shape: 32 hex digits (128 random bits). */
export const CHANNEL_PATTERN = /^[0-9a-f]{32}$/;

/** The frame's fields fit this height (px) until a message appears; the page reserves it (no layout shift). */
export const FRAME_INITIAL_HEIGHT = 156;
