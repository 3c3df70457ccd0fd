import { statusBadgeLook, type StatusBadgeKind } from './status-badge.js';

export interface StatusBadgeProps {
  kind: StatusBadgeKind;
  status: string | null | undefined;
}

/** An order, quote, payment or address status as a coloured badge with readable text. */
export function StatusBadge({ kind, status }: StatusBadgeProps) {
  const { label, tone } = statusBadgeLook(kind, status);
  return (
    <span className={`sf-status sf-status--${tone}`} data-status={status ?? undefined}>
      {label}
    </span>
  );
}
