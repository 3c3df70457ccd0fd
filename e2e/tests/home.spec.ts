import { expect, test } from '../support/test.js';
import type { PageDefinition } from '@storefront/contracts';

test('home renders from its page definition', async ({ page, request }) => {
  const definition = (await (await request.get('/api/content/page?path=/')).json()) as PageDefinition;
  const banner = definition.blocks.find((block) => block.type === 'banner');
  expect(banner, 'content/pages/home.json has a banner block').toBeTruthy();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(banner!.title));
  for (const block of definition.blocks.filter((b) => b.type === 'media-content')) {
    await expect(page.getByRole('heading', { name: String(block.title) })).toBeVisible();
  }
  // Placeholders are resolved by the content service, never shown raw.
  await expect(page.locator('body')).not.toContainText('{{');
  await expect(page).toHaveTitle(definition.title);
});

test('header and footer are built from the content menus', async ({ page, request }) => {
  const { menus } = await (await request.get('/api/content/site')).json();
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: /main/i });
  await expect(nav.getByRole('link', { name: menus.header[1].text, exact: true })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: menus.footer[0].items[0].text, exact: true }).first()).toBeVisible();
});
