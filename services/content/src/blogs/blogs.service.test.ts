import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ContentInvalidError, ContentNotFoundError, ContentStore } from '@storefront/site-config';
import { AnswerCache, readAnswerCacheLimits } from '../content/cached-json.js';
import { BlogsService, CachedBlogs, blogDataProblem } from './blogs.service.js';

const logo = { src: '/images/blogs/authors/a.svg', altText: 'A', width: 200, height: 200 };
const image = { src: '/images/blogs/p.svg', altText: 'P', width: 1200, height: 800 };
const settings = {
  pageSize: 2,
  recentCardMaxItems: 2,
  popularPostsMaxItems: 1,
  sidebarTitle: 'Categories',
  categoryBanner: image,
  categoryTitleTemplate: '{category} Articles',
  categoryDescriptionTemplate: 'All about {category}.',
};
const authors = [
  { id: 'maria', name: 'Maria Alvarez', designation: 'Designer', description: 'Plans kitchens.', logo, socials: [] },
  { id: 'derek', name: 'Derek Chen', designation: 'Installer', description: 'Builds them.', logo, socials: [] },
];
const post = (slug: string, category: string, author: string, publishDate: string, isPopular = false) => ({
  blogDetailPath: slug,
  title: `Title ${slug}`,
  description: `About ${slug}`,
  blogCategory: category,
  author,
  publishDate,
  isPopular,
  image,
  contentPath: `articles/${slug}.html`,
});
const posts = [
  post('shaker', 'Kitchen Design', 'maria', '2026-03-01', true),
  post('assembly', 'RTA Assembly & Installation', 'derek', '2026-05-01', true),
  post('islands', 'Kitchen Design', 'maria', '2026-01-01'),
  post('no-article', 'Kitchen Design', 'derek', '2026-02-01'),
];

