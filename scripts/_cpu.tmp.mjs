import { readFileSync, readdirSync } from 'node:fs';
import autocannon from 'autocannon';
import { variedCatalogPaths, CATALOG_LISTING_PATH } from './lib/bench-api.mjs';
import { seededRandom } from './lib/catalog-fixture.mjs';
const [gw, content, pgMain] = process.argv.slice(2).map(Number);
const TICK = 10;
const ticks = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return Number(f[11]) + Number(f[12]); };
const pgPids = () => readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => { try { const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' '); return Number(f[1]) === pgMain || Number(p) === pgMain; } catch { return false; } });
const pgTicks = () => { let sum = 0; for (const p of pgPids()) { try { sum += ticks(p); } catch {} } return sum; };
async function run(label, paths, seconds = 8) {
  let next = 0;
  const before = { gw: ticks(gw), content: ticks(content), pg: pgTicks() };
  const lat = [];
  const inst = autocannon({ url: 'http://127.0.0.1:8580', connections: 20, duration: seconds, requests: [{ method: 'GET', setupRequest: (q) => ({ ...q, path: paths[(next += 1) % paths.length] }) }] });
  inst.on('response', (_c, _s, _b, t) => lat.push(t));
  const r = await inst;
  const after = { gw: ticks(gw), content: ticks(content), pg: pgTicks() };
  const n = r.requests.total;
  lat.sort((a, b) => a - b);
  const per = (k) => (((after[k] - before[k]) * TICK * 1000) / n).toFixed(0);
  console.log(`${label}: ${n} req (${(n / seconds).toFixed(0)}/s), p50 ${lat[Math.floor(n * 0.5)]} p95 ${lat[Math.floor(n * 0.95)]} ms, ${r.non2xx} non-2xx; CPU µs/request gateway ${per('gw')}, content ${per('content')}, postgres ${per('pg')}`);
}
await run('one listing', [CATALOG_LISTING_PATH]);
await run('varied', variedCatalogPaths(20000, seededRandom(11)));
await run('reference product-styles/ssw', ['/api/content/product-styles/ssw']);
