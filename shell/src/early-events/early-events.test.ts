import { EARLY_EVENTS_SCRIPT } from './early-events-script';
import { isLive, replayEarlyEvents } from './replay-early-events';

/**
 * The head's script and the replay, in a real DOM (jsdom): what a shopper does before hydration is
 * kept and happens once the controls are live, exactly once.
 */

/** The head script's listeners, removed after each test: a page runs the script once, these tests once each. */
const headListeners: [string, EventListenerOrEventListenerObject][] = [];

/** Runs the head script as the browser would (it is inlined in the server's HTML). */
function runHeadScript(): void {
  const addEventListener = document.addEventListener.bind(document);
  document.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
    headListeners.push([type, listener]);
    addEventListener(type, listener, options);
  }) as typeof document.addEventListener;
  try {
    // the inline script under test, run as the page runs it
    new Function(EARLY_EVENTS_SCRIPT)();
  } finally {
    document.addEventListener = addEventListener;
  }
}

afterEach(() => {
  for (const [type, listener] of headListeners.splice(0)) document.removeEventListener(type, listener, true);
});

/** What React does to a node it hydrated: its props are kept on the node. */
function hydrate(element: Element, props: Record<string, unknown> = {}): void {
  (element as unknown as Record<string, unknown>)['__reactProps$test'] = props;
}

beforeEach(() => {
  document.documentElement.removeAttribute('data-hydrated');
  document.body.innerHTML = `
    <button id="add" type="button">Order a free sample</button>
    <label><input id="filter" type="checkbox" /> Shaker</label>
    <a id="link" href="#somewhere">A link</a>
    <form id="contact" method="post"><input name="name" /><button id="send" type="submit">Send</button></form>
    <form id="lookup" method="get" action="/order/split-payment"><button id="fetch" type="submit">Fetch Order</button></form>`;
  delete window.__sfEarlyEvents;
});

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

it('keeps a click on a button and on a checkbox before hydration (nothing happens yet, the control shows it was pressed)', () => {
  runHeadScript();
  const clicks = jest.fn();
  byId('add').addEventListener('click', clicks);
  byId('add').click();
  byId<HTMLInputElement>('filter').click();
  // the checkbox is not toggled behind React's back
  expect(byId<HTMLInputElement>('filter').checked).toBe(false);
  expect(byId('add').classList.contains('sf-early-pressed')).toBe(true);
  expect(byId('add').getAttribute('aria-busy')).toBe('true');
  expect(window.__sfEarlyEvents?.().map((event) => [event.type, event.el.id])).toEqual([
    ['click', 'add'],
    ['click', 'filter'],
  ]);
});

it('catches a form submitted before hydration (never posted to the page), but leaves links and forms with their own action to the browser', () => {
  runHeadScript();
  // as the browser submits: the event is what tells whether the post goes ahead
  const submit = (form: string, submitter?: string) => {
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: submitter ? byId(submitter) : null });
    byId(form).dispatchEvent(event);
    return event.defaultPrevented;
  };
  const reached = jest.fn();
  document.body.addEventListener('submit', reached);
  expect(submit('contact', 'send')).toBe(true);
  // a caught submit goes no further (nobody else acts on it)
  expect(reached).not.toHaveBeenCalled();
  expect(submit('lookup')).toBe(false);
  expect(reached).toHaveBeenCalledTimes(1);
  const followed = jest.fn((event: Event) => event.defaultPrevented);
  document.addEventListener('click', followed);
  byId('link').click();
  expect(followed.mock.results.map((result) => result.value)).toEqual([false]);
  const caught = window.__sfEarlyEvents?.() ?? [];
  expect(caught.map((event) => [event.type, event.el.id, event.submitter?.id])).toEqual([['submit', 'contact', 'send']]);
});

