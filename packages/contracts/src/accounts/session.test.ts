import { readCookie, readCookieNamed } from './session.js';

describe('readCookie', () => {
  it('reads the __Host- form of a name first, then the plain one', () => {
    expect(readCookie('sf_csrf=plain; __Host-sf_csrf=host', 'sf_csrf')).toBe('host');
    expect(readCookie('sf_csrf=plain', 'sf_csrf')).toBe('plain');
    expect(readCookie('other=1', 'sf_csrf')).toBeUndefined();
    expect(readCookie(undefined, 'sf_csrf')).toBeUndefined();
  });

  it('readCookieNamed reads only the exact name (the server trusts only the __Host- cookie over HTTPS)', () => {
    expect(readCookieNamed('sf_session=planted', '__Host-sf_session')).toBeUndefined();
    expect(readCookieNamed('__Host-sf_session=real; sf_session=planted', '__Host-sf_session')).toBe('real');
    expect(readCookieNamed('a=%E0%A4%A', 'a')).toBeUndefined();
  });
});
