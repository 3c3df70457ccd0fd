/** What the head's early-events script kept (see early-events-script.ts). */
export interface EarlyEvent {
  type: 'click' | 'submit';
  el: HTMLElement;
  submitter?: HTMLElement | null;
}

declare global {
  interface Window {
    /** set by the head's early-events script: stops catching and hands over what it caught */
    __sfEarlyEvents?: () => EarlyEvent[];
  }
}

/** How long a caught event waits for its control to come alive (a lazily hydrated area) before it is dispatched anyway. */
export const REPLAY_WAIT_MS = 5000;
const POLL_MS = 50;

/**
 * Is this control's handler live? Two signs, both needed: the remote area around it (a Suspense
 * boundary that may hydrate after the rest of the page) has committed — the shell marks it
 * `data-live` (federation/RemoteModule.tsx); and React has hydrated the node itself (it keeps the
 * props of every host element it rendered on the node, `__reactProps$…`). Outside any remote area
 * (the header, the footer) the root's commit, which comes before the replay, is enough.
 */
export function isLive(element: Element): boolean {
  const area = element.closest('.shell-remote');
  if (area && area.getAttribute('data-live') !== 'true') return false;
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
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
    form.requestSubmit(submitter && (submitter as HTMLButtonElement).form === form ? submitter : undefined);
  } finally {
    win.removeEventListener('submit', judge);
  }
  return taken;
}

async function dispatch(win: Window, event: EarlyEvent, deadline: number): Promise<void> {
  release(event.el);
  release(event.submitter);
  if (event.type === 'click') {
    event.el.click();
    return;
  }
  const form = event.el as HTMLFormElement;
  while (!resubmit(win, form, event.submitter) && Date.now() < deadline && form.isConnected) {
    await new Promise((resolve) => win.setTimeout(resolve, POLL_MS * 2));
  }
}

/**
 * Called once the app is hydrated: stops the head script catching events and replays what it caught,
 * in order, each on its control once the control is live (a click is clicked again, a submit is
 * submitted again through `requestSubmit`, so the form's own validation and handlers run). A control
 * the page no longer has is let go.
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
  const events = win.__sfEarlyEvents?.() ?? [];
  if (events.length === 0) return 0;
  // after every effect of the hydrating commit: components set their first state in effects (a
  // search closes itself on mount), which would undo a press replayed in the middle of them; and
  // after the page's areas (each its own Suspense boundary) have come alive, or their bound passed
  await new Promise((resolve) => win.setTimeout(resolve, 0));
  await pageLive?.();
  for (const caught of events) {
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
  return events.length;
}
