import { reviewSourceKey } from './reviews.service.js';

describe('reviewSourceKey', () => {
  it('is stable for the same review and differs for different reviews', () => {
    const review = { name: 'Ann', rating: 5, platform: 'Google', location: 'Edison, NJ', reviewText: 'Great' };
    expect(reviewSourceKey(review)).toBe(reviewSourceKey({ ...review }));
    expect(reviewSourceKey(review)).toMatch(/^[0-9a-f]{64}$/);
    expect(reviewSourceKey(review)).not.toBe(reviewSourceKey({ ...review, reviewText: 'Great!' }));
    // rating is not part of the key: an edited rating does not duplicate the review
    expect(reviewSourceKey(review)).toBe(reviewSourceKey({ ...review, rating: 4 }));
  });
});
