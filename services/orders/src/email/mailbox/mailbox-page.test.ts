import { renderMailboxPage } from './mailbox-page.js';

describe('renderMailboxPage', () => {
  it('says so when there are no messages', () => {
    const html = renderMailboxPage([]);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Local mailbox</title>');
    expect(html).toContain('<h1>Local mailbox</h1>');
    expect(html).toContain('No messages yet.');
  });

  it('lists each message with to, cc, subject and sent time, escaped', () => {
    const html = renderMailboxPage([
      {
        id: '6a1c0d1e-0000-4000-8000-000000000001',
        to: 'ann@example.com',
        cc: ['b@example.com', 'c@example.com'],
        subject: 'Your order #SF-100001 <b>has</b> been received',
        text: '',
        html: '',
        messageId: '<0123456789abcdef0123456789abcdef@example.com>',
        sentAt: '2026-11-23T15:04:05.000Z',
      },
    ]);
    expect(html).toContain('<a href="/dev/mailbox/messages/6a1c0d1e-0000-4000-8000-000000000001">');
    expect(html).toContain('Your order #SF-100001 &lt;b&gt;has&lt;/b&gt; been received');
    expect(html).toContain('<dd>ann@example.com</dd>');
    expect(html).toContain('<dd>b@example.com, c@example.com</dd>');
    expect(html).toContain('<time datetime="2026-11-23T15:04:05.000Z">Nov 23, 2026, 3:04 PM UTC</time>');
    expect(html).not.toContain('No messages yet.');
  });
});
