import { render, screen } from '@testing-library/react';
import { StatusBadge } from './StatusBadge.js';
import { statusBadgeLook } from './status-badge.js';

describe('statusBadgeLook (commerce spec, status badges)', () => {
  it.each([
    ['order', 'canceled', 'Canceled', 'danger'],
    ['order', 'paypal_reversed', 'Paypal Reversed', 'danger'],
    ['order', 'ordered', 'Ordered', 'success'],
    ['order', 'complete', 'Complete', 'success'],
    ['order', 'holded', 'On Hold', 'warning'],
    ['order', 'pending_payment', 'Pending Payment', 'warning'],
    ['order', 'partially_paid', 'Partially Paid', 'warning'],
    ['order', 'synced', 'Synced', 'info'],
    ['order', 'shipped', 'Shipped', 'primary'],
    ['quote', 'ready_to_order', 'Ready To Order', 'info'],
    ['payment', 'successful', 'Paid', 'success'],
    ['payment', 'declined', 'Failed', 'danger'],
    ['payment', 'processing', 'Pending', 'warning'],
    ['payment', 'cancelled', 'Refunded', 'neutral'],
    ['address', 'validated', 'Verified', 'success'],
    ['address', 'undeliverable', 'Invalid', 'danger'],
    ['address', 'unverified', 'Unverified', 'warning'],
    ['address', 'primary', 'Primary', 'primary'],
  ] as const)('%s %s -> %s (%s)', (kind, status, label, tone) => {
    expect(statusBadgeLook(kind, status)).toEqual({ label, tone });
  });

  it('matches case-insensitively', () => {
    expect(statusBadgeLook('payment', ' COMPLETED ')).toEqual({ label: 'Paid', tone: 'success' });
  });

  it("shows an unknown status's own text, and 'Unknown' without one", () => {
    expect(statusBadgeLook('order', 'awaiting_pickup')).toEqual({ label: 'Awaiting Pickup', tone: 'neutral' });
    expect(statusBadgeLook('payment', '')).toEqual({ label: 'Unknown', tone: 'neutral' });
    expect(statusBadgeLook('quote', undefined)).toEqual({ label: 'Unknown', tone: 'neutral' });
  });
});

describe('StatusBadge', () => {
  it('renders the label with its tone', () => {
    render(<StatusBadge kind="order" status="pending_payment" />);
    const badge = screen.getByText('Pending Payment');
    expect(badge).toHaveClass('sf-status', 'sf-status--warning');
  });
});
