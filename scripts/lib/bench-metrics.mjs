// What metrics cost per request, for `npm run bench` (section "metrics"). Two gateways are started
// fresh, side by side, in front of the bench stack's own services: one with METRICS_ENABLED=true (the
// default) and one with METRICS_ENABLED=false, nothing else different (same build, same settings, same
// upstreams, both with a warm edge cache). The cached read is loaded through each in interleaved
// rounds (on, off, off, on, on, off, ...: a drift of the machine weighs on both sides alike), and each
// gateway's own CPU is read from /proc around its rounds. CPU per request is the figure to trust: on
// a 2-core machine shared with the load tool, requests/s moves with whatever else runs, CPU per
// request much less.
import { combine, load } from './bench-api.mjs';
import { startBuiltService } from './bench-service.mjs';
import { processCpuMs } from './stack-processes.mjs';

/** The read the A/B loads: answered from the gateway's edge cache, so the gateway's own work is most of it. */
export const METRICS_CASE = { label: 'GET /api/content/product-styles/ssw', method: 'GET', path: '/api/content/product-styles/ssw' };

/** Round `index`'s order of the two sides: on-off, off-on, on-off, ... (ABBA pairs). */
export function roundOrder(index) {
  return index % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
}

/**
 * The figures of one side from its rounds ({ load, cpuMs } each): requests/s and p95 over all of
 * them, CPU µs per request over all of them, and the lowest and highest round's CPU µs per request.
 */
export function sideFigures(rounds) {
  const requests = rounds.reduce((sum, round) => sum + round.load.requests, 0);
  const cpuMs = rounds.reduce((sum, round) => sum + round.cpuMs, 0);
  const perRound = rounds.map((round) => (round.cpuMs * 1000) / round.load.requests);
  return {
    ...combine(rounds.map((round) => round.load)),
    cpuUsPerRequest: (cpuMs * 1000) / requests,
    cpuUsRange: [Math.min(...perRound), Math.max(...perRound)],
  };
}

/** A gateway of the repository's build on `port`, in front of `upstreamEnv`'s services (*_SERVICE_URL). */
function startGateway(root, { port, metricsEnabled, upstreamEnv }) {
  // request logs on, as the stack's own gateway runs them
  return startBuiltService(root, 'gateway', { port, env: { ...upstreamEnv, METRICS_ENABLED: String(metricsEnabled) }, readyPath: '/health/upstreams', readyWithinMs: 60_000 });
}

/** One pair of fresh gateways (`control`: metrics on in both): each side's rounds ({ load, cpuMs } each). */
async function measurePair(root, { upstreamEnv, ports, connections, seconds, rounds, control, offFirst }) {
  const gateways = {};
  // which side starts first, on which port, alternates from pair to pair: neither may favour a side
  const starts = [
    ['on', true],
    ['off', control],
  ];
  if (offFirst) starts.reverse();
  try {
    for (const [index, [side, metricsEnabled]] of starts.entries()) {
      gateways[side] = await startGateway(root, { port: ports[index], metricsEnabled, upstreamEnv });
    }
    for (const side of ['on', 'off']) await load(gateways[side].url + METRICS_CASE.path, METRICS_CASE, { connections, seconds: 3 });
    const measured = { on: [], off: [] };
    for (let index = 0; index < rounds; index += 1) {
      for (const side of roundOrder(index)) {
        const before = processCpuMs(gateways[side].pid);
        const one = await load(gateways[side].url + METRICS_CASE.path, METRICS_CASE, { connections, seconds });
        measured[side].push({ load: one, cpuMs: processCpuMs(gateways[side].pid) - before });
      }
    }
    return measured;
  } finally {
    await Promise.all(Object.values(gateways).map((gateway) => gateway.stop()));
  }
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The A/B, on `pairs` pairs of fresh gateways: in each pair, `rounds` interleaved rounds of `seconds`
 * on each side (after a warm-up that fills both edge caches and lets V8 optimise the hot path),
 * `connections` keep-alive connections. Several pairs, because two identical processes can differ
 * for their whole life (measured here: one gateway of a pair used 40% more CPU per request than its
 * twin in every round): one pair's difference is as much the processes' as the setting's. Returns
 * each side's figures over every round, and the cost of metrics (CPU µs per request, on − off, and
 * as a share of off) in each pair and their median. `control: true` puts metrics on in both
 * gateways (an A/A): the cost it finds is the method's own noise.
 */
export async function measureMetricsCost(root, { upstreamEnv, ports = [8096, 8097], connections = 50, seconds = 2, rounds = 4, pairs = 3, control = false }) {
  const all = { on: [], off: [] };
  const costs = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    const measured = await measurePair(root, { upstreamEnv, ports, connections, seconds, rounds, control, offFirst: pair % 2 === 1 });
    all.on.push(...measured.on);
    all.off.push(...measured.off);
    const on = sideFigures(measured.on).cpuUsPerRequest;
    const off = sideFigures(measured.off).cpuUsPerRequest;
    costs.push({ costUs: on - off, costShare: (on - off) / off });
  }
  return {
    label: METRICS_CASE.label,
    control,
    connections,
    rounds,
    seconds,
    pairs,
    on: sideFigures(all.on),
    off: sideFigures(all.off),
    costs,
    medianCostUs: median(costs.map((cost) => cost.costUs)),
    medianCostShare: median(costs.map((cost) => cost.costShare)),
  };
}
