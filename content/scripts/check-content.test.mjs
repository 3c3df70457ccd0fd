// node --test: the content check passes on the real content and names file, path and problem on broken copies.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ContentStore } from '@storefront/site-config';
import { runChecks } from './check-content.mjs';

const contentDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const copies = [];

/** A throwaway copy of the content data with one file changed by edit(json). */
function brokenCopy(rel, edit) {
  const dir = mkdtempSync(join(tmpdir(), 'content-check-'));
  copies.push(dir);
  for (const folder of ['site', 'pages', 'catalogs', 'forms', 'estimator', 'settings', 'data', 'blogs']) {
    cpSync(join(contentDir, folder), join(dir, folder), { recursive: true });
  }
  const file = join(dir, rel);
  const json = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify(edit(json) ?? json));
  return dir;
}

function styleSpecIndex(dir, style, name) {
  const styles = JSON.parse(readFileSync(join(dir, 'catalogs/product-styles.json'), 'utf8'));
  return styles[style].specifications.specs.findIndex((spec) => spec.name === name);
}

after(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('check-content', () => {
  it('finds no problems in the real content', () => {
    assert.deepEqual(runChecks(contentDir), []);
  });

  it('refuses a broken file with the same words as the content store every service reads content through', async () => {
    const dir = brokenCopy('catalogs/product-styles.json', (styles) => {
      styles[3].title = 7;
      styles[5].layuot = 'v2';
    });
    const found = runChecks(dir);
    assert.deepEqual(found, [
      'catalogs/product-styles.json: [3].title must be a string (got 7)',
      'catalogs/product-styles.json: [5].layuot is not a known field (check the spelling)',
    ]);
    const refused = await new ContentStore(dir).loadProductStyles().catch((error) => error);
    assert.equal(refused.message, `Invalid content file catalogs/product-styles.json: ${found.map((line) => line.slice('catalogs/product-styles.json: '.length)).join('; ')}`);
  });

  it('names the file and JSON path of a finish colour that is not #rrggbb', () => {
    const dir = brokenCopy('catalogs/product-styles.json', (styles) => {
      styles[3].finishes[0].items[1].hex = 'grey';
    });
    assert.ok(
      runChecks(dir).includes('catalogs/product-styles.json: [3].finishes[0].items[1].hex must be a #rrggbb colour (got "grey")'),
    );
  });

  it('reports a missing style code and a SKU used twice', () => {
    const dir = brokenCopy('catalogs/product-styles.json', (styles) => {
      const removed = styles.findIndex((s) => s.name === 'yl');
      styles.splice(removed, 1);
      styles[1].items[0].sku = styles[0].items[0].sku;
    });
    const found = runChecks(dir);
    assert.ok(found.includes('catalogs/product-styles.json: (file) is missing the style code "yl"'), found.join('\n'));
    assert.ok(found.some((line) => line.startsWith(`catalogs/product-styles.json: [1].items[0].sku "${'SSW-SMPL-SNW'}" is already used at [0].items[0]`)), found.join('\n'));
  });

  // style page layouts: layout, spec formats, assembly videos
  it('names file and field of a style without a layout, with an unknown one, and of bad spec options', () => {
    const dir = brokenCopy('catalogs/product-styles.json', (styles) => {
      delete styles[0].layout;
      styles[1].layout = 'v3';
      styles[2].specifications.specs[0].options = { format: 'table', playIcon: true };
      const videos = styles[3].specifications.specs.find((spec) => spec.name === 'assembly-videos');
      delete videos.videos;
      delete videos.options.width;
    });
    const found = runChecks(dir);
    const has = (line) => assert.ok(found.includes(`catalogs/product-styles.json: ${line}`), found.join('\n'));
    has('[0].layout is required');
    has('[1].layout must be one of "v1", "v2" (got "v3")');
    has('[2].specifications.specs[0].options.format must be one of "unordered-list", "ordered-list", "text" (got "table")');
    has('[2].specifications.specs[0].options.playIcon is only for the spec named "assembly-videos"');
    const at = `[3].specifications.specs[${styleSpecIndex(dir, 3, 'assembly-videos')}]`;
    has(`${at}.videos is required on the assembly-videos spec (at least one video)`);
    has(`${at}.options.width is required on the assembly-videos spec (the thumbnail size)`);
  });

  it('reports catalog listing facet values that no filter offers, with file and field', () => {
    const dir = brokenCopy('catalogs/product-styles.json', (styles) => {
      styles[0].doorStyle = 'shakr';
      styles[0].addedOn = '2026-02-30x';
      styles[0].label = 'Clearance';
      styles[1].finishes[0].items[0].colorFamily = 'purple';
      delete styles[2].category;
    });
    const found = runChecks(dir);
    const expect = (line) => assert.ok(found.some((l) => l.startsWith(line)), `${line}\n---\n${found.join('\n')}`);
    expect('catalogs/product-styles.json: [0].doorStyle "shakr" is not an option of the doorStyle filter in catalogs/listing-filters.json');
    expect('catalogs/product-styles.json: [0].addedOn must be a date YYYY-MM-DD');
    expect('catalogs/product-styles.json: [0].label "clearance" is not an option of the label filter');
    expect('catalogs/product-styles.json: [1].finishes[0].items[0].colorFamily "purple" is not an option of the colorFamily filter');
    expect('catalogs/product-styles.json: [2].category is required');
  });

  it('reports a listing filter that takes a listing parameter name or repeats an option', () => {
    const dir = brokenCopy('catalogs/listing-filters.json', (listing) => {
      listing.filters[0].value = 'sort';
      listing.filters[1].options.push({ ...listing.filters[1].options[0] });
    });
    const found = runChecks(dir);
    assert.ok(found.some((l) => l.startsWith('catalogs/listing-filters.json: filters[0].value "sort" is a listing parameter of its own')), found.join('\n'));
    assert.ok(found.some((l) => l.startsWith('catalogs/listing-filters.json: filters[1].options[7].value repeats the option "white"')), found.join('\n'));
  });

  it('reports an image the generator does not draw', () => {
    const dir = brokenCopy('pages/home.json', (page) => {
      page.blocks[1].image.src = '/images/scenes/does-not-exist.svg';
    });
    assert.ok(runChecks(dir).includes('pages/home.json: blocks[1].image.src points to /images/scenes/does-not-exist.svg, which scripts/generate-images.mjs does not generate'));
  });

  it('checks the interactive blocks: accordion questions, contact item types, gallery images, catalog files', () => {
    const dir = brokenCopy('pages/faqs.json', (page) => {
      page.blocks[1].faqs[0].answer = '';
      page.blocks.find((block) => block.type === 'contact-list').items[0].type = 'fax';
      page.blocks.push(
        { id: 'broken-gallery', type: 'masonry-gallery', items: [{ image: { src: '/images/scenes/no-such-kitchen.svg', altText: 'x', width: 1, height: 1 } }] },
        { id: 'broken-catalog', type: 'download-catalog', label: 'Download Catalog', catalogs: [{ text: 'Kitchen', url: '/catalogs/kitchen.doc' }] },
      );
    });
    const lines = runChecks(dir);
    assert.ok(lines.some((line) => line.startsWith('pages/faqs.json: blocks[1].faqs[0].answer')), lines.join('\n'));
    const contactList = JSON.parse(readFileSync(join(dir, 'pages/faqs.json'), 'utf8')).blocks.findIndex((block) => block.type === 'contact-list');
    assert.ok(lines.some((line) => line.startsWith(`pages/faqs.json: blocks[${contactList}].items[0].type must be one of address, phone`)), lines.join('\n'));
    assert.ok(lines.some((line) => line.includes('/images/scenes/no-such-kitchen.svg')), lines.join('\n'));
    assert.ok(lines.some((line) => /^pages\/faqs\.json: blocks\[\d+\]\.catalogs\[0\]\.url/.test(line)), lines.join('\n'));
  });

  it('reports duplicate block ids and form field names', () => {
    const pageDir = brokenCopy('pages/home.json', (page) => {
      page.blocks[2].id = page.blocks[1].id;
    });
    assert.ok(runChecks(pageDir).some((line) => line.startsWith('pages/home.json: blocks[2].id "home-samples" is already used by blocks[1]')));
    const formDir = brokenCopy('forms/contact.json', (form) => {
      form.fields[1].name = 'firstName';
    });
    assert.ok(runChecks(formDir).some((line) => line.startsWith('forms/contact.json: fields[1].name "firstName" is already used at fields[0]')));
  });

  it('holds the staff recipients of form e-mails to real forms and real addresses', () => {
    const dir = brokenCopy('settings/notifications.json', (settings) => {
      settings.formRecipients = { default: ['staff@example.com'], contakt: ['a@example.com'], kitchen: ['b@example.com'], dealer: ['not an address'] };
    });
    const found = runChecks(dir);
    assert.ok(found.some((line) => line.startsWith('settings/notifications.json: formRecipients.contakt names no form in forms/')), found.join('\n'));
    assert.ok(found.some((line) => line.startsWith('settings/notifications.json: formRecipients.dealer[0] must be an e-mail address')), found.join('\n'));
    assert.ok(!found.some((line) => line.includes('formRecipients.kitchen') || line.includes('formRecipients.default')), found.join('\n'));
  });

  it('reports a card option icon the UI kit does not draw', () => {
    const dir = brokenCopy('forms/claim.json', (form) => {
      form.fields.find((field) => field.name === 'claimType').options[0].image.iconName = 'box-damagd';
    });
    assert.ok(runChecks(dir).some((line) => line.startsWith('forms/claim.json: fields[4].options[0].image.iconName must be one of "box-damaged"')));
  });

  it('reports a popup or a form block naming a form that does not exist', () => {
    const popupDir = brokenCopy('site/popups.json', (popups) => {
      popups.find((popup) => popup.form).form = 'newsleter';
    });
    assert.ok(runChecks(popupDir).some((line) => /^site\/popups\.json: \[\d+\]\.form names no form in forms\/ \("newsleter"\)/.test(line)));
    const pageDir = brokenCopy('pages/home.json', (page) => {
      page.blocks.push({ id: 'home-signup', type: 'form', formName: 'no-such-form' });
    });
    assert.ok(runChecks(pageDir).some((line) => line.includes('formName names no form in forms/ ("no-such-form")')));
    const calendarDir = brokenCopy('pages/book-appointment.json', (page) => {
      page.blocks.find((block) => block.type === 'booking-calendar').formName = 'contact';
    });
    assert.ok(runChecks(calendarDir).some((line) => line.includes('names a form without config.booking ("contact")')));
  });

  it('reports pricing missing under a dependsOn parent value', () => {
    const dir = brokenCopy('estimator/pricing/kitchen.json', (pricing) => {
      delete pricing.cabinetLine.large.heritage;
    });
    assert.ok(runChecks(dir).includes('estimator/pricing/kitchen.json: cabinetLine.large.heritage is missing (needed for "heritage")'));
  });

  it('reports a page table missing a spec route, and a route path used twice', () => {
    const dir = brokenCopy('site/page-table.json', (table) => {
      table.routes = table.routes.filter((route) => route.path !== '/faqs');
      table.routes.push({ ...table.routes.find((route) => route.path === '/contact'), path: '/Contact' });
    });
    const found = runChecks(dir);
    assert.ok(found.includes('site/page-table.json: routes is missing the route "/faqs"'), found.join('\n'));
    assert.ok(found.some((line) => /^site\/page-table\.json: routes\[\d+\]\.path "\/Contact" is already the path of routes\[\d+\]$/.test(line)), found.join('\n'));
  });

  it('reports breadcrumbs and aliases that point nowhere', () => {
    const dir = brokenCopy('site/page-table.json', (table) => {
      const style = table.routes.find((route) => route.path.endsWith('{styleCode}'));
      style.breadcrumb[2].path = '/products/kitchen-cabinetz';
      table.routes.find((route) => route.aliasOf).aliasOf = '/about';
      const faqs = table.routes.find((route) => route.path === '/faqs');
      faqs.breadcrumb.pop();
    });
    const found = runChecks(dir);
    const at = (path) => `routes[${JSON.parse(readFileSync(join(dir, 'site/page-table.json'), 'utf8')).routes.findIndex((r) => r.path === path)}]`;
    assert.ok(found.includes(`site/page-table.json: ${at('/products/kitchen-cabinets/rta-kitchen-cabinets/{styleCode}')}.breadcrumb[2].path "/products/kitchen-cabinetz" is not a route of the page table`), found.join('\n'));
    assert.ok(found.includes(`site/page-table.json: ${at('/aboutus')}.aliasOf "/about" is not a route of the page table`), found.join('\n'));
    assert.ok(found.includes(`site/page-table.json: ${at('/faqs')}.breadcrumb[0].path must be the route's own path "/faqs" (a trail ends at the page)`), found.join('\n'));
  });

  it('reports an enabled content route without its page, and a page without a route', () => {
    // an enabled content route whose page file is gone
    const unbuilt = '/claim';
    const dir = brokenCopy('site/page-table.json', (table) => {
      table.routes = table.routes.filter((route) => route.path !== '/');
    });
    rmSync(join(dir, 'pages', 'claim.json'));
    const found = runChecks(dir);
    const missing = `enabled is true but no file in pages/ has the path "${unbuilt}"`;
    assert.ok(found.some((line) => line.startsWith('site/page-table.json: routes[') && line.includes(missing)), found.join('\n'));
    assert.ok(found.includes('pages/home.json: path "/" is not a route of site/page-table.json; add the route with its title and description'), found.join('\n'));
  });

  it('reports copy too long for a search result, unknown placeholders and images the generator does not draw', () => {
    const dir = brokenCopy('site/page-table.json', (table) => {
      table.routes[0].description = `${table.routes[0].description} ${table.routes[0].description}`;
      table.routes[0].title = 'Cabinets by {{site.nickname}}';
      table.routes[0].image = '/images/banners/nope.svg';
    });
    const found = runChecks(dir);
    assert.ok(found.some((line) => line.startsWith('site/page-table.json: routes[0].description is 319 characters')), found.join('\n'));
    assert.ok(found.includes('site/page-table.json: routes[0].title uses {{site.nickname}}, which does not name a text value of the site data'), found.join('\n'));
    assert.ok(found.includes('site/page-table.json: routes[0].image points to /images/banners/nope.svg, which scripts/generate-images.mjs does not generate'), found.join('\n'));
  });

  it('reports a layout block with an unknown variant and a step number out of range', () => {
    const dir = brokenCopy('pages/how-to-buy-kitchen.json', (page) => {
      page.blocks[0].variant = 'three-column';
      page.blocks[1].cards[0].stepNumber = 0;
    });
    const found = runChecks(dir);
    assert.ok(found.some((line) => line.startsWith('pages/how-to-buy-kitchen.json: blocks[0].variant must be one of "plain"')), found.join('\n'));
    assert.ok(found.includes('pages/how-to-buy-kitchen.json: blocks[1].cards[0].stepNumber must be at least 1 (got 0)'), found.join('\n'));
  });

  it('checks the layout variant blocks: overlay position, finance variant, media without media, breadcrumb paths', () => {
    const dir = brokenCopy('pages/test.json', (page) => {
      page.blocks.push(
        { id: 'bad-overlay', type: 'overlay', position: 'top', title: 'x', image: { src: '/images/scenes/shaker-dusk-wide.svg', altText: 'x', width: 1, height: 1 } },
        { id: 'bad-finance', type: 'finance', variant: 'v3', options: [] },
        { id: 'bad-media', type: 'media-block', caption: 'Nothing to show' },
        { id: 'bad-trail', type: 'breadcrumb', items: [{ label: 'Home', path: 'home' }] },
      );
    });
    const found = runChecks(dir).join('\n');
    assert.match(found, /blocks\[\d+\]\.position must be one of "left"/);
    assert.match(found, /blocks\[\d+\]\.variant must be one of "v1", "v2"/);
    assert.match(found, /blocks\[\d+\]\.options must have at least 1/);
    assert.match(found, /blocks\[\d+\] needs an image or a video/);
    assert.match(found, /blocks\[\d+\]\.items\[0\]\.path must be a site path/);
  });

  it('tells an editor that a page file no longer carries its title', () => {
    const dir = brokenCopy('pages/home.json', (page) => {
      page.title = 'Home';
    });
    assert.ok(runChecks(dir).some((line) => line.startsWith('pages/home.json: title belongs in site/page-table.json')));
  });

  it('reports opening hours that cannot become structured data', () => {
    const dir = brokenCopy('site/site.json', (site) => {
      site.hours[0] = { days: 'Weekdays', time: 'mornings' };
    });
    const found = runChecks(dir);
    assert.ok(found.includes('site/site.json: hours[0].days must be a day or a range like "Monday - Friday" (got "Weekdays")'), found.join('\n'));
    assert.ok(found.includes('site/site.json: hours[0].time must be "Closed" or a range like "9:00 AM - 6:00 PM ET" (got "mornings")'), found.join('\n'));
  });

  it('reports a secret left in a payment method config', () => {
    const dir = brokenCopy('settings/payment-methods.json', (methods) => {
      methods[0].config.publishableKey = 'pk_live_123';
    });
    const found = runChecks(dir);
    assert.ok(found.some((line) => line.startsWith('settings/payment-methods.json: [0].config.publishableKey must be empty')), found.join('\n'));
    // the key itself is never repeated: these lines end up in logs
    assert.ok(!found.some((line) => line.includes('pk_live_123')), found.join('\n'));
  });

  it('names a blog post whose author or category does not exist or collides', () => {
    const dir = brokenCopy('blogs/blogs.json', (posts) => {
      posts[0].author = 'nobody';
      posts[1].blogCategory = 'rta assembly installation';
    });
    const found = runChecks(dir);
    assert.ok(found.includes('blogs/blogs.json: [0].author "nobody" is not an author in blogs/authors.json'), found.join('\n'));
    assert.ok(found.some((line) => line.startsWith('blogs/blogs.json: [1].blogCategory "rta assembly installation" has the same address')), found.join('\n'));
  });

  it('keeps blog articles to plain article markup', async () => {
    const { articleProblems } = await import('./checks/blogs.mjs');
    assert.deepEqual(articleProblems('<h2>Hi</h2><p>See <a href="/estimator">the estimator</a>.</p>'), []);
    assert.equal(articleProblems('<p onclick="x()">Hi</p><script>x()</script>').length, 3);
  });

  it('holds product categories to the door styles of the listing filters', () => {
    const dir = brokenCopy('catalogs/categories.json', (categories) => {
      categories[0].slug = 'beadboard';
      categories[1].video = { videoType: 'youtube', videoUrl: 'https://example.com/x', title: 'x' };
    });
    const found = runChecks(dir);
    assert.ok(found.some((line) => line.startsWith('catalogs/categories.json: [0].slug "beadboard" is not a doorStyle option')), found.join('\n'));
    assert.ok(found.includes('catalogs/categories.json: (file) has no category for the door style "shaker" (catalogs/listing-filters.json)'), found.join('\n'));
    assert.ok(found.some((line) => line.startsWith('catalogs/categories.json: [1].video.videoUrl')), found.join('\n'));
  });

  it('warns about every video the registry does not confirm, each by file, path and id, without failing', () => {
    const warnings = [];
    assert.deepEqual(runChecks(contentDir, warnings), []);
    const ids = new Set(warnings.map((line) => /video "([^"]+)"/.exec(line)?.[1]));
    // the placeholder YouTube ids; our own clip is in data/videos.json, so it is not listed
    assert.deepEqual([...ids].sort(), ['hwMeasure01', 'hwWallCab01', 'rtaBaseAsm0', 'rtaDoorHng1', 'rtaWallHng1']);
    assert.ok(warnings.includes('catalogs/product-styles.json: [0].specifications.specs[7].videos[0] youtube video "rtaBaseAsm0" is not in data/videos.json'), warnings.join('\n'));
    assert.ok(warnings.includes('pages/free-kitchen-design.json: blocks[3].videos[0] youtube video "hwMeasure01" is not in data/videos.json'), warnings.join('\n'));
    assert.equal(warnings.filter((line) => line.includes('/images/videos/cabinet-assembly.webm')).length, 0);
  });

  it('stops warning about a video once the registry lists it with its facts', () => {
    const dir = brokenCopy('data/videos.json', (videos) => [
      ...videos,
      { provider: 'youtube', id: 'hwMeasure01', title: 'Measuring', duration: 'PT4M12S', uploadDate: '2026-02-10', thumbnail: '/images/videos/measuring-your-kitchen.svg' },
    ]);
    const warnings = [];
    assert.deepEqual(runChecks(dir, warnings), []);
    assert.equal(warnings.filter((line) => line.includes('"hwMeasure01"')).length, 0);
    assert.ok(warnings.some((line) => line.includes('"hwWallCab01"')));
  });

  it('fails on a registry entry without its facts, a made-up duration format or a repeated id', () => {
    const dir = brokenCopy('data/videos.json', (videos) => [
      { provider: 'youtube', id: 'hwMeasure01', title: 'Measuring', thumbnail: '/images/videos/measuring-your-kitchen.svg' },
      { ...videos[0], duration: '4 seconds' },
      videos[0],
    ]);
    const found = runChecks(dir);
    assert.ok(found.includes('data/videos.json: [0].duration is required'), found.join('\n'));
    assert.ok(found.includes('data/videos.json: [0].uploadDate is required'), found.join('\n'));
    assert.ok(found.some((line) => line.startsWith('data/videos.json: [1].duration must be an ISO 8601 duration')), found.join('\n'));
    assert.ok(found.includes('data/videos.json: [2].id "/images/videos/cabinet-assembly.webm" is listed twice'), found.join('\n'));
  });

  it('refuses a fact written beside a video in a page: facts live in the registry only', () => {
    const dir = brokenCopy('pages/how-to-buy-kitchen.json', (page) => {
      const block = page.blocks.find((candidate) => candidate.type === 'video-cards');
      block.videos[0].duration = 'PT4M12S';
    });
    const found = runChecks(dir);
    assert.ok(found.some((line) => line.startsWith('pages/how-to-buy-kitchen.json: ') && line.endsWith('.duration is not a known field (check the spelling)')), found.join('\n'));
  });
});
