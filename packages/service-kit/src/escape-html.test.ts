import { escapeHtml } from './escape-html.js';

it('escapes the five characters that matter in content and quoted attributes', () => {
  expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  expect(escapeHtml(12.5)).toBe('12.5');
});
