/** Payment methods, payments and the sandbox gateway (payments service). */
export const paymentRoutes = {} as const;
