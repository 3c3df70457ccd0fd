import type { PageHead } from '@storefront/contracts';
import { deferredScriptsLoader, escapeHtml, fallbackHead, headTags, stylesheetTags } from './head-tags';

const head: PageHead = {
  status: 200,
  path: '/contact',
  title: 'Contact Us | Heartwood & Co',
  description: 'Call, write or "visit" us.',
  canonical: 'https://shop.test/contact',
  robots: 'index, follow',
  openGraph: { type: 'website', title: 'Contact Us', description: 'Call us', url: 'https://shop.test/contact', siteName: 'Heartwood' },
  breadcrumb: [],
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'Organization', name: '</script><script>alert(1)</script>' }],
};

describe('headTags', () => {
  it('writes the title, description, robots, canonical and Open Graph tags, escaped', () => {
    const html = headTags(head);
    expect(html).toContain('<title>Contact Us | Heartwood &amp; Co</title>');
    expect(html).toContain('<meta name="description" content="Call, write or &quot;visit&quot; us." />');
    expect(html).toContain('<meta name="robots" content="index, follow" />');
    expect(html).toContain('<link rel="canonical" href="https://shop.test/contact" />');
    expect(html).toContain('<meta property="og:url" content="https://shop.test/contact" />');
    expect(html).not.toContain('og:image');
  });

  it('keeps JSON-LD inside its element whatever the content says', () => {
    const html = headTags(head);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(head.jsonLd[0]);
  });

  it('has a usable, non-indexed fallback when the content service cannot say', () => {
    expect(fallbackHead('/x')).toMatchObject({ status: 200, path: '/x', robots: 'noindex, nofollow', jsonLd: [] });
  });
});

describe('page assets', () => {
  it('links stylesheets in the head', () => {
    expect(stylesheetTags(['/a.css', '/b.css'])).toBe('<link rel="stylesheet" href="/a.css" />\n    <link rel="stylesheet" href="/b.css" />');
  });

  it('starts the scripts after the first paint, with the nonce, all at once', () => {
    const html = deferredScriptsLoader('n0nce', ['/main.js'], { scripts: ['/remotes/x/remoteEntry.js'], manifests: ['/remotes/x/mf-manifest.json'] });
    expect(html.startsWith('<script nonce="n0nce">')).toBe(true);
    expect(html).toContain('requestAnimationFrame');
    expect(html).toContain('{"entries":["/main.js"],"scripts":["/remotes/x/remoteEntry.js"],"manifests":["/remotes/x/mf-manifest.json"]}');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('escapes what it writes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
