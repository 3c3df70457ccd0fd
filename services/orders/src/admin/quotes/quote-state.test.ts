import { quoteStateOf } from './quote-state.js';

const link = (live: boolean, viewed = false) => ({ live, viewed_at: viewed ? new Date() : null });

describe('where a quote stands', () => {
  it('draft without a link, sent with a live one, viewed once it was opened, expired when every link ended', () => {
    expect(quoteStateOf([], null)).toBe('draft');
    expect(quoteStateOf([link(true)], null)).toBe('sent');
    expect(quoteStateOf([link(true, true), link(false)], null)).toBe('viewed');
    expect(quoteStateOf([link(false, true), link(false)], null)).toBe('expired');
  });

  it('paid in part after a deposit, ordered once paid in full, whatever its links say', () => {
    expect(quoteStateOf([link(false)], { status: 'partially_paid', paidCents: 25_000 })).toBe('paid_in_part');
    expect(quoteStateOf([link(true, true)], { status: 'ordered', paidCents: 99_000 })).toBe('ordered');
    // an order started but nothing paid yet: the link still tells
    expect(quoteStateOf([link(true, true)], { status: 'pending_payment', paidCents: 0 })).toBe('viewed');
  });
});
