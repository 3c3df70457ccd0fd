/**
 * @jest-environment node
 */
import { JSDOM } from 'jsdom';
import { renderToString } from 'react-dom/server';
import { SafeHtml } from './SafeHtml.js';
import { setServerSanitizerWindow } from './server-sanitizer.js';

describe('SafeHtml on the server', () => {
  it('sanitises with the DOM it was handed, into the first HTML', () => {
    setServerSanitizerWindow(new JSDOM('').window as unknown as Parameters<typeof setServerSanitizerWindow>[0]);
    const html = renderToString(<SafeHtml html={'<p>Shaker <em>white</em></p><script>alert(1)</script><img src="x.png" onerror="alert(1)">'} />);
    expect(html).toBe('<div class="sf-rich-text"><p>Shaker <em>white</em></p><img src="x.png"></div>');
  });
});
