/** Content, page heads, blogs, categories, locations, reviews and search (content service). */
export const contentRoutes = {} as const;
