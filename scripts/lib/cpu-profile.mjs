// Reading V8 CPU profiles (`node --cpu-prof`) of the bench stack's processes: where a process spent its
// CPU within given windows of time (the bench's rounds), by function and by where the code comes from.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Frames that are not JavaScript work: time spent waiting. */
const IDLE = new Set(['(idle)', '(program)']);

/** Where a frame's code comes from: an npm package, our code (folder under the repository), node itself, or V8's (GC, ...). */
export function originOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : 'native';
  if (url.startsWith('node:')) return 'node';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + '/node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const ours = /\/(services|packages)\/([^/]+)\/dist\/(.*)$/.exec(url);
  if (ours) return `${ours[2]}/${ours[3].replace(/\.js$/, '')}`;
  return path.basename(url);
}

/**
 * The samples of `profile` whose time falls in one of `windows` ([startUs, endUs], the monotonic clock
 * V8 stamps profiles with, as process.hrtime): busy ms in them, the top frames by self time and by
 * origin, and the inclusive time of every function (a function on the stack several times counts once).
 */
export function summarizeProfile(profile, windows) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const label = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || '(anonymous)'} ${originOf(url, functionName || '(anonymous)')}${url ? `:${lineNumber + 1}` : ''}`;
  };
  const self = new Map();
  const byOrigin = new Map();
  const inclusive = new Map();
  let busyMs = 0;
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    // the sample stands for the time since the previous one
    if (!windows.some(([start, end]) => time > start && time <= end)) continue;
    const node = nodes.get(profile.samples[index]);
    if (IDLE.has(node.callFrame.functionName)) continue;
    const ms = delta / 1000;
    busyMs += ms;
    self.set(label(node), (self.get(label(node)) ?? 0) + ms);
    const origin = originOf(node.callFrame.url, node.callFrame.functionName);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + ms);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parents.get(id)) {
      const name = label(nodes.get(id));
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return { busyMs, self: sorted(self), byOrigin: sorted(byOrigin), inclusive: sorted(inclusive) };
}

/**
 * The profiles in `folder` by process id: cpu-profile-preload.mjs's CPU.<pid>.cpuprofile, and
 * `node --cpu-prof`'s CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile.
 */
export function profilesIn(folder) {
  const byPid = new Map();
  for (const file of readdirSync(folder)) {
    const match = /^CPU\.(?:\d+\.\d+\.)?(\d+)(?:\.\d+\.\d+)?\.cpuprofile$/.exec(file);
    if (match) byPid.set(Number(match[1]), path.join(folder, file));
  }
  return byPid;
}

/** A profile file's summary in `windows` (see summarizeProfile). */
export function summarizeProfileFile(file, windows) {
  return summarizeProfile(JSON.parse(readFileSync(file, 'utf8')), windows);
}
