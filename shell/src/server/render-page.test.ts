import { splitTemplate } from './render-page';

describe('splitTemplate', () => {
  it('finds the head end and the root element in the minified index.html', () => {
    const parts = splitTemplate('<html><head><script defer src=/main.js></script></head><body><div id=root></div></body></html>');
    expect(parts).toEqual({
      head: '<html><head><script defer src=/main.js></script>',
      body: '</head><body><div id=root>',
      end: '</div></body></html>',
    });
  });

  it('explains a template it cannot use', () => {
    expect(() => splitTemplate('<html><body></body></html>')).toThrow(/<\/head>/);
  });
});
