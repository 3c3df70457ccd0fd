/**
 * The one data-loading pattern (docs/architecture.md, "Page data"): a screen names the JSON it needs
 * by URL with `usePageData(url)`. On the server the render waits for it (Suspense) and the answer is
 * written into the page once; the browser's store starts from that snapshot, so hydration renders the
 * same thing without fetching it again. Only data the server did not have is fetched in the browser.
 */
import { readApiError, SERVER_UNREACHABLE_MESSAGE, statusMessage } from '@storefront/contracts';

export type PageDataStatus = 'ready' | 'not-found' | 'error';

/** One settled answer, as stored and as serialised into the page. */
export interface PageDataEntry<T = unknown> {
  status: PageDataStatus;
  data?: T;
  /** what to tell the shopper (the API's own message when it sent one) */
  error?: string;
  /** the API's errorType, when it named why (a quote link's `tokenExpired`, say): what a page branches on, never its words */
  errorType?: string;
  httpStatus?: number;
}

/** Entries by URL: what the server writes into the page and the browser's store starts from. */
export type PageDataSnapshot = Record<string, PageDataEntry>;

/** How a store reaches the API: `fetch` in the browser; the gateway's direct upstream call on the server. */
export type PageDataFetch = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<Response>;

export interface PageDataStoreOptions {
  fetch: PageDataFetch;
  /** 'server': renders wait for data (Suspense); 'browser': renders show loading and fetch after. */
  mode: 'server' | 'browser';
  /** Every call is bounded: a slow service becomes that area's error state, never a hung page. */
  timeoutMs?: number;
  initial?: PageDataSnapshot;
}

export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';
const UNREADABLE_MESSAGE = 'The server sent an unreadable answer.';

async function jsonBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The API's own message (read by the API client's one error reader) when it sent one, else a plain
 * description of the status; and its errorType when it sent one.
 */
function failureOf(response: Response, body: unknown): { error: string; errorType?: string } {
  const read = readApiError(response.status, body);
  return { error: read.message ?? statusMessage(response.status, response.statusText), ...(read.errorType ? { errorType: read.errorType } : {}) };
}

/** GET `url` as JSON: 404 -> not-found; network failures, timeouts, other errors and bad bodies -> error. */
export async function fetchPageData(fetchImpl: PageDataFetch, url: string, timeoutMs: number): Promise<PageDataEntry> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(url, { signal, headers: { Accept: 'application/json' } });
  } catch {
    return { status: 'error', error: signal.aborted ? TIMEOUT_MESSAGE : SERVER_UNREACHABLE_MESSAGE };
  }
  if (response.status === 404) {
    // A 404 may carry an answer of its own (the not-found page's head): kept as data.
    const body = await jsonBody(response);
    return { status: 'not-found', httpStatus: 404, ...failureOf(response, body), ...(body === undefined ? {} : { data: body }) };
  }
  if (!response.ok) return { status: 'error', httpStatus: response.status, ...failureOf(response, await jsonBody(response)) };
  try {
    return { status: 'ready', httpStatus: response.status, data: await response.json() };
  } catch {
    return { status: 'error', httpStatus: response.status, error: signal.aborted ? TIMEOUT_MESSAGE : UNREADABLE_MESSAGE };
  }
}

/** A promise with React's thenable fields, which `use()` reads to return a settled value at once. */
type TrackedPromise = Promise<PageDataEntry> & { status?: 'fulfilled'; value?: PageDataEntry };

function markSettled(promise: TrackedPromise, entry: PageDataEntry): void {
  promise.status = 'fulfilled';
  promise.value = entry;
}

function settledPromise(entry: PageDataEntry): TrackedPromise {
  const promise: TrackedPromise = Promise.resolve(entry);
  markSettled(promise, entry);
  return promise;
}

/** Settled answers by URL, and the one request per URL (two screens asking share it). */
export class PageDataStore {
  readonly mode: 'server' | 'browser';
  private readonly entries = new Map<string, PageDataEntry>();
  /**
   * One promise per URL for as long as its answer is kept. It carries React's thenable fields
   * (`status`, `value`) once settled, so `use()` reads a settled answer without suspending, and a
   * component that reads several URLs hands `use()` the same promise on every replay.
   */
  private readonly requests = new Map<string, TrackedPromise>();
  private readonly fetchImpl: PageDataFetch;
  private readonly timeoutMs: number;

  constructor(options: PageDataStoreOptions) {
    this.mode = options.mode;
    this.fetchImpl = options.fetch;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    for (const [url, entry] of Object.entries(options.initial ?? {})) this.entries.set(url, entry);
  }

  /** The settled answer for `url`, if there is one. */
  peek<T>(url: string): PageDataEntry<T> | undefined {
    return this.entries.get(url) as PageDataEntry<T> | undefined;
  }

  /**
   * Settles `url` once: the same promise for every caller until `forget(url)` (a request in flight is
   * shared, a settled one is answered at once). The promise never rejects.
   */
  load(url: string): Promise<PageDataEntry> {
    let request = this.requests.get(url);
    if (!request) {
      const settled = this.entries.get(url);
      request = settled
        ? settledPromise(settled)
        : (fetchPageData(this.fetchImpl, url, this.timeoutMs).then((entry) => {
            if (this.requests.get(url) === request) this.entries.set(url, entry);
            markSettled(request!, entry);
            return entry;
          }) as TrackedPromise);
      this.requests.set(url, request);
    }
    return request;
  }

  /** Drops the answer for `url` so the next read fetches it again (Retry). */
  forget(url: string): void {
    this.entries.delete(url);
    this.requests.delete(url);
  }

  /** Every settled answer: what the server serialises into the page. */
  snapshot(): PageDataSnapshot {
    return Object.fromEntries(this.entries);
  }
}
