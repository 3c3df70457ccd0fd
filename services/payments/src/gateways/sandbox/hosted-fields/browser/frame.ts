import type { SandboxCardLayout, SandboxTokenizeResult } from '@storefront/contracts/sandbox-pay';
import { DETAILS_FIELD, firstError, formatFieldInput, frameChange, frameErrors, frameFields, type FrameFieldId, type FrameValues } from '../frame-fields.js';
import { CHANNEL_PATTERN, SANDBOX_PAY_MESSAGE, isProtocolMessage, type FrameMessage, type ToFrame } from '../protocol.js';
import { SANDBOX_TOKEN_RANDOM_BYTES, sandboxTokenForCard } from '../sandbox-token.js';

/**
 * The card frame's script (bundled into /api/payment/sandbox/hosted-fields/frame.js). It owns the
 * card inputs the page rendered: formats what is typed, shows the card rules' messages, and when the
 * merchant's page asks, validates and makes the token right here (sandbox-token.ts) with
 * crypto.getRandomValues. It never sends a request: the frame's CSP has no connect-src and no
 * form-action at all, and the inputs have no names, so the number cannot leave this document.
 *
 * Whom it talks to: its parent window only, at this frame's own origin. The page's CSP
 * `frame-ancestors 'self'` lets only this origin frame it, so the parent's origin is ours (a real
 * provider on its own origin would take the merchant's origin from the frame URL and check it).
 */

const form = document.querySelector<HTMLFormElement>('form[data-layout]');
const layout = (form?.dataset.layout === 'direct' ? 'direct' : 'hosted') as SandboxCardLayout;
const channel = new URLSearchParams(window.location.hash.slice(1)).get('channel') ?? '';
const parentOrigin = window.location.origin;
const fields = frameFields(layout);
/** fields the shopper has left once: their message shows from then on (as the checkout's own fields do) */
const touched = new Set<FrameFieldId>();

function control(id: FrameFieldId): HTMLInputElement | HTMLSelectElement | null {
  return document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null;
}

function values(): FrameValues {
  const current: FrameValues = {};
  for (const field of fields) current[field.id] = control(field.id)?.value ?? '';
  return current;
}

function post(message: FrameMessage): void {
  if (window.parent === window) return;
  window.parent.postMessage({ ...message, source: SANDBOX_PAY_MESSAGE, channel }, parentOrigin);
}

function showMessage(id: string, message: string | undefined): void {
  const node = document.getElementById(`${id}-error`);
  if (node) {
    node.textContent = message ?? '';
    node.hidden = !message;
  }
  const input = document.getElementById(id);
  if (input) {
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

/** Shows the messages of the given fields (all of them when asked to tokenise). */
function render(errors: Partial<Record<string, string>>, which: Iterable<string>): void {
  for (const id of which) showMessage(id, errors[id]);
}

function allFields(): string[] {
  return [...(layout === 'hosted' ? [DETAILS_FIELD] : []), ...fields.map((field) => field.id)];
}

let lastHeight = 0;
function reportHeight(type: 'ready' | 'resize'): void {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (type === 'resize' && height === lastHeight) return;
  lastHeight = height;
  post({ type, height });
}

function onEdit(id: FrameFieldId): void {
  const input = control(id);
  if (input instanceof HTMLInputElement) {
    const formatted = formatFieldInput(layout, id, input.value);
    if (formatted !== input.value) input.value = formatted;
  }
  const current = values();
  const errors = frameErrors(layout, current);
  // A message goes away as soon as its field is right; a new one waits until the field was left once.
  for (const name of allFields()) {
    if (!errors[name]) showMessage(name, undefined);
    else if (touched.has(name as FrameFieldId)) showMessage(name, errors[name]);
  }
  post({ type: 'change', ...frameChange(layout, current) });
}

function focusFirst(errors: Partial<Record<string, string>>): void {
  const first = fields.find((field) => errors[field.id]) ?? fields[0];
  if (first) control(first.id)?.focus();
}

function randomBytes(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SANDBOX_TOKEN_RANDOM_BYTES));
}

function tokenize(): SandboxTokenizeResult {
  const current = values();
  const errors = frameErrors(layout, current);
  for (const field of fields) touched.add(field.id);
  render(errors, allFields());
  const error = firstError(layout, errors);
  if (error) {
    focusFirst(errors);
    return { error };
  }
  return sandboxTokenForCard(current.cardNumber ?? '', randomBytes());
}

function onMessage(event: MessageEvent): void {
  if (event.source !== window.parent || event.origin !== parentOrigin || !isProtocolMessage(event.data, channel)) return;
  const message = event.data as ToFrame;
  if (message.type === 'tokenize') {
    post({ type: 'tokenized', requestId: message.requestId, result: tokenize() });
  } else if (message.type === 'focus') {
    focusFirst(frameErrors(layout, values()));
  } else if (message.type === 'clear') {
    clear();
  }
}

function clear(): void {
  touched.clear();
  for (const field of fields) {
    const input = control(field.id);
    if (input) input.value = '';
  }
  for (const name of allFields()) showMessage(name, undefined);
  post({ type: 'change', ...frameChange(layout, values()) });
}

function start(): void {
  if (!form || !CHANNEL_PATTERN.test(channel)) return;
  for (const field of fields) {
    const input = control(field.id);
    if (!input) continue;
    input.addEventListener(input instanceof HTMLSelectElement ? 'change' : 'input', () => onEdit(field.id));
    input.addEventListener('blur', () => {
      touched.add(field.id);
      const errors = frameErrors(layout, values());
      // the blank-card message is for a submit, not for leaving one empty field
      if (!errors[DETAILS_FIELD]) render(errors, [field.id]);
    });
  }
  // Enter in a field: the page decides (the checkout submits its form). The frame's form itself never
  // submits (several text fields and no button: browsers do not submit it implicitly; and form-action 'none').
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    post({ type: 'submit' });
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  window.addEventListener('message', onMessage);
  new ResizeObserver(() => reportHeight('resize')).observe(document.documentElement);
  reportHeight('ready');
}

start();
