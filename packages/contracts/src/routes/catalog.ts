/** Catalog listing and samples (content service). */
export const catalogRoutes = {} as const;