it('lets a press through once the page is hydrated and React has hydrated that control, or the control is in HTML React does not manage', () => {
  runHeadScript();
  document.documentElement.setAttribute('data-hydrated', 'true');
  hydrate(byId('filter'));
  byId<HTMLInputElement>('filter').click();
  expect(byId<HTMLInputElement>('filter').checked).toBe(true);
  // content HTML (dangerouslySetInnerHTML) never gets React's props: its own controls work natively
  const content = document.createElement('div');
  content.innerHTML = '<details><summary id="more">More</summary><p>Text</p></details>';
  document.body.append(content);
  hydrate(content, { dangerouslySetInnerHTML: { __html: content.innerHTML } });
  byId('more').click();
  expect((byId('more').parentElement as HTMLDetailsElement).open).toBe(true);
  expect(window.__sfEarlyEvents?.()).toEqual([]);
});

it('after hydration, still catches a press on a control React has not hydrated (a nested boundary still loading), and replays it once the control is live', async () => {
  runHeadScript();
  const hydratedParent = byId('contact');
  hydrate(document.body);
  hydrate(hydratedParent);
  document.documentElement.setAttribute('data-hydrated', 'true');
  // the app has taken over: nothing was caught before hydration
  expect(await replayEarlyEvents(window, { waitMs: 2000 })).toBe(0);
  const clicks: string[] = [];
  byId('add').addEventListener('click', () => clicks.push('add'));
  const submits: string[] = [];
  byId('contact').addEventListener('submit', (event) => {
    event.preventDefault();
    submits.push('contact');
  });
  // the button's boundary is still dehydrated: React would drop this press
  byId('add').click();
  expect(clicks).toEqual([]);
  expect(byId('add').classList.contains('sf-early-pressed')).toBe(true);
  // the form is hydrated but its Send button is not: the submit is React's (the form is live)
  byId<HTMLFormElement>('contact').requestSubmit(byId('send'));
  expect(submits).toEqual(['contact']);
  hydrate(byId('add'));
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(clicks).toEqual(['add']);
  expect(byId('add').classList.contains('sf-early-pressed')).toBe(false);
});

it('replays what was caught, in order and once, when each control is live; the pressed look goes', async () => {
  runHeadScript();
  const order: string[] = [];
  byId('add').click();
  byId<HTMLFormElement>('contact').requestSubmit(byId('send'));
  byId<HTMLInputElement>('filter').click();

  document.documentElement.setAttribute('data-hydrated', 'true');
  byId('add').addEventListener('click', () => order.push('add'));
  byId<HTMLInputElement>('filter').addEventListener('change', () => order.push(`filter:${byId<HTMLInputElement>('filter').checked}`));
  byId('contact').addEventListener('submit', (event) => {
    event.preventDefault();
    order.push(`submit by ${(event as SubmitEvent).submitter?.id}`);
  });
  hydrate(byId('add'));
  hydrate(byId('contact'));
  const filter = byId('filter');
  // the filter's area hydrates a little later: its click waits for it
  setTimeout(() => hydrate(filter), 120);
  expect(isLive(filter)).toBe(false);

  const replayed = await replayEarlyEvents(window, { waitMs: 2000 });
  expect(replayed).toBe(3);
  expect(order).toEqual(['add', 'submit by send', 'filter:true']);
  expect(document.querySelectorAll('.sf-early-pressed')).toHaveLength(0);
  // nothing is caught any more, and nothing is replayed twice
  expect(await replayEarlyEvents(window)).toBe(0);
});

it('replays on the control a re-render put in place of the pressed one', async () => {
  runHeadScript();
  byId('add').click();
  const fresh = document.createElement('button');
  fresh.type = 'button';
  fresh.textContent = 'Order a free sample';
  const clicked = jest.fn();
  fresh.addEventListener('click', clicked);
  byId('add').replaceWith(fresh);
  document.documentElement.setAttribute('data-hydrated', 'true');
  hydrate(fresh);
  expect(await replayEarlyEvents(window, { waitMs: 500 })).toBe(1);
  expect(clicked).toHaveBeenCalledTimes(1);
});

it('lets go of a control the page no longer has', async () => {
  runHeadScript();
  byId('add').click();
  byId('add').remove();
  expect(await replayEarlyEvents(window, { waitMs: 100 })).toBe(1);
});
