import { expect, test } from '../support/test.js';
import type { ProductStyle } from '@storefront/contracts';

for (const code of ['ssw', 'cbs']) {
  test(`style ${code}: finish selection is written to the address and survives a reload`, async ({ page, request }) => {
    const style = (await (await request.get(`/api/content/product-styles/${code}`)).json()) as ProductStyle;
    const group = style.finishes[0]!;
    const target = group.items[group.items.length - 1]!;

    await page.goto(`/products/kitchen-cabinets/rta-kitchen-cabinets/${code}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(style.title);

    // The swatch (the radio's label) is what a shopper clicks; the radio itself is visually hidden.
    await page.getByRole('radio', { name: target.label }).locator('xpath=ancestor::label[1]').click();
    await expect(page.getByRole('radio', { name: target.label })).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`type=${encodeURIComponent(group.name)}.*value=${encodeURIComponent(target.value)}`));

    await page.reload();
    await expect(page.getByRole('radio', { name: target.label })).toBeChecked();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(style.title);
  });
}

test('a style page shows customer reviews (the review-cards block), in its first HTML', async ({ page, request }) => {
  const reviews = (await (await request.get('/api/reviews/birdeye')).json()) as { name: string }[];
  expect(reviews.length).toBeGreaterThan(0);
  const html = await (await request.get('/products/kitchen-cabinets/rta-kitchen-cabinets/ssw')).text();
  expect(html).toContain('What Our Customers Say');
  expect(html).toContain(reviews[0]!.name);

  await page.goto('/products/kitchen-cabinets/rta-kitchen-cabinets/ssw');
  const section = page.getByRole('region', { name: 'What Our Customers Say' });
  await expect(section.getByRole('heading', { name: reviews[0]!.name })).toBeVisible();
});

test('on a 375 px phone the style slider shows dots instead of arrows; a dot changes the picture', async ({ page, request }) => {
  const style = (await (await request.get('/api/content/product-styles/ssw')).json()) as ProductStyle;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/products/kitchen-cabinets/rta-kitchen-cabinets/ssw');
  const slider = page.getByRole('region', { name: `${style.title} images` });
  await expect(slider.getByRole('button', { name: 'Next image' })).toBeHidden();
  const dots = slider.getByRole('group', { name: `Choose a slide of ${style.title} images` }).getByRole('button');
  await expect(dots.first()).toBeVisible();
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  expect(await dots.count()).toBeGreaterThan(1);
  const second = dots.nth(1);
  const secondName = (await second.getAttribute('aria-label'))!.replace(/^Go to slide 2 of \d+: /, '');
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(slider.locator('.sf-style-slider__image')).toHaveAttribute('alt', secondName);

  // from 768 px the arrows are back and the dots are gone
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(slider.getByRole('button', { name: 'Next image' })).toBeVisible();
  await expect(dots.first()).toBeHidden();
});
