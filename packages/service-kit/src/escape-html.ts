const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for HTML element content and quoted attribute values of the pages and e-mails services write
 * themselves (names, notes and addresses are shopper input).
 */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

/**
 * A whole page a service serves itself (the local mailbox, the payment sandbox's pages): phone-sized,
 * never indexed. `head` and `body` are HTML the caller has escaped; the title is escaped here.
 */
export function standalonePage({ title, head = '', body }: { title: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex, nofollow">
  <title>${escapeHtml(title)}</title>${head ? `\n  ${head}` : ''}
</head>
<body>
${body}
</body>
</html>
`;
}
