import { splitTemplate } from './render-page';

describe('splitTemplate', () => {
  it('finds the head end and the root element in the minified index.html', () => {
    const parts = splitTemplate('<html><head><script defer src=/main.js></script><link href=/main.css rel=stylesheet></head><body><div id=root></div></body></html>');
    expect(parts).toEqual({
      head: '<html><head><link href=/main.css rel=stylesheet>',
      body: '</head><body><div id=root>',
      end: '</div></body></html>',
      // the entry script is started after the first paint instead
      entries: ['/main.js'],
    });
  });

  it('explains a template it cannot use', () => {
    expect(() => splitTemplate('<html><body></body></html>')).toThrow(/<\/head>/);
  });
});
