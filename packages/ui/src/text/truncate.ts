/**
 * Cuts text at the limit, at a word boundary where there is one (not further back than 60% of the
 * limit, so one very long word does not empty the text), with "..." added; short text is unchanged.
 * The spec's cuts: descriptions 220, video descriptions 250, product cards 350.
 */
export function truncateText(text: string, limit: number): { text: string; truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false };
  const cut = text.slice(0, limit);
  const lastSpace = cut.lastIndexOf(' ');
  const atWord = lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut;
  return { text: `${atWord.trimEnd()}...`, truncated: true };
}
