/** What the gateway answers itself (remote config, upstream health, the API reference). */
export const gatewayRoutes = {} as const;
