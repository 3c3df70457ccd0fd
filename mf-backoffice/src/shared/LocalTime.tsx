/**
 * A moment from the server (an ISO instant, UTC) in the staff member's own time zone, e.g.
 * "29 Nov 2026, 14:05". Back-office data arrives in the browser after hydration, so the browser's
 * Intl is used here without costing the first load anything.
 */
export function formatLocalTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** `<time>` with the UTC instant as its machine-readable value (and tooltip), the local time as its text. */
export function LocalTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={`${iso} (UTC)`}>
      {formatLocalTime(iso)}
    </time>
  );
}
