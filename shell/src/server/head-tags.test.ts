import type { PageHead } from '@storefront/contracts';
import { runInNewContext } from 'node:vm';
import { deferredScriptsLoader, escapeHtml, fallbackHead, headTags, SCRIPTS_AFTER_PAINT_BOUND_MS, stylesheetTags } from './head-tags';

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
    expect(html).toContain('{"entries":["/main.js"],"scripts":["/remotes/x/remoteEntry.js"],"manifests":["/remotes/x/mf-manifest.json"]}');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  describe('when the scripts start', () => {
    /**
     * The loader run as a browser would, over jsdom's document: the browser's paint timing, frames and
     * timers are the test's to fire, so each case says what the page has shown when the scripts start.
     */
    function runLoader({ paintTiming }: { paintTiming: boolean }) {
      document.head.innerHTML = '';
      const timers: { at: number; run: () => void }[] = [];
      const frames: (() => void)[] = [];
      let now = 0;
      let observer: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
      class FakePerformanceObserver {
        static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
        constructor(callback: typeof observer) {
          observer = callback;
        }
        observe() {}
        disconnect() {
          observer = undefined;
        }
      }
      const window = { PerformanceObserver: FakePerformanceObserver };
      const script = deferredScriptsLoader('n', ['/main.js'], { scripts: ['/remotes/x/remoteEntry.js'], manifests: ['/remotes/x/mf-manifest.json'] });
      runInNewContext(script.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''), {
        window,
        document,
        PerformanceObserver: FakePerformanceObserver,
        requestAnimationFrame: (run: () => void) => frames.push(run),
        setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
      });
      const requested = () => [...document.head.querySelectorAll('script[src], link[rel="preload"]')].map((el) => el.getAttribute('src') ?? el.getAttribute('href'));
      return {
        requested,
        paint(name: string) {
          observer?.({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
        },
        frame: () => frames.splice(0).forEach((run) => run()),
        advance(ms: number) {
          now += ms;
          for (const timer of timers.filter((due) => due.at <= now)) {
            timers.splice(timers.indexOf(timer), 1);
            timer.run();
          }
        },
      };
    }

    it('waits for the first contentful paint, not the next frame, then requests everything once', () => {
      const page = runLoader({ paintTiming: true });
      page.frame();
      page.advance(0);
      page.paint('first-paint');
      page.advance(0);
      expect(page.requested()).toEqual([]);
      page.paint('first-contentful-paint');
      page.advance(0);
      expect(page.requested()).toEqual(['/remotes/x/mf-manifest.json', '/remotes/x/remoteEntry.js', '/main.js']);
      page.advance(SCRIPTS_AFTER_PAINT_BOUND_MS);
      expect(page.requested()).toHaveLength(3);
    });

    it('starts them anyway once the bound has passed without a contentful paint (a hidden tab), and only once', () => {
      const page = runLoader({ paintTiming: true });
      page.advance(SCRIPTS_AFTER_PAINT_BOUND_MS - 1);
      expect(page.requested()).toEqual([]);
      page.advance(1);
      expect(page.requested()).toHaveLength(3);
      page.paint('first-contentful-paint');
      page.advance(0);
      expect(page.requested()).toHaveLength(3);
    });

    it('falls back to the next frame in a browser without paint timing', () => {
      const page = runLoader({ paintTiming: false });
      page.advance(0);
      expect(page.requested()).toEqual([]);
      page.frame();
      page.advance(0);
      expect(page.requested()).toEqual(['/remotes/x/mf-manifest.json', '/remotes/x/remoteEntry.js', '/main.js']);
    });
  });

  it('escapes what it writes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
