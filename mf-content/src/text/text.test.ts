import { halfStarsOf, padStepNumber, ratingLabel, READ_MORE_LIMIT, titleLengthClass, toTitleCase, truncateText } from './text';

describe('toTitleCase', () => {
  it('keeps RTA, DIY, MDF and PVC uppercase', () => {
    expect(toTitleCase('rta kitchen cabinets for diy fans')).toBe('RTA Kitchen Cabinets for DIY Fans');
    expect(toTitleCase('Mdf panels and pvc edge banding')).toBe('MDF Panels and PVC Edge Banding');
  });
  it('capitalises the first word even when it is small', () => {
    expect(toTitleCase('the shaker STYLE')).toBe('The Shaker Style');
  });
});

describe('truncateText', () => {
  it('leaves text of 220 characters or fewer alone', () => {
    const text = 'a'.repeat(READ_MORE_LIMIT);
    expect(truncateText(text)).toEqual({ text, truncated: false });
  });
  it('cuts longer text at a word boundary within 220 characters', () => {
    const text = 'word '.repeat(60).trim();
    const result = truncateText(text);
    expect(result.truncated).toBe(true);
    expect(result.text.endsWith('...')).toBe(true);
    expect(result.text.length - 3).toBeLessThanOrEqual(READ_MORE_LIMIT);
    expect(result.text).not.toMatch(/wor\.\.\.$/);
  });
  it('cuts a text without a late space hard at the limit rather than losing most of it', () => {
    const oneWord = 'x'.repeat(300);
    expect(truncateText(oneWord)).toEqual({ text: `${'x'.repeat(READ_MORE_LIMIT)}...`, truncated: true });
    // the only space is early (before 60% of the limit): cutting there would drop too much
    const early = `short ${'y'.repeat(300)}`;
    expect(truncateText(early).text).toBe(`${early.slice(0, READ_MORE_LIMIT)}...`);
  });
  it('takes other limits (review text 150, video description 250) and drops the space before the dots', () => {
    const text = 'Great cabinets and easy assembly. '.repeat(10);
    const review = truncateText(text, 150);
    expect(review.text.length).toBeLessThanOrEqual(153);
    expect(review.text).toMatch(/\S\.\.\.$/);
    expect(truncateText(text, 250).text.length).toBeLessThanOrEqual(253);
    expect(truncateText('exactly ten', 11)).toEqual({ text: 'exactly ten', truncated: false });
  });
});

describe('padStepNumber', () => {
  it('zero-pads to 2 digits', () => {
    expect(padStepNumber(1)).toBe('01');
    expect(padStepNumber(9)).toBe('09');
    expect(padStepNumber(12)).toBe('12');
  });
});

describe('star rating', () => {
  it('rounds to half stars within 0..5', () => {
    expect(halfStarsOf(4.3)).toBe(9);
    expect(halfStarsOf(4.8)).toBe(10);
    expect(halfStarsOf(7)).toBe(10);
    expect(halfStarsOf(-1)).toBe(0);
  });
  it('labels the rating for screen readers', () => {
    expect(ratingLabel(4.5)).toBe('4.5 out of 5 stars');
    expect(ratingLabel(4)).toBe('4 out of 5 stars');
  });
});

describe('titleLengthClass (spec §9)', () => {
  it('is short up to 20 characters, medium up to 50, long beyond', () => {
    expect(titleLengthClass('Our Story')).toBe('short');
    expect(titleLengthClass('x'.repeat(20))).toBe('short');
    expect(titleLengthClass('x'.repeat(21))).toBe('medium');
    expect(titleLengthClass('x'.repeat(50))).toBe('medium');
    expect(titleLengthClass('x'.repeat(51))).toBe('long');
  });
});
