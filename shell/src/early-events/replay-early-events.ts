/** What the head's early-events script kept (see early-events-script.ts). */
export interface EarlyEvent {
  type: 'click' | 'submit';
  el: HTMLElement;
  submitter?: HTMLElement | null;
}

declare global {
  interface Window {
    /**
     * set by the head's early-events script: hands over what it caught, and from then on gives each
     * later catch (a press on a control not hydrated yet) to `handler` at once
     */
    __sfEarlyEvents?: (handler?: (event: EarlyEvent) => void) => EarlyEvent[];
    /** true while the replay dispatches: the head's script lets those events through */
    __sfReplaying?: boolean;
  }
}

/** How long a caught event waits for its control to come alive (a lazily hydrated area) before it is dispatched anyway. */
export const REPLAY_WAIT_MS = 5000;
const POLL_MS = 50;

/** The props React keeps on a node it rendered (`__reactProps$…`), or undefined for a node it has not hydrated. */
function reactPropsOf(node: Element): { dangerouslySetInnerHTML?: unknown } | undefined {
  const key = Object.keys(node).find((name) => name.startsWith('__reactProps$'));
  return key ? ((node as unknown as Record<string, { dangerouslySetInnerHTML?: unknown }>)[key] ?? {}) : undefined;
}

/**
 * Is this control's handler live? Two signs, both needed: the remote area around it (a Suspense
 * boundary that may hydrate after the rest of the page) has committed — the shell marks it
 * `data-live` (federation/RemoteModule.tsx); and React has hydrated the node itself (it keeps the
 * props of every host element it rendered on the node, `__reactProps$…`), or the nearest node React
 * rendered above it holds HTML React does not manage (`dangerouslySetInnerHTML`: content HTML's own
 * controls never get React's props). The head's script judges a press by the same rule.
 */
export function isLive(element: Element): boolean {
  const area = element.closest('.shell-remote');
  if (area && area.getAttribute('data-live') !== 'true') return false;
  for (let node: Element | null = element; node; node = node.parentElement) {
    const props = reactPropsOf(node);
    if (props) return node === element || !!props.dangerouslySetInnerHTML;
  }
  return false;
}

/**
 * The control a re-render put in place of the one pressed (the header draws its buttons again once
 * it knows the screen's width, say): the same kind of element with the same id, or else the same
 * name, label and text. The pressed node keeps its attributes after it leaves the page.
 */
export function replacementOf(doc: Document, gone: HTMLElement): HTMLElement | null {
  const byId = gone.id ? doc.getElementById(gone.id) : null;
  if (byId) return byId;
  const sameAs = (candidate: Element) =>
    ['name', 'type', 'aria-label', 'aria-controls', 'value'].every((attribute) => candidate.getAttribute(attribute) === gone.getAttribute(attribute)) &&
    candidate.textContent?.trim() === gone.textContent?.trim();
  return (Array.from(doc.querySelectorAll(gone.tagName)).find(sameAs) as HTMLElement | undefined) ?? null;
}

function release(element: HTMLElement | null | undefined): void {
  element?.classList.remove('sf-early-pressed');
  element?.removeAttribute('aria-busy');
}

/**
 * Submits the form again. The app's handler takes a submit by cancelling the browser's own (every
 * form without an action is a script's); one nobody took (the handler is not live after all) is
 * cancelled here, never posted to the page renderer, and answers false, to be tried again.
 */
function resubmit(win: Window, form: HTMLFormElement, submitter: HTMLElement | null | undefined): boolean {
  let taken = false;
  const judge = (event: Event) => {
    if (event.target !== form) return;
    taken = event.defaultPrevented;
    if (!taken) event.preventDefault();
  };
  // on the window, bubbling: after React's listener on the root
  win.addEventListener('submit', judge);
  try {
    replaying(win, () => form.requestSubmit(submitter && (submitter as HTMLButtonElement).form === form ? submitter : undefined));
  } finally {
    win.removeEventListener('submit', judge);
  }
  return taken;
}

/** Runs `act` with the head's script letting events through (they are the replay's own). */
function replaying<T>(win: Window, act: () => T): T {
  win.__sfReplaying = true;
  try {
    return act();
  } finally {
    win.__sfReplaying = false;
  }
}

async function dispatch(win: Window, event: EarlyEvent, deadline: number): Promise<void> {
  release(event.el);
  release(event.submitter);
  if (event.type === 'click') {
    replaying(win, () => event.el.click());
    return;
  }
  const form = event.el as HTMLFormElement;
  while (!resubmit(win, form, event.submitter) && Date.now() < deadline && form.isConnected) {
    await new Promise((resolve) => win.setTimeout(resolve, POLL_MS * 2));
  }
}

/** Replays one caught event on its control (or the one a re-render put in its place) once it is live, or at its deadline. */
async function replayOne(win: Window, caught: EarlyEvent, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  let event = caught;
  for (;;) {
    if (!event.el.isConnected) {
      const el = replacementOf(win.document, event.el);
      const submitter = event.submitter && !event.submitter.isConnected ? replacementOf(win.document, event.submitter) : event.submitter;
      if (el) event = { ...event, el, submitter };
    }
    if ((event.el.isConnected && isLive(event.el)) || Date.now() >= deadline) break;
    await new Promise((resolve) => win.setTimeout(resolve, POLL_MS));
  }
  release(caught.el);
  release(caught.submitter);
  // a control the page no longer has (and nothing in its place) is let go
  if (event.el.isConnected) await dispatch(win, event, deadline);
}

/**
 * Called once the app is hydrated: takes what the head script caught and replays it, in order, each
 * on its control once the control is live (a click is clicked again, a submit is submitted again
 * through `requestSubmit`, so the form's own validation and handlers run). A control the page no
 * longer has is let go. From then on the script hands over at once each press on a control that is
 * not hydrated yet (a nested boundary still loading), and it is replayed the same way, after those
 * before it. Resolves with the number caught before hydration, once they are replayed.
 */
export async function replayEarlyEvents(
  win: Window = window,
  {
    waitMs = REPLAY_WAIT_MS,
    pageLive,
  }: {
    waitMs?: number;
    /** resolves once every area the server rendered is live (asked only when something was caught) */
    pageLive?: () => Promise<unknown>;
  } = {},
): Promise<number> {
  let chain: Promise<void> = Promise.resolve();
  const later = (event: EarlyEvent) => {
    chain = chain.then(() => replayOne(win, event, waitMs)).catch(() => undefined);
  };
  const events = win.__sfEarlyEvents?.(later) ?? [];
  if (events.length === 0) return 0;
  // after every effect of the hydrating commit: components set their first state in effects (a
  // search closes itself on mount), which would undo a press replayed in the middle of them; and
  // after the page's areas (each its own Suspense boundary) have come alive, or their bound passed
  const first = (async () => {
    await new Promise((resolve) => win.setTimeout(resolve, 0));
    await pageLive?.();
    for (const caught of events) await replayOne(win, caught, waitMs);
  })();
  chain = chain.then(() => first);
  await first;
  return events.length;
}
