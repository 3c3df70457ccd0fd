import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localRegistry, releaseOf, writeRegistry, type RemoteReleaseEntry } from '../../scripts/lib/remotes-registry.mjs';
import { RemoteDeployment, REPO_ROOT, withSourceChange } from '../support/remote-build.js';
import { startStaticServer } from '../../scripts/lib/static-server.mjs';
import { startRegistryGateway } from '../support/registry-gateway.js';
import { E2E_BASE_URL } from '../support/stack.js';
import { expect, test } from '../support/test.js';

/**
 * A remote released through the registry, as in production: two builds of mf-checkout, each on a
 * static server of its own; a gateway that reads REMOTES_REGISTRY_FILE. Pointing the registry at one
 * build or the other switches the server HTML and the browser code together; a bundle altered after
 * its release was written is refused and the serving build stays. Nothing restarts.
 */
test('mf-checkout released, rolled back and refused through the registry, with no restart', async ({ page, request }) => {
  test.setTimeout(300_000);
  const work = mkdtempSync(path.join(tmpdir(), 'e2e-releases-'));
  const checkout = new RemoteDeployment('mf-checkout');
  const builds = { v1: path.join(work, 'v1'), v2: path.join(work, 'v2'), v3: path.join(work, 'v3') };
  cpSync(checkout.dist, builds.v1, { recursive: true });
  checkout.setAside();
  try {
    await withSourceChange('mf-checkout/src/checkout/CheckoutPage.tsx', "const CHECKOUT_TITLE = 'Checkout';", "const CHECKOUT_TITLE = 'Checkout (v2)';", async () => {
      checkout.rebuild();
    });
    cpSync(checkout.dist, builds.v2, { recursive: true });
  } finally {
    checkout.restore();
  }
  // v3: a release of its own (one server file changed, its list written), then altered after the
  // release was recorded: the list still matches the registry, the file no longer matches the list
  cpSync(builds.v2, builds.v3, { recursive: true });
  const listFile = path.join(builds.v3, 'server', 'bundle-integrity.json');
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as { files: { path: string; integrity: string }[] };
  const altered = list.files.find((file) => file.path !== 'remoteEntry.js') ?? list.files[0]!;
  appendFileSync(path.join(builds.v3, 'server', altered.path), '\n// release v3\n');
  altered.integrity = `sha384-${createHash('sha384').update(readFileSync(path.join(builds.v3, 'server', altered.path))).digest('base64')}`;
  writeFileSync(listFile, JSON.stringify(list, null, 2));
  const v3Release = releaseOf(builds.v3);
  appendFileSync(path.join(builds.v3, 'server', altered.path), 'globalThis.__tampered = true;\n');

  const servers = { v1: await startStaticServer({ '/': builds.v1 }), v2: await startStaticServer({ '/': builds.v2 }), v3: await startStaticServer({ '/': builds.v3 }) };
  const entryOf = (version: keyof typeof builds): RemoteReleaseEntry => ({
    ...(version === 'v3' ? v3Release : releaseOf(builds[version])),
    version,
    browserEntry: `${servers[version].url}/mf-manifest.json`,
    serverBundle: `${servers[version].url}/server/`,
  });
  const registryFile = path.join(work, 'registry.json');
  // the other remotes as the e2e stack's gateway serves them
  const release = (version: keyof typeof builds) => writeRegistry(registryFile, localRegistry({ repoRoot: REPO_ROOT, serverOrigin: E2E_BASE_URL, overrides: { 'mf-checkout': entryOf(version) } }));
  release('v1');
  const gateway = await startRegistryGateway(registryFile, path.join(work, 'cache'));

  const serverHtml = async () => (await request.get(`${gateway.url}/checkout`, { headers: { Accept: 'text/html' } })).text();
  const heading = page.getByRole('heading', { level: 1 });
  /** The page as a shopper gets it: its server HTML, then the browser's own render of the remote. */
  async function expectServing(version: keyof typeof builds, title: string): Promise<void> {
    await expect.poll(async () => (await serverHtml()).match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1], { timeout: 20_000 }).toBe(title);
    const before = { v1: servers.v1.requests.length, v2: servers.v2.requests.length, v3: servers.v3.requests.length };
    await page.goto(`${gateway.url}/checkout`);
    await expect(heading).toHaveText(title);
    // the browser's code came from this release's server, and from no other
    expect(servers[version].requests.slice(before[version])).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
    for (const other of ['v1', 'v2', 'v3'] as const) if (other !== version) expect(servers[other].requests.slice(before[other])).toEqual([]);
  }

  try {
    await expectServing('v1', 'Checkout');

    release('v2');
    await expectServing('v2', 'Checkout (v2)');

    release('v3');
    await expect.poll(() => gateway.logs.join('').includes('"reason":"file_mismatch"'), { timeout: 20_000 }).toBe(true);
    await expectServing('v2', 'Checkout (v2)');
    expect(servers.v3.requests).not.toContain('/remoteEntry.js');

    release('v1');
    await expectServing('v1', 'Checkout');

    // one gateway process throughout, still up; the e2e stack's own gateway never noticed
    expect(() => process.kill(gateway.pid, 0)).not.toThrow();
    expect(gateway.logs.join('')).not.toMatch(/Nest application successfully started[\s\S]*Nest application successfully started/);
    expect((await request.get(`${E2E_BASE_URL}/checkout`, { headers: { Accept: 'text/html' } })).status()).toBe(200);
  } catch (error) {
    console.log(gateway.logs.join('').slice(-4000));
    throw error;
  } finally {
    await gateway.stop();
    await Promise.all(Object.values(servers).map((server) => server.close()));
    rmSync(work, { recursive: true, force: true });
  }
});
