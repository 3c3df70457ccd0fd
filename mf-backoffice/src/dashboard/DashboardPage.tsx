import { ADMIN_PATHS, adminApi, call } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { ErrorState, Link, LoadingState, useBrowserCall } from '@storefront/ui';
import { StaffScreen } from '../session/staff-session.js';

/** How long ago, in words a person reads at a glance. */
export function ageInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 36 * 3600) return `${Math.round(seconds / 3600)} hours`;
  return `${Math.round(seconds / 86_400)} days`;
}

function Figures() {
  const dashboard = useBrowserCall((signal) => call(adminApi.dashboard, { signal }), 'dashboard');
  if (dashboard.status === 'failed') return <ErrorState title="The dashboard could not be loaded" message={dashboard.message} onRetry={dashboard.reload} />;
  if (dashboard.status !== 'ready') return <LoadingState label="Loading today's figures…" />;
  const d = dashboard.data;
  const cards: { label: string; value: string; link?: { to: string; text: string } }[] = [
    { label: `Orders today (${d.today.date}, UTC)`, value: String(d.today.orders), link: { to: `${ADMIN_PATHS.orders}?from=${d.today.date}`, text: "See today's orders" } },
    { label: 'Taken today', value: formatCents(d.today.takingsCents) },
    { label: 'Payments pending at the provider', value: String(d.payments.pending), link: { to: `${ADMIN_PATHS.orders}?paymentStatus=pending`, text: 'See them' } },
    { label: 'Payments held for review', value: String(d.payments.onHold), link: { to: `${ADMIN_PATHS.orders}?paymentStatus=on_hold`, text: 'See them' } },
    { label: 'Quotes sent, not yet ordered', value: String(d.quotes.open), link: { to: ADMIN_PATHS.quotes, text: 'See quotes' } },
    { label: 'Oldest e-mail waiting to go out', value: d.oldestQueuedEmail ? ageInWords(d.oldestQueuedEmail.ageSeconds) : 'None waiting' },
    { label: 'E-mails that could not be delivered', value: String(d.deadLetters.emails), link: { to: ADMIN_PATHS.operations, text: 'See dead letters' } },
  ];
  return (
    <ul className="bo-cards" aria-label="Today at a glance">
      {cards.map((card) => (
        <li key={card.label} className="bo-card">
          <span>{card.label}</span>
          <span className="bo-card__value">{card.value}</span>
          {card.link && <Link to={card.link.to}>{card.link.text}</Link>}
        </li>
      ))}
    </ul>
  );
}

/** /admin: what staff look at first: today's orders and takings, payments waiting, the e-mail queue. */
export default function DashboardPage() {
  return (
    <StaffScreen title="Dashboard">
      <Figures />
    </StaffScreen>
  );
}