let root: string;
let blogs: BlogsService;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'blogs-'));
  const put = async (rel: string, value: unknown) => {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), typeof value === 'string' ? value : JSON.stringify(value));
  };
  await put('blogs/blogs.json', posts);
  await put('blogs/authors.json', authors);
  await put('blogs/settings.json', settings);
  for (const slug of ['shaker', 'assembly', 'islands']) await put(`blogs/articles/${slug}.html`, `<h2>${slug}</h2><p>Text</p>`);
  blogs = new BlogsService(new ContentStore(root));
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe('BlogsService', () => {
  it('lists cards newest first in pages of the configured size, without article bodies', async () => {
    const first = await blogs.list(1);
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 2, totalPages: 2 });
    expect(first.items.map((card) => card.blogDetailPath)).toEqual(['assembly', 'shaker']);
    expect(first.items[0]).not.toHaveProperty('contentPath');
    expect(first.items[0]?.author).toEqual({ id: 'derek', name: 'Derek Chen', logo });
    expect((await blogs.list(2, 3)).items.map((card) => card.blogDetailPath)).toEqual(['islands']);
  });

  it('gives a post with its author, article, recent posts and categories; unknown is not found', async () => {
    const detail = await blogs.detail('shaker');
    expect(detail.author.name).toBe('Maria Alvarez');
    expect(detail.html).toBe('<h2>shaker</h2><p>Text</p>');
    expect(detail.recent.map((card) => card.blogDetailPath)).toEqual(['assembly', 'no-article']);
    expect(detail.categories).toEqual([
      { name: 'Kitchen Design', slug: 'kitchen-design', count: 3 },
      { name: 'RTA Assembly & Installation', slug: 'rta-assembly-installation', count: 1 },
    ]);
    await expect(blogs.detail('nope')).rejects.toBeInstanceOf(ContentNotFoundError);
  });

  it('keeps showing a post whose article file is missing (html null)', async () => {
    expect((await blogs.detail('no-article')).html).toBeNull();
  });

  it('hands out the article sanitised: no script, event handler, javascript: link or iframe; ordinary markup kept', async () => {
    await writeFile(
      path.join(root, 'blogs/articles/islands.html'),
      '<h2>Islands</h2><script>steal()</script><ul><li>Seating</li></ul>' +
        '<img src="/images/i.svg" alt="An island" onerror="steal()"><a href="javascript:steal()">Plan</a>' +
        '<iframe src="https://evil.example/"></iframe><table><tbody><tr><td>Width</td><td>36 in</td></tr></tbody></table>',
    );
    expect((await blogs.detail('islands')).html).toBe(
      '<h2>Islands</h2><ul><li>Seating</li></ul><img src="/images/i.svg" alt="An island"><a>Plan</a>' +
        '<table><tbody><tr><td>Width</td><td>36 in</td></tr></tbody></table>',
    );
  });

  it('reads and sanitises an article once, then answers every request from the kept answer', async () => {
    const store = new ContentStore(root);
    const read = jest.spyOn(store, 'loadBlogArticle');
    const cached = new CachedBlogs(new BlogsService(store), new AnswerCache(readAnswerCacheLimits({})));
    const first = await cached.detail('shaker');
    expect(await cached.detail('shaker')).toBe(first);
    expect(read).toHaveBeenCalledTimes(1);
    expect(JSON.parse(first.body.toString()).html).toBe('<h2>shaker</h2><p>Text</p>');
  });

  it("filters an author's posts by title, description or author name", async () => {
    expect((await blogs.authorPosts('maria', '')).items).toHaveLength(2);
    expect((await blogs.authorPosts('maria', 'ISLANDS')).items.map((card) => card.blogDetailPath)).toEqual(['islands']);
    expect((await blogs.authorPosts('maria', 'alvarez')).items).toHaveLength(2);
    expect((await blogs.authorPosts('maria', 'vanity')).items).toEqual([]);
    await expect(blogs.authorPosts('nobody', '')).rejects.toBeInstanceOf(ContentNotFoundError);
  });

  it("gives a category's posts by slug with its title, description and popular posts", async () => {
    const answer = await blogs.categoryPosts('kitchen-design', '');
    expect(answer.title).toBe('Kitchen Design Articles');
    expect(answer.description).toBe('All about Kitchen Design.');
    expect(answer.items.map((card) => card.blogDetailPath)).toEqual(['shaker', 'no-article', 'islands']);
    expect(answer.popular.map((card) => card.blogDetailPath)).toEqual(['assembly']);
    expect((await blogs.categoryPosts('kitchen-design', 'zzz')).items).toEqual([]);
    await expect(blogs.categoryPosts('kitchen', '')).rejects.toBeInstanceOf(ContentNotFoundError);
  });

  it('reports a post whose author does not exist as broken content', async () => {
    await writeFile(path.join(root, 'blogs/blogs.json'), JSON.stringify([post('x', 'A', 'ghost', '2026-01-01')]));
    const failure = new BlogsService(new ContentStore(root)).list(1);
    await expect(failure).rejects.toBeInstanceOf(ContentInvalidError);
    expect(blogDataProblem((await failure.catch((error: unknown) => error)) as ContentInvalidError)).toBe('invalidAuthorData');
  });

  it('tells broken posts from broken authors (the spec’s two bad-data messages)', async () => {
    await writeFile(path.join(root, 'blogs/blogs.json'), JSON.stringify([{ ...post('x', 'A', 'maria', '2026-01-01'), publishDate: 'soon' }]));
    const badPosts = (await new BlogsService(new ContentStore(root)).list(1).catch((error: unknown) => error)) as ContentInvalidError;
    expect(badPosts).toBeInstanceOf(ContentInvalidError);
    expect(blogDataProblem(badPosts)).toBe('invalidBlogData');
    await writeFile(path.join(root, 'blogs/blogs.json'), JSON.stringify(posts));
    await writeFile(path.join(root, 'blogs/authors.json'), JSON.stringify([{ ...authors[0], socials: [{ type: 'x', url: 'not a link' }] }]));
    const badAuthors = (await new BlogsService(new ContentStore(root)).list(1).catch((error: unknown) => error)) as ContentInvalidError;
    expect(blogDataProblem(badAuthors)).toBe('invalidAuthorData');
    expect(blogDataProblem(new ContentInvalidError('catalogs/product-styles.json', 'broken'))).toBeUndefined();
  });

  // the search query is trimmed and bounded by the route's schema (contracts' blogs.test.ts)
});
