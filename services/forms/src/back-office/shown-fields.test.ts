import type { FormField } from '@storefront/contracts';
import { fileOrder, plainText, shownFields } from './shown-fields.js';

const HASH = 'scrypt$N=32768,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g';

const fields: FormField[] = [
  { name: 'firstName', type: 'text', label: 'First Name' },
  { name: 'email', type: 'email', label: ' Email ' },
  {
    name: 'subject',
    type: 'select',
    label: 'How can we help?',
    options: [
      { label: 'Free kitchen design', value: 'kitchen-design' },
      { label: 'Something else', value: 'other' },
    ],
  },
  { name: 'newsletter', type: 'checkbox', label: 'Send me ideas' },
  { name: 'source', type: 'hidden' },
  { name: 'password', type: 'password', label: 'Password' },
  {
    name: 'address',
    type: 'group',
    label: 'Address',
    fields: [
      { name: 'city', type: 'text', label: 'City' },
      { name: 'pin', type: 'password', label: 'PIN' },
    ],
  },
  { name: 'photos', type: 'file', label: 'Photos' },
  { name: 'phone', type: 'tel', label: 'Phone' },
];

describe('a submission as the back office shows it', () => {
  it("shows each answer as display text in the form's order, a group's fields under group.field, never a password", () => {
    const data = {
      newsletter: false,
      email: 'ann@example.com',
      firstName: 'Ann',
      subject: 'kitchen-design',
      source: 'spring-campaign',
      password: HASH,
      address: { city: 'Edison', pin: HASH },
      photos: [
        { fileId: 'f-1', name: 'Kitchen photo.png', size: 70, type: 'image/png' },
        { fileId: 'f-2', name: 'second.png', size: 70, type: 'image/png' },
      ],
      phone: '',
    };
    expect(shownFields(fields, data)).toEqual([
      { name: 'firstName', label: 'First Name', value: 'Ann' },
      { name: 'email', label: 'Email', value: 'ann@example.com' },
      { name: 'subject', label: 'How can we help?', value: 'Free kitchen design' },
      { name: 'newsletter', label: 'Send me ideas', value: 'No' },
      // a hidden field is left out of e-mails, not out of the back office
      { name: 'source', label: 'source', value: 'spring-campaign' },
      { name: 'address.city', label: 'City', value: 'Edison' },
      { name: 'photos', label: 'Photos', value: 'Kitchen photo.png, second.png' },
    ]);
    expect(JSON.stringify(shownFields(fields, data))).not.toContain('scrypt');
  });

  it('keeps answers the definition no longer names, after the others, under their names; hashes never', () => {
    const data = { firstName: 'Ann', budget: 25000, rooms: ['kitchen', 'bath'], extra: { note: 'hi', secret: HASH }, oldPassword: HASH, blank: '' };
    expect(shownFields(fields.slice(0, 1), data)).toEqual([
      { name: 'firstName', label: 'First Name', value: 'Ann' },
      { name: 'budget', label: 'budget', value: '25000' },
      { name: 'rooms', label: 'rooms', value: 'kitchen, bath' },
      { name: 'extra', label: 'extra', value: '{"note":"hi"}' },
    ]);
  });

  it('shows every stored answer of a form without a definition', () => {
    expect(shownFields([], { email: 'ann@example.com', ok: true })).toEqual([
      { name: 'email', label: 'email', value: 'ann@example.com' },
      { name: 'ok', label: 'ok', value: 'true' },
    ]);
  });

  it("reads a group's answers stored flat too (as the e-mail does), once", () => {
    expect(shownFields(fields.filter((field) => field.name === 'address'), { city: 'Edison' })).toEqual([{ name: 'address.city', label: 'City', value: 'Edison' }]);
  });

  it("orders a submission's files as its answers name them", () => {
    const data = { photos: [{ fileId: 'b' }, { fileId: 'a' }], receipt: [{ fileId: 'c' }] };
    expect([...fileOrder(data, [{ name: 'receipt', type: 'file' }, { name: 'photos', type: 'file' }]).entries()]).toEqual([
      ['c', 0],
      ['b', 1],
      ['a', 2],
    ]);
  });

  it('writes plain values as text', () => {
    expect(plainText(null)).toBe('');
    expect(plainText(HASH)).toBe('');
    expect(plainText([{ fileId: 'x' }])).toBe('x');
    expect(plainText([1, '', null, 'two'])).toBe('1, two');
  });
});
