import type { PageRoute, PageTable } from '@storefront/contracts';
import { breadcrumbOf, fillParams, matchPageRoute } from './page-routes.js';

function route(path: string, extra: Partial<PageRoute> = {}): PageRoute {
  return {
    path,
    screen: 'content',
    enabled: true,
    title: path,
    description: path,
    breadcrumb: [{ label: 'Home', path: '/' }],
    schemas: {},
    ...extra,
  };
}

const STYLE = '/products/kitchen-cabinets/rta-kitchen-cabinets/{styleCode}';
const table: PageTable = {
  logo: '/images/logo.svg',
  notFound: { title: 'Not found', description: 'Gone' },
  routes: [
    route('/'),
    route(STYLE, {
      screen: 'mf_catalog/StylePage',
      breadcrumb: [
        { label: 'Home', path: '/' },
        { label: '{{style.title}}', path: STYLE },
      ],
    }),
    route('/products/kitchen-cabinets/rta-kitchen-cabinets/featured'),
    route('/about-us'),
    { path: '/aboutus', aliasOf: '/about-us' },
    { path: '/about', aliasOf: '/nowhere' },
  ],
};

describe('matchPageRoute', () => {
  it('finds a route whatever the trailing slash, query or case of its path', () => {
    for (const asked of ['/about-us', '/about-us/', '/About-Us?ref=menu', '//about-us#team']) {
      expect(matchPageRoute(table, asked)).toMatchObject({ path: '/about-us', canonicalPath: '/about-us', params: {} });
    }
    expect(matchPageRoute(table, '')?.path).toBe('/');
  });

  it('fills parameters, keeping the case the visitor asked for (style codes are case-sensitive)', () => {
    expect(matchPageRoute(table, '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw/')).toMatchObject({
      path: '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw',
      params: { styleCode: 'ssw' },
    });
    expect(matchPageRoute(table, '/Products/Kitchen-Cabinets/RTA-Kitchen-Cabinets/SSW')?.params).toEqual({ styleCode: 'SSW' });
  });

  it('prefers a route without parameters to one with', () => {
    expect(matchPageRoute(table, '/products/kitchen-cabinets/rta-kitchen-cabinets/featured')?.route.path).toBe(
      '/products/kitchen-cabinets/rta-kitchen-cabinets/featured',
    );
  });

  it('follows an alias to its target and points the canonical address there', () => {
    expect(matchPageRoute(table, '/aboutus')).toMatchObject({ path: '/aboutus', canonicalPath: '/about-us', route: { path: '/about-us' } });
    expect(matchPageRoute(table, '/about')).toBeUndefined();
  });

  it('answers undefined for paths that are no route or no plausible path', () => {
    for (const asked of ['/nowhere', '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw/extra', '/../etc', '/a b']) {
      expect(matchPageRoute(table, asked)).toBeUndefined();
    }
  });
});

describe('breadcrumbOf', () => {
  it("fills the route's parameters into the trail", () => {
    const match = matchPageRoute(table, '/products/kitchen-cabinets/rta-kitchen-cabinets/cbs');
    expect(match && breadcrumbOf(match)).toEqual([
      { label: 'Home', path: '/' },
      { label: '{{style.title}}', path: '/products/kitchen-cabinets/rta-kitchen-cabinets/cbs' },
    ]);
  });

  it('leaves a parameter it has no value for as written', () => {
    expect(fillParams('/unsubscribe/{unsubscribeToken}', {})).toBe('/unsubscribe/{unsubscribeToken}');
  });
});
