import { decodeCursor, encodeCursor } from './submission-cursor.js';

const ID = '3a195f0f-9ca2-4d80-b183-4cc6dde19164';

describe('the submissions list cursor', () => {
  it('reads back what it wrote, to the microsecond', () => {
    const cursor = { submittedAt: '2026-03-01T10:00:00.123456Z', id: ID };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it.each([
    ['empty', ''],
    ['not base64url of a cursor', 'hello'],
    ['a millisecond time', Buffer.from(`2026-03-01T10:00:00.123Z|${ID}`).toString('base64url')],
    ['no id', Buffer.from('2026-03-01T10:00:00.123456Z|').toString('base64url')],
    ['an id that is no uuid', Buffer.from("2026-03-01T10:00:00.123456Z|1' OR 1=1").toString('base64url')],
    ['a third part', Buffer.from(`2026-03-01T10:00:00.123456Z|${ID}|x`).toString('base64url')],
    ['an impossible time', Buffer.from(`2026-03-01T99:00:00.123456Z|${ID}`).toString('base64url')],
    ['an impossible date', Buffer.from(`2026-02-31T10:00:00.123456Z|${ID}`).toString('base64url')],
    ['a valid one with a character added', `${encodeCursor({ submittedAt: '2026-03-01T10:00:00.123456Z', id: ID })}A`],
  ])('refuses %s', (_, text) => {
    expect(decodeCursor(text)).toBeUndefined();
  });
});
