import type { PageRenderRequest, ShellServerModule } from '@storefront/contracts';
import type { ServerResponse } from 'node:http';

/**
 * The shell's server build entry (dist/server/server.js), loaded by the gateway. The dynamic import is
 * the async boundary Module Federation needs: shared modules (React...) are negotiated before any
 * rendering code runs, as `import('./bootstrap')` does in the browser.
 */
export const renderPage: ShellServerModule['renderPage'] = async (request: PageRenderRequest, response: ServerResponse) => {
  const { renderPage: render } = await import('./server/render-page');
  return render(request, response);
};
