import { normaliseRating, reviewSourceKey } from './reviews.service.js';

describe('reviewSourceKey', () => {
  it('is stable for the same review and differs for different reviews', () => {
    const review = { name: 'Ann', rating: 5, platform: 'Google', reviewText: 'Great' };
    expect(reviewSourceKey(review)).toBe(reviewSourceKey({ ...review }));
    expect(reviewSourceKey(review)).toMatch(/^[0-9a-f]{64}$/);
    expect(reviewSourceKey(review)).not.toBe(reviewSourceKey({ ...review, reviewText: 'Great!' }));
    // rating is not part of the key: an edited rating does not duplicate the review
    expect(reviewSourceKey(review)).toBe(reviewSourceKey({ ...review, rating: 4 }));
  });
});

describe('normaliseRating', () => {
  it('takes ratings 1-5 in half steps given as numbers or strings', () => {
    expect(normaliseRating(5)).toBe(5);
    expect(normaliseRating('4')).toBe(4);
    expect(normaliseRating(' 3 ')).toBe(3);
    expect(normaliseRating(4.5)).toBe(4.5);
    expect(normaliseRating(' 1.5')).toBe(1.5);
  });

  it('refuses anything the table cannot hold', () => {
    for (const value of [0, 0.5, 6, 4.3, '4.25', 'five', '', null, undefined, Number.NaN]) {
      expect(normaliseRating(value)).toBeNull();
    }
  });
});
