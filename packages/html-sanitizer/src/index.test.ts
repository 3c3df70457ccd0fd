import { JSDOM } from 'jsdom';
import { createHtmlSanitizer, type WindowLike } from './index.js';

const sanitize = createHtmlSanitizer(new JSDOM('').window as unknown as WindowLike);

describe('createHtmlSanitizer (content HTML rules)', () => {
  it('drops scripts, event handlers, javascript: URLs and iframes', () => {
    const clean = sanitize(
      [
        '<p>Before<script>alert(1)</script> after</p>',
        '<img src="/images/a.svg" alt="A door" onerror="alert(2)">',
        '<a href="javascript:alert(3)">Click</a>',
        '<a href="JaVaScRiPt:alert(4)">Shouting</a>',
        '<iframe src="https://evil.example/"></iframe>',
        '<div onclick="alert(5)" style="color:red">Box</div>',
      ].join(''),
    );
    expect(clean).not.toMatch(/<script|alert|onerror|onclick|javascript:|<iframe/i);
    expect(clean).toContain('<p>Before after</p>');
    expect(clean).toContain('<img src="/images/a.svg" alt="A door">');
    expect(clean).toContain('<a>Click</a>');
  });

  it('keeps headings, lists, links, images and tables as they are', () => {
    const harmless = [
      '<h2 id="plan">Plan your kitchen</h2>',
      '<h3>Measure</h3>',
      '<ul><li>Walls</li><li>Windows</li></ul>',
      '<ol><li>First</li></ol>',
      '<p>See <a href="/free-kitchen-design" title="Free design">our designers</a> or <a href="https://example.com/guide">the guide</a>.</p>',
      '<img src="/images/scenes/kitchen.svg" alt="A kitchen" width="800" height="450">',
      '<table><thead><tr><th>Style</th><th>Price</th></tr></thead><tbody><tr><td>Shaker</td><td>$120</td></tr></tbody></table>',
      '<blockquote><strong>Tip:</strong> <em>measure twice</em></blockquote>',
    ].join('');
    expect(sanitize(harmless)).toBe(harmless);
  });

  it('returns an empty string for nothing at all', () => {
    expect(sanitize('')).toBe('');
  });
});
