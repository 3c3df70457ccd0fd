import { staffRecipientsFor } from './notification-content.js';

describe('staffRecipientsFor (content only)', () => {
  const settings = { formRecipients: { contact: ['help@example.com', 'sales@example.com'], default: ['staff@example.com'] } };

  it("uses the form's own list, else the default list", () => {
    expect(staffRecipientsFor(settings, 'contact')).toEqual(['help@example.com', 'sales@example.com']);
    expect(staffRecipientsFor(settings, 'dealer')).toEqual(['staff@example.com']);
  });

  it('has nobody when content names nobody, and never reads inherited keys', () => {
    expect(staffRecipientsFor({}, 'contact')).toEqual([]);
    expect(staffRecipientsFor({ formRecipients: { contact: ['a@example.com'] } }, 'dealer')).toEqual([]);
    expect(staffRecipientsFor(settings, 'constructor')).toEqual(['staff@example.com']);
  });
});
