import { assetsForModule, routeModuleFor, type RemoteManifest } from './route-assets';

describe('routeModuleFor', () => {
  it('finds the remote module of each route, content pages for everything else', () => {
    expect(routeModuleFor('/products/kitchen-cabinets/rta-kitchen-cabinets/ssw')).toBe('mf_catalog/StylePage');
    expect(routeModuleFor('/contact')).toBe('mf_forms/ContactPage');
    expect(routeModuleFor('/')).toBe('mf_content/ContentPage');
    expect(routeModuleFor('/about-us')).toBe('mf_content/ContentPage');
  });
});

describe('assetsForModule', () => {
  const manifest: RemoteManifest = {
    metaData: { remoteEntry: { path: '', name: 'remoteEntry.js' } },
    exposes: [
      {
        name: 'StylePage',
        path: './StylePage',
        assets: { js: { sync: ['__federation_expose_StylePage.1.js'] }, css: { sync: ['__federation_expose_StylePage.2.css'], async: [] } },
      },
    ],
  };

  it("lists the expose's styles, the remote entry and its chunks beside the manifest", () => {
    expect(assetsForModule('mf_catalog/StylePage', '/remotes/mf-catalog/mf-manifest.json', manifest)).toEqual({
      manifests: ['/remotes/mf-catalog/mf-manifest.json'],
      stylesheets: ['/remotes/mf-catalog/__federation_expose_StylePage.2.css'],
      scripts: ['/remotes/mf-catalog/remoteEntry.js', '/remotes/mf-catalog/__federation_expose_StylePage.1.js'],
    });
  });

  it('still preloads the manifest when it has not been read yet', () => {
    expect(assetsForModule('mf_catalog/StylePage', '/m/mf-manifest.json', undefined)).toEqual({
      manifests: ['/m/mf-manifest.json'],
      stylesheets: [],
      scripts: [],
    });
  });
});
