import type { ProductStyle, ProductStyleSummary } from '@storefront/contracts';
import { expect, test } from '../support/test.js';

const STYLE_PAGE_BASE = '/products/kitchen-cabinets/rta-kitchen-cabinets';

test('/visualizer is in the first HTML with the first style and its first finish chosen', async ({ request }) => {
  const [first] = (await (await request.get('/api/content/product-styles')).json()) as ProductStyleSummary[];
  const style = (await (await request.get(`/api/content/product-styles/${first!.name}`)).json()) as ProductStyle;
  const group = style.finishes[0]!;
  const finish = group.items[0]!;

  const response = await request.get('/visualizer', { headers: { Accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<h1[\s>]/);
  expect(html).toContain(`${style.title} kitchen in ${finish.label}`);
  expect(html).toContain(`fill="${finish.hex}"`);
  expect(html).toContain(`href="${STYLE_PAGE_BASE}/${style.name}?type=${group.name}&amp;value=${finish.value}"`);
});

test('the visualizer works by mouse and keyboard and its sample link opens the style page on that finish', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/visualizer');
  const tool = page.getByRole('region', { name: 'Design Your Kitchen' });
  const scene = tool.locator('svg.content-visualizer__scene');
  const sampleLink = tool.getByRole('link', { name: 'Order a sample of this finish' });

  // mouse: a swatch
  await tool.locator('label').filter({ hasText: 'Alabaster' }).click();
  await expect(tool.getByRole('radio', { name: /Alabaster/ })).toBeChecked();
  await expect(tool.getByRole('group', { name: 'Finish: Alabaster' })).toBeVisible();
  await expect(scene).toHaveAttribute('data-finish', '#EDE6D6');
  await expect(sampleLink).toHaveAttribute('href', `${STYLE_PAGE_BASE}/ssw?type=paint&value=alabaster`);

  // keyboard: a style from the list, then arrow keys through its finishes
  const styleSelect = tool.getByRole('combobox', { name: 'Door style' });
  await styleSelect.focus();
  await styleSelect.selectOption('cbs');
  await expect(tool.getByRole('img', { name: 'Charleston Blue Shaker kitchen in Charleston Blue' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(tool.getByRole('radio', { name: /Charleston Blue/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tool.getByRole('radio', { name: /Harbor Navy/ })).toBeChecked();
  await expect(scene).toHaveAttribute('data-finish', '#24364F');
  await expect(scene.locator('[data-part="door"] > rect').first()).toHaveAttribute('fill', '#24364F');
  await expect(sampleLink).toHaveAttribute('href', `${STYLE_PAGE_BASE}/cbs?type=paint&value=harbor-navy`);

  await sampleLink.click();
  await expect(page).toHaveURL(`${STYLE_PAGE_BASE}/cbs?type=paint&value=harbor-navy`);
  await expect(page.locator('input[type="radio"][value="paint:harbor-navy"]')).toBeChecked();
});

test('/test shows every layout block, with one breadcrumb trail', async ({ page }) => {
  await page.goto('/test');
  for (const name of [
    'Overlay, Left and Light',
    'Overlay, Centered and Dark, With a Title Long Enough to Be Long',
    'Finance v1: Image and Text Rows',
    'Finance v2: Comparison Cards',
    'Kitchen Showcase',
    'Media Block: Image',
    'Media Block: Video',
    'Shadow-Text List',
    'Kitchen Visualizer',
  ]) {
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  }
  // The block sandbox also holds a title-breadcrumb banner: that banner and the breadcrumb block each
  // show the trail, and the page leaves its own out (otherwise there would be three).
  const trails = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trails).toHaveCount(2);
  await expect(trails.last().getByText('Test Page')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: /Watch the video: How to Assemble an RTA Base Cabinet/ })).toHaveAttribute('target', '_blank');
  await expect(page.locator('.content-shadow-list__shadow')).toHaveCount(3);
});

test("an image card draws the spec's card fields: hover picture, byline, new-tab action", async ({ page }) => {
  await page.goto('/test');
  const card = page.getByRole('region', { name: 'Image Cards v1' }).getByRole('listitem').filter({ hasText: 'Card One' });
  await expect(card).toHaveClass(/content-cards__card--highlight/);
  await expect(card.getByText('By Heartwood Design Team')).toBeVisible();
  await expect(card.locator('time')).toHaveText('October 28, 2026');
  const hover = card.locator('.content-cards__hover-image');
  await expect(hover).toHaveCSS('opacity', '0');
  await card.hover();
  await expect(hover).toHaveCSS('opacity', '1');
  const link = card.getByRole('link', { name: 'Read the Design Guide (opens in a new tab)' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
});

test('/kitchen-finance-options renders the finance variants; the breadcrumb JSON-LD comes once, from the head', async ({ page, request }) => {
  const html = await (await request.get('/kitchen-finance-options', { headers: { Accept: 'text/html' } })).text();
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(([, body]) => body ?? '');
  expect(jsonLd.join('\n').match(/"BreadcrumbList"/g)).toHaveLength(1);

  await page.goto('/kitchen-finance-options');
  const rows = page.getByRole('region', { name: 'Ways to Pay' });
  await expect(rows).toHaveClass(/content-finance--v1/);
  await expect(rows.getByRole('listitem')).toHaveCount(3);
  await expect(rows.getByRole('img').first()).toHaveAttribute('width', '500');

  const cards = page.getByRole('region', { name: 'Compare Your Options' });
  await expect(cards).toHaveClass(/content-finance--v2/);
  const payIn4 = cards.getByRole('listitem').filter({ hasText: 'PayPal Pay in 4' });
  await expect(payIn4.getByText('Most flexible')).toBeVisible();
  await expect(payIn4.getByText('4 payments over 6 weeks')).toBeVisible();
  await expect(payIn4.getByRole('link', { name: 'Get a Price Range' })).toHaveAttribute('href', '/estimator');
});

test('the overlay panel sits over its image on desktop and under it on a phone', async ({ page }) => {
  const panelBelowImage = async () => {
    const overlay = page.getByRole('region', { name: /See the Doors in Our/ });
    const image = await overlay.locator('img').boundingBox();
    const panel = await overlay.locator('.content-overlay__panel').boundingBox();
    return panel!.y >= image!.y + image!.height - 1;
  };
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/about-us');
  expect(await panelBelowImage()).toBe(false);
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await panelBelowImage()).toBe(true);
  await expect(page.getByRole('region', { name: /in Numbers$/ }).getByRole('listitem')).toHaveCount(4);
});

test('menus close on a press outside them (useDismiss), the drawer returning focus to Menu', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/about-us');
  const toggle = page.getByRole('button', { name: 'Products submenu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.click(700, 800);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await page.setViewportSize({ width: 375, height: 740 });
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.click();
  const drawer = page.getByRole('dialog', { name: 'Our Offerings' });
  await expect(drawer).toBeVisible();
  // the overlay left of the drawer (it slides in from the right)
  const box = (await drawer.boundingBox())!;
  await page.mouse.click(box.x / 2, 400);
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(page).toHaveURL(/\/about-us$/);
});
