import { createFederatedBuilds } from '@storefront/federation';
import { REMOTES } from '@storefront/topology';

/** This remote's name and dev port, from the one map of the site. */
const remote = REMOTES.find((candidate) => candidate.folder === 'mf-content');

export default createFederatedBuilds({
  name: remote.name,
  appDir: import.meta.dirname,
  devPort: remote.devPort,
  exposes: {
    './ContentPage': './src/content-page/ContentPage.tsx',
    './NotFoundPage': './src/not-found/NotFoundPage.tsx',
    './blocks/Banner': './src/blocks/Banner.tsx',
    './blocks/MediaContent': './src/blocks/MediaContent.tsx',
    // blog screens
    './BlogListPage': './src/blogs/BlogListPage.tsx',
    './BlogDetailPage': './src/blogs/BlogDetailPage.tsx',
    './BlogAuthorPage': './src/blogs/BlogAuthorPage.tsx',
    './BlogCategoryPage': './src/blogs/BlogCategoryPage.tsx',
    // layout blocks
    './blocks/ContentMedia': './src/blocks/ContentMedia.tsx',
    './blocks/Advice': './src/blocks/Advice.tsx',
    './blocks/PageTitle': './src/blocks/PageTitle.tsx',
    './blocks/TitleDescriptionAction': './src/blocks/TitleDescriptionAction.tsx',
    './blocks/ImageCards': './src/blocks/ImageCards.tsx',
    './blocks/NewsletterSubscription': './src/blocks/NewsletterSubscription.tsx',
    // interactive blocks
    './blocks/MasonryGallery': './src/blocks/MasonryGallery.tsx',
    './blocks/Accordion': './src/blocks/Accordion.tsx',
    './blocks/ContactList': './src/blocks/ContactList.tsx',
    './blocks/DownloadCatalog': './src/blocks/DownloadCatalog.tsx',
    './blocks/BookingCalendar': './src/blocks/BookingCalendar.tsx',
    // end interactive blocks
    // media blocks
    './blocks/SliderBlock': './src/blocks/SliderBlock.tsx',
    './blocks/ReviewCards': './src/blocks/ReviewCards.tsx',
    './blocks/ReviewsSummary': './src/blocks/ReviewsSummary.tsx',
    './blocks/VideoCards': './src/blocks/VideoCards.tsx',
    // end media blocks
    // layout variants and blocks (layouts)
    './blocks/Overlay': './src/blocks/Overlay.tsx',
    './blocks/Finance': './src/blocks/Finance.tsx',
    './blocks/KitchenShowcase': './src/blocks/KitchenShowcase.tsx',
    './blocks/MediaBlock': './src/blocks/MediaBlock.tsx',
    './blocks/ShadowTextList': './src/blocks/ShadowTextList.tsx',
    './blocks/Breadcrumb': './src/blocks/Breadcrumb.tsx',
    './blocks/KitchenVisualizer': './src/blocks/KitchenVisualizer.tsx',
    // end layout variants and blocks
    // site search
    './blocks/SearchResults': './src/blocks/SearchResults.tsx',
  },
});
