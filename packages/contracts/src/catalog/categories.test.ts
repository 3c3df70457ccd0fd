import { CATEGORY_MESSAGES, CATEGORY_PATH, categoryNotFoundMessage, productCategoryPath } from './categories.js';

describe('product categories', () => {
  it('puts the showcase under {categoryPath}, /categories by default', () => {
    expect(CATEGORY_PATH).toBe('/categories');
    expect(productCategoryPath('slim-shaker')).toBe('/categories/slim-shaker');
  });

  it('spells the spec §8 messages as written', () => {
    expect(categoryNotFoundMessage('beadboard')).toBe('Category "beadboard" not found in data');
    expect(CATEGORY_MESSAGES).toEqual({
      loadFailed: 'Category data not found',
      empty: 'No category data available',
      productsMissing: 'Product data not found or invalid format',
    });
  });
});
