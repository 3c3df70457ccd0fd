import { acceptScript } from './accept-js.js';

/** The Accept.js loader: one script per URL, its `window.Accept`, a failed load forgotten so Retry loads again. */
const URL = 'https://jstest.authorize.net/v1/Accept.js';
const OTHER_URL = 'http://127.0.0.1:4693/v1/Accept.js';
const scripts = (url = URL) => [...document.head.querySelectorAll('script')].filter((script) => script.src === url);

afterEach(() => {
  delete (window as unknown as { Accept?: unknown }).Accept;
  for (const script of [...scripts(), ...scripts(OTHER_URL)]) script.remove();
});

describe('acceptScript.load', () => {
  it('adds Accept.js once and answers window.Accept when it has loaded', async () => {
    const first = acceptScript.load(URL);
    const again = acceptScript.load(URL);
    expect(scripts()).toHaveLength(1);
    const api = { dispatchData: jest.fn() };
    (window as unknown as { Accept: unknown }).Accept = api;
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(api);
    await expect(again).resolves.toBe(api);
  });

  it('refuses a script that defines no Accept, or does not load, and tries again next time', async () => {
    const loading = acceptScript.load(OTHER_URL);
    scripts(OTHER_URL)[0]!.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow(/defined no Accept/);
    expect(scripts(OTHER_URL)).toHaveLength(0);
    const retry = acceptScript.load(OTHER_URL);
    scripts(OTHER_URL)[0]!.dispatchEvent(new Event('error'));
    await expect(retry).rejects.toThrow(/could not be loaded/);
  });
});
