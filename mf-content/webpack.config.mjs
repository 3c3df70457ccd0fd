import { createFederatedBuilds } from '@storefront/federation';

export default createFederatedBuilds({
  name: 'mf_content',
  appDir: import.meta.dirname,
  devPort: 3001,
  exposes: {
    './ContentPage': './src/content-page/ContentPage.tsx',
    './NotFoundPage': './src/not-found/NotFoundPage.tsx',
    './blocks/Banner': './src/blocks/Banner.tsx',
    './blocks/MediaContent': './src/blocks/MediaContent.tsx',
    './BlogListPage': './src/blogs/BlogListPage.tsx',
    './BlogDetailPage': './src/blogs/BlogDetailPage.tsx',
    './BlogAuthorPage': './src/blogs/BlogAuthorPage.tsx',
    './BlogCategoryPage': './src/blogs/BlogCategoryPage.tsx',
  },
});
