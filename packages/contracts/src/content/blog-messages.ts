// The blog pages' words, free of the blog schemas.

/** Spec §8, spelled as written. */
export const BLOG_MESSAGES = {
  blogNotFound: 'Blog not found',
  authorNotFound: 'Blog Author Not Found',
  categoryNotFound: 'Blog Category Not Found',
  loadingContent: 'Loading blog content...',
  contentFailed: 'There was an issue loading this blog. Please refresh the page or try again later.',
  noCategories: 'No categories available',
  noBlogs: 'No Blogs Found',
  noCategoryMatches: 'No blogs found in this category.',
  invalidBlogData: 'Invalid blog data',
  invalidAuthorData: 'Invalid author data',
  loadErrorTitle: 'Error Loading Data',
  loadErrorMessage: 'There was an error loading the blog data. Please try again later.',
  showingResultsFor: 'Showing results for: ',
  recentArticles: 'Recent Articles',
} as const;

/** Spec §9 "Default image sizes: … blog social 50": an author's social icons, in px, unless the content gives a size. */
export const BLOG_SOCIAL_ICON_SIZE = 50;
