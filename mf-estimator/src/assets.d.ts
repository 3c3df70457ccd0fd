// Feature folders import their own CSS (style-loader injects it); the import has no value.
declare module '*.css';
