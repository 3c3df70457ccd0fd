import type { PageDataSnapshot } from './page-data-store.js';

/** The id of the `<script type="application/json">` that carries the server's page data. */
export const PAGE_DATA_ELEMENT_ID = 'sf-page-data';

/**
 * JSON that is safe inside a `<script>` element: `<` is escaped so no string in the data can close the
 * element or open a comment, and the two line separators JavaScript once disallowed are escaped too.
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What the server writes into the page for the browser to start from. */
export interface PageBootstrap {
  /** answers the server used while rendering, by URL */
  data: PageDataSnapshot;
  /** remote modules the server rendered: the browser loads them before hydrating */
  remoteModules: string[];
  /** remote name -> manifest URL (what /config/remotes.json says), so the browser need not ask */
  remotes: Record<string, string>;
}

/** Reads the page's bootstrap data; an empty one when the page has none or it is unreadable. */
export function readPageBootstrap(doc: Document): PageBootstrap {
  const empty: PageBootstrap = { data: {}, remoteModules: [], remotes: {} };
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return empty;
  try {
    const parsed = JSON.parse(text) as Partial<PageBootstrap>;
    return {
      data: parsed.data && typeof parsed.data === 'object' ? parsed.data : {},
      remoteModules: Array.isArray(parsed.remoteModules) ? parsed.remoteModules.filter((id) => typeof id === 'string') : [],
      remotes: parsed.remotes && typeof parsed.remotes === 'object' ? parsed.remotes : {},
    };
  } catch {
    return empty;
  }
}
