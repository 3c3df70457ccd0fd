// The browser apps' feature folders import their own CSS (the bundler injects it); such an import
// has no value. TypeScript 7 checks side-effect imports, so the module kind is declared once here.
declare module '*.css';
