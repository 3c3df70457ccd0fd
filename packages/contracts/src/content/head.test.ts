import { PAGE_PATH_REQUIRED_MESSAGE } from './head.js';
import { checkRouteInput } from '../http/route-input.js';
import { contentRoutes } from './routes.js';

describe('?path= of GET /api/content/head and /api/content/page (pagePathQuerySchema)', () => {
  it.each([contentRoutes.head, contentRoutes.page])('$path takes the path as sent', (route) => {
    expect(checkRouteInput(route.query, { path: '/kitchen-cabinets?x=1' }, { part: 'query' })).toEqual({ ok: true, value: { path: '/kitchen-cabinets?x=1' } });
    expect(checkRouteInput(route.query, { path: ' / ' }, { part: 'query' })).toEqual({ ok: true, value: { path: ' / ' } });
  });

  it.each([[{}], [{ path: '' }], [{ path: '   ' }], [{ path: ['/', '/x'] }]])('refuses %j with the one message', (query) => {
    expect(checkRouteInput(contentRoutes.head.query, query, { part: 'query' })).toEqual({
      ok: false,
      problem: { message: 'The path query parameter is required, e.g. ?path=/', errors: { path: PAGE_PATH_REQUIRED_MESSAGE } },
    });
  });
});
