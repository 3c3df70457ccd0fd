/**
 * A cart's lines as one short text: what the sample cart mirrors into a cookie (beside the count) so
 * the server can price the checkout's cart into its first HTML, and the `lines` query of
 * GET /api/order/cart-summary. A JSON list of [sku, finish type, finish value, qty]: only what was
 * chosen, never a name or a price (the server prices it, as it does the POST's body).
 */
export type CartLineTuple = [sku: string, finishType: string, finishValue: string, qty: number];

/** What a cart line needs to be written as text (a SelectedSample or a CartLine both are). */
export interface CartLineChoice {
  sku: string;
  qty: number;
  finish?: { type: string; value: string };
}

/**
 * The longest lines text anyone reads: the cookie is left out past SAMPLE_CART_LINES_COOKIE_MAX_CHARS
 * (browsers cap a cookie at 4 KB), so this only bounds what a hand-made URL may ask the server to parse.
 */
export const CART_LINES_TEXT_MAX_CHARS = 8192;

/** The lines in the order the cart holds them (same cart, same text: the checkout compares them). */
export function cartLinesText(lines: readonly CartLineChoice[]): string {
  return JSON.stringify(lines.map((line): CartLineTuple => [line.sku, line.finish?.type ?? '', line.finish?.value ?? '', line.qty]));
}

/**
 * A lines text read back as the cart schema's lines ({ sku, qty, finish? }); anything that is not a
 * list of tuples is handed back as it came, for the schema to refuse with its own message.
 */
export function linesOfText(text: unknown): unknown {
  if (typeof text !== 'string' || text.length > CART_LINES_TEXT_MAX_CHARS) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (!Array.isArray(parsed) || !parsed.every(Array.isArray)) return text;
  return (parsed as unknown[][]).map(([sku, type, value, qty]) => ({
    sku,
    qty,
    // a line without a finish is written with two empty texts (cartLinesText)
    ...(type === '' && value === '' ? {} : { finish: { type, value } }),
  }));
}
