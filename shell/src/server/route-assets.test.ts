import { assetsForModule, routeModuleFor, stylesheetKey, type RemoteManifest } from './route-assets';

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

  it("links only the expose's own styles, not those of the chunks it may load later", () => {
    const banner: RemoteManifest = {
      exposes: [{ name: 'blocks/Banner', assets: { js: { sync: [] }, css: { sync: ['banner.css'], async: ['gallery.css', 'calendar.css'] } } }],
    };
    expect(assetsForModule('mf_content/blocks/Banner', '/remotes/mf-content/mf-manifest.json', banner).stylesheets).toEqual(['/remotes/mf-content/banner.css']);
  });

  it('knows one CSS chunk under the names of the exposes that use it by its content hash', () => {
    const banner = '/remotes/mf-content/__federation_expose_blocks__Banner.861c74962025c863844e.css';
    const cards = '/remotes/mf-content/__federation_expose_blocks__VideoCards.861c74962025c863844e.css';
    expect(stylesheetKey(banner)).toBe(stylesheetKey(cards));
    expect(stylesheetKey(banner)).not.toBe(stylesheetKey('/remotes/mf-content/__federation_expose_blocks__Advice.9297cb6943151a9ab4b5.css'));
    expect(stylesheetKey('/styles/site.css')).toBe('/styles/site.css');
  });

  it('still preloads the manifest when it has not been read yet', () => {
    expect(assetsForModule('mf_catalog/StylePage', '/m/mf-manifest.json', undefined)).toEqual({
      manifests: ['/m/mf-manifest.json'],
      stylesheets: [],
      scripts: [],
    });
  });
});
