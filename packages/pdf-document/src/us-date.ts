const pad = (value: number) => String(value).padStart(2, '0');

/** MM/DD/YYYY in the reader's own time zone: the day on their calendar, month first (the business is in the US). */
export function formatUsDate(date: Date): string {
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}
