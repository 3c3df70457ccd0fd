/** onlyNumbers inputs accept digits only (spec 5): anything else typed or pasted is dropped. */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/** Numeric-only inputs accept digits with one optional decimal point (spec 5); later points are dropped. */
export function decimalOnly(text: string): string {
  const cleaned = text.replace(/[^\d.]+/g, '');
  const point = cleaned.indexOf('.');
  if (point === -1) return cleaned;
  return cleaned.slice(0, point + 1) + cleaned.slice(point + 1).replace(/\./g, '');
}
