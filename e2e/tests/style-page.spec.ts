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
