import { Logger } from '@nestjs/common';
import type { NotificationSettings } from '@storefront/contracts';
import type { EntityManager } from 'typeorm';
import type { EmailOutbox, QueuedEmail } from './email-outbox.js';
import type { EmailSettings } from './email-settings.js';
import { OrderEmails } from './order-emails.js';

const order = {
  id: '5f0c3c59-3c1b-4b55-9f3b-7d2b1c0e8a11',
  orderIncrementId: 'SF-100042',
  createdAt: new Date('2026-11-23T15:00:00Z'),
  email: 'order@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  subtotal: 999,
  shippingAmount: 995,
  shippingLabel: 'Standard Ground',
  taxAmount: 0,
  discountAmount: 0,
  total: 1994,
  additionalNotes: null,
  items: [],
  addresses: [{ type: 'billing', email: 'billing@example.com', firstName: 'Ann', lastName: 'Lee', street1: '1 Main St', street2: null, city: 'Portland', state: 'OR', zipCode: '97201', countryId: 'US', phoneNumber: '5035550100' }],
  payments: [],
};

function setUp(notifications: () => Promise<NotificationSettings>) {
  const queued: QueuedEmail[] = [];
  const outbox = {
    enqueue: jest.fn(async (_manager: EntityManager, emails: readonly QueuedEmail[]) => {
      queued.push(...emails);
      return emails.map((email) => email.dedupeKey);
    }),
    isQueued: jest.fn(async () => false),
  } as unknown as EmailOutbox;
  const settings = { notifications, store: async () => ({ name: 'Heartwood Cabinetry' }), siteUrl: 'https://shop.example' } as unknown as EmailSettings;
  // find: the order (by id, with its relations: orders/order-by-id.ts); query: the view token's insert
  const manager = { find: jest.fn(async () => [order]), query: jest.fn(async () => []) } as unknown as EntityManager;
  return { emails: new OrderEmails(settings, outbox), manager, queued };
}

describe('OrderEmails.queueOrderConfirmation', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('queues the customer e-mail to the billing address and the admin e-mail to the first admin, the rest cc', async () => {
    const { emails, manager, queued } = setUp(async () => ({ adminEmails: ['a@example.com', 'b@example.com', 'c@example.com'], fromAddress: 'a@example.com' }));
    await emails.queueOrderConfirmation(manager, order.id);
    expect(queued.map(({ kind, dedupeKey, recipient, cc }) => ({ kind, dedupeKey, recipient, cc }))).toEqual([
      { kind: 'order-confirmation', dedupeKey: `order-confirmation:${order.id}`, recipient: 'billing@example.com', cc: [] },
      { kind: 'order-confirmation-admin', dedupeKey: `order-confirmation-admin:${order.id}`, recipient: 'a@example.com', cc: ['b@example.com', 'c@example.com'] },
    ]);
    // the customer's e-mail carries the link to the order's page; the staff's does not
    expect(queued[0]!.text).toMatch(new RegExp(`View your order: https://shop\\.example/order/view/${order.id}\\?token=[A-Za-z0-9_-]{43}`));
    expect(queued[1]!.text).not.toContain('/order/view/');
  });

  it('skips the admin e-mail with a warning when no admin addresses are configured', async () => {
    const { emails, manager, queued } = setUp(async () => ({ adminEmails: [], fromAddress: 'a@example.com' }));
    await emails.queueOrderConfirmation(manager, order.id);
    expect(queued.map((email) => email.kind)).toEqual(['order-confirmation']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('No admin e-mail addresses'), expect.objectContaining({ orderNumber: 'SF-100042' }));
  });

  it('still queues the customer e-mail (and never fails the payment) when the settings cannot be read', async () => {
    const { emails, manager, queued } = setUp(async () => {
      throw new Error('Invalid content file settings/notifications.json: fromAddress must be an e-mail address');
    });
    await expect(emails.queueOrderConfirmation(manager, order.id)).resolves.toBeUndefined();
    expect(queued.map((email) => email.kind)).toEqual(['order-confirmation']);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('fromAddress must be an e-mail address'), expect.objectContaining({ event: 'email.settings-unreadable' }));
  });

  it('refuses an order that does not exist (a programming error in the caller)', async () => {
    const { emails, queued } = setUp(async () => ({ adminEmails: [], fromAddress: 'a@example.com' }));
    const manager = { find: jest.fn(async () => []) } as unknown as EntityManager;
    await expect(emails.queueOrderConfirmation(manager, 'nope')).rejects.toThrow(/no such order/);
    expect(queued).toEqual([]);
  });
});
