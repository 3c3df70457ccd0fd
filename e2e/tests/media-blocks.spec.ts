import type { Review, ReviewSummary } from '@storefront/contracts';
import { expect, test } from '../support/test.js';

// The machine has no internet and YouTube is a host we do not run: its player is never loaded, the
// tests only check which address the card asks for.
const YOUTUBE_PLAYER = 'https://www.youtube-nocookie.com/**';

test.describe('review cards and summary on the home page', () => {
  test('a review longer than 150 characters opens with Show More and closes with Show Less', async ({ page, request }) => {
    const reviews = (await (await request.get('/api/reviews/birdeye')).json()) as Review[];
    const index = reviews.findIndex((review) => (review.reviewText ?? '').length > 150);
    expect(index, 'content/data/reviews.json has a review over 150 characters').toBeGreaterThanOrEqual(0);
    const review = reviews[index]!;

    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Customer reviews' });
    // bring the long review to the front with the keyboard (Right arrow on the carousel)
    await carousel.getByRole('button', { name: 'Next slide' }).focus();
    for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowRight');

    const card = carousel.getByRole('article', { name: review.name });
    await expect(card).toBeInViewport();
    const text = card.locator('.content-review-card__text');
    const shortText = (await text.textContent()) ?? '';
    expect(shortText.endsWith('...')).toBe(true);
    expect(shortText.length).toBeLessThanOrEqual(153);
    expect(review.reviewText!.startsWith(shortText.slice(0, -3))).toBe(true);

    await card.getByRole('button', { name: 'Show More' }).click();
    await expect(text).toHaveText(review.reviewText!);
    const showLess = card.getByRole('button', { name: 'Show Less' });
    await expect(showLess).toHaveAttribute('aria-expanded', 'true');
    await showLess.click();
    await expect(text).toHaveText(shortText);
    await expect(card.getByRole('button', { name: 'Show More' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the summary shows the numbers the reviews API gives', async ({ page, request }) => {
    const summary = (await (await request.get('/api/reviews/summary')).json()) as ReviewSummary;
    expect(summary.reviewCount).toBeGreaterThan(0);
    await page.goto('/');
    await expect(page.getByText(`${summary.avgRating.toFixed(1)} out of 5 based on ${summary.reviewCount} reviews`)).toBeVisible();
  });

  test('every review card shows its stars and who wrote it, server-rendered', async ({ request }) => {
    const reviews = (await (await request.get('/api/reviews/birdeye')).json()) as Review[];
    const html = await (await request.get('/')).text();
    for (const review of reviews) expect(html).toContain(review.name.replace(/&/g, '&amp;'));
    expect(html).toContain('aria-roledescription="carousel"');
  });
});

test.describe('slider', () => {
  test('next and previous change the counter and label; the arrow keys do too', async ({ page }) => {
    await page.goto('/test');
    const slider = page.getByRole('region', { name: 'Slider With Counter and Labels: pictures' });
    const status = slider.locator('.sf-slider__status');
    await expect(status).toHaveText('Range wall1 / 4');

    await slider.getByRole('button', { name: 'Next slide' }).click();
    await expect(status).toHaveText('Sink wall2 / 4');
    await slider.getByRole('button', { name: 'Previous slide' }).click();
    await expect(status).toHaveText('Range wall1 / 4');
    // infinite: back from the first is the last
    await slider.getByRole('button', { name: 'Previous slide' }).click();
    await expect(status).toHaveText('Pantry wall4 / 4');

    await slider.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(status).toHaveText('Range wall1 / 4');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(status).toHaveText('Island3 / 4');
    await page.keyboard.press('ArrowLeft');
    await expect(status).toHaveText('Sink wall2 / 4');
    await expect(slider.getByRole('group', { name: '2 of 4: Sink wall' })).toBeInViewport();
  });

  test('on a phone the arrows give way to dots', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/test');
    const slider = page.getByRole('region', { name: 'Slider With Counter and Labels: pictures' });
    await slider.scrollIntoViewIfNeeded();
    await expect(slider.getByRole('button', { name: 'Next slide' })).toBeHidden();
    const third = slider.getByRole('button', { name: 'Go to slide 3 of 4: Island' });
    await expect(third).toBeVisible();
    await third.click();
    await expect(slider.locator('.sf-slider__status')).toHaveText('Island3 / 4');
    await expect(third).toHaveAttribute('aria-current', 'true');
  });

  test('the banner slider: sized pictures, lazy further down the page; arrows and dots move it', async ({ page }) => {
    await page.goto('/test');
    const banner = page.getByRole('region', { name: 'Banner Slider: pictures' });
    const pictures = banner.locator('img');
    await expect(pictures).toHaveCount(3);
    // Not the page's first block: no picture competes with the top of the page (a first banner's first
    // picture loads eagerly with high priority: Banner's unit test).
    for (let index = 0; index < 3; index += 1) {
      await expect(pictures.nth(index)).toHaveAttribute('loading', 'lazy');
      await expect(pictures.nth(index)).toHaveAttribute('width', '1920');
      await expect(pictures.nth(index)).toHaveAttribute('height', '787');
    }

    await banner.scrollIntoViewIfNeeded();
    await banner.getByRole('button', { name: 'Next slide' }).click();
    await expect(banner.getByText('Slide 2 of 3')).toBeAttached();
    await banner.getByRole('button', { name: 'Go to slide 3 of 3: Natural Craftsman' }).click();
    await expect(banner.getByText('Slide 3 of 3')).toBeAttached();
    await expect(banner.getByRole('group', { name: '3 of 3: Natural Craftsman' })).toBeInViewport();
    // the banner's own text stays over the pictures
    await expect(page.getByRole('heading', { name: 'Banner Slider' })).toBeVisible();
  });

  test('the title-breadcrumb banner shows the page’s trail from the page table', async ({ page }) => {
    await page.goto('/test');
    const banner = page.getByRole('region', { name: 'Title With Breadcrumb' });
    await expect(banner.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });
});

test.describe('video cards', () => {
  test('a YouTube video the registry does not confirm shows its thumbnail and "Video coming soon", never a player', async ({ page }) => {
    // hwMeasure01 is a placeholder id, not in content/data/videos.json (the muted autoplaying player of a
    // confirmed id is covered by VideoCards' unit tests)
    const playerRequests: string[] = [];
    await page.route(YOUTUBE_PLAYER, (route) => {
      playerRequests.push(route.request().url());
      return route.abort();
    });
    await page.goto('/how-to-buy-kitchen');
    const card = page.getByRole('article', { name: 'Measuring Your Kitchen for New Cabinets' });
    await expect(card.getByRole('img', { name: 'A white shaker kitchen wall ready to be measured' })).toBeVisible();
    await expect(card.getByText('Video coming soon')).toBeVisible();
    await expect(card.getByRole('button', { name: /Play video/ })).toHaveCount(0);
    await expect(card.locator('iframe')).toHaveCount(0);
    expect(playerRequests).toEqual([]);
  });

  test('a video file plays in a <video> with controls, autoplay and muted', async ({ page, request }) => {
    expect((await request.get('/images/videos/cabinet-assembly.webm')).status()).toBe(200);
    await page.goto('/how-to-buy-kitchen');
    const card = page.getByRole('article', { name: 'Assembling a Base Cabinet' });
    await card.getByRole('button', { name: 'Play video: Assembling a Base Cabinet' }).click();
    const video = card.locator('video');
    await expect(video).toHaveAttribute('src', '/images/videos/cabinet-assembly.webm');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('autoplay', '');
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
  });

  test('the page lists only its confirmed videos as VideoObject structured data, with the registry\'s facts', async ({ request }) => {
    const html = await (await request.get('/how-to-buy-kitchen')).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    const videos = blocks.map((text) => JSON.parse(text) as Record<string, unknown>).filter((entry) => entry['@type'] === 'VideoObject');
    // the page names three videos; only our own clip is in content/data/videos.json
    expect(videos).toEqual([
      expect.objectContaining({
        name: 'A Shaker Door Going on a Base Cabinet',
        duration: 'PT4S',
        uploadDate: '2026-11-23',
        contentUrl: expect.stringMatching(/\/images\/videos\/cabinet-assembly\.webm$/),
        thumbnailUrl: expect.stringMatching(/\/images\/videos\/assembling-a-base-cabinet\.svg$/),
      }),
    ]);
    expect(html).not.toContain('PT6M40S');
    expect(html).not.toContain('PT4M12S');
  });
});
