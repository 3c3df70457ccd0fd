import { expect, test } from '../support/test.js';

test('blogs: list -> post -> author (search) -> category (search), all rendered on the server', async ({ page }) => {
  const list = await page.goto('/blogs');
  expect(list?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Articles' }).getByRole('article');
  await expect(cards).toHaveCount(9);
  await page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/blogs\?page=2$/);
  await expect(cards).toHaveCount(3);

  // the first card of page 2 (every post on the list links to its own page)
  const postLink = cards.first().getByRole('heading').getByRole('link');
  const title = (await postLink.textContent()) ?? '';
  await postLink.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link')).not.toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Recent Articles' })).toBeVisible();

  // a post's server HTML already has the article and its BlogPosting data
  const detail = await page.request.get('/blogs/shaker-vs-slab-cabinet-doors');
  expect(detail.status()).toBe(200);
  const html = await detail.text();
  expect(html).toContain('Shaker vs Slab Cabinet Doors');
  expect(html).toContain('"BlogPosting"');

  await page.goto('/blogs/shaker-vs-slab-cabinet-doors');
  // exact: her social links are named "Maria Alvarez on LinkedIn" and so on
  await page.getByRole('article', { name: /Shaker vs Slab/ }).getByRole('link', { name: 'Maria Alvarez', exact: true }).click();
  await expect(page).toHaveURL(/\/blogs\/authors\/maria-alvarez$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maria Alvarez' })).toBeVisible();
  // her socials are 50 px icons named for screen readers, opening in a new tab (spec §9 blog social 50)
  const linkedIn = page.getByRole('link', { name: 'Maria Alvarez on LinkedIn' });
  await expect(linkedIn).toHaveAttribute('href', 'https://www.linkedin.com/in/maria-alvarez-kitchens');
  await expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(linkedIn.locator('svg')).toHaveAttribute('width', '50');
  expect((await linkedIn.boundingBox())?.width).toBeGreaterThanOrEqual(50);
  await expect(page.getByRole('link', { name: 'Maria Alvarez on Instagram' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search articles by Maria Alvarez' });
  await search.fill('island');
  await search.press('Enter');
  await expect(page).toHaveURL(/\?query=island$/);
  await expect(page.getByText('Showing results for: island')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Articles by Maria Alvarez' }).getByRole('article')).toHaveCount(1);
  await search.fill('no such words');
  await search.press('Enter');
  await expect(page.getByText('No Blogs Found')).toBeVisible();

  await page.goto('/blogs/category/kitchen-design');
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen Design Articles' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular Posts' })).toBeVisible();
  const categorySearch = page.getByRole('searchbox', { name: 'Search Kitchen Design articles' });
  await categorySearch.fill('vanity');
  await categorySearch.press('Enter');
  await expect(page.getByText('No blogs found in this category.')).toBeVisible();
});

test('an unknown blog post, author or category is a 404 page with the spec message', async ({ page, request }) => {
  const api = await request.get('/api/content/blogs/posts/no-such-post');
  expect(api.status()).toBe(404);
  expect((await api.json()).message).toBe('Blog not found');

  const response = await page.goto('/blogs/no-such-post');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Blog not found' })).toBeVisible();

  expect((await page.goto('/blogs/authors/nobody'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Blog Author Not Found' })).toBeVisible();
  expect((await page.goto('/blogs/category/nothing'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Blog Category Not Found' })).toBeVisible();
});

test('a category’s cards: a slider with dots on a 375 px phone, the 3-column grid on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/blogs/category/kitchen-design');
  const cards = page.getByRole('region', { name: 'Kitchen Design articles' });
  const slides = cards.locator('[aria-roledescription="slide"]');
  expect(await slides.count()).toBeGreaterThan(1);
  await expect(cards.getByRole('button', { name: 'Next slide' })).toBeHidden();
  const dots = cards.getByRole('group', { name: 'Choose a slide of Kitchen Design articles' }).getByRole('button');
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  const left = async (locator: typeof cards) => Math.round((await locator.boundingBox())!.x);
  const start = await left(cards.locator('.sf-slider__viewport'));
  expect(await left(slides.first())).toBe(start);
  await dots.nth(1).click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  // the second card slides in where the first was
  await expect.poll(() => left(slides.nth(1))).toBe(start);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(dots.first()).toBeHidden();
  // three cards side by side in one row
  const tops = await Promise.all([0, 1, 2].map(async (index) => (await slides.nth(index).boundingBox())!.y));
  expect(new Set(tops.map(Math.round)).size).toBe(1);
  const [first, third] = [await slides.nth(0).boundingBox(), await slides.nth(2).boundingBox()];
  expect(third!.x).toBeGreaterThan(first!.x + first!.width);
});
