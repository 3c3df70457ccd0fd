/** Form and estimate submissions (forms service). */
export const formRoutes = {} as const;
