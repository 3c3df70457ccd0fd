import { CARD_LIST_ITEMS_MAX, CARD_TEXT_LIMIT, cardDescription, htmlToText } from './card-description';

describe('product card description', () => {
  it('lists up to 6 items and says there is more beyond them', () => {
    const html = `<ul>${Array.from({ length: 8 }, (_, i) => `<li>Feature ${i + 1}</li>`).join('')}</ul>`;
    expect(cardDescription(html)).toEqual({ kind: 'list', items: ['Feature 1', 'Feature 2', 'Feature 3', 'Feature 4', 'Feature 5', 'Feature 6'], more: true });
    expect(CARD_LIST_ITEMS_MAX).toBe(6);
  });

  it('shows every item of a short list, as text', () => {
    expect(cardDescription('<ul><li>3/4&quot; <strong>plywood</strong> box</li><li>Soft-close &amp; dovetail</li></ul>')).toEqual({
      kind: 'list',
      items: ['3/4" plywood box', 'Soft-close & dovetail'],
      more: false,
    });
  });

  it('cuts text without a list at 350 characters at a word boundary with "..."', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const result = cardDescription(`<p>${words}</p>`);
    expect(result.kind).toBe('text');
    if (result.kind !== 'text') return;
    expect(result.truncated).toBe(true);
    expect(result.text.endsWith('...')).toBe(true);
    const kept = result.text.slice(0, -3);
    expect(kept.length).toBeLessThanOrEqual(CARD_TEXT_LIMIT);
    // a whole word: the text goes on with a space right after what was kept
    expect(words.startsWith(`${kept} `)).toBe(true);
  });

  it('leaves short text whole', () => {
    expect(cardDescription('<p>Painted   shaker doors.</p>')).toEqual({ kind: 'text', text: 'Painted shaker doors.', truncated: false });
    expect(htmlToText('a&nbsp;b &lt;c&gt;')).toBe('a b <c>');
  });
});
