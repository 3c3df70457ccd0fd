// The bench stack's processes as /proc shows them (Linux): which process is which part of the stack
// (a service, PostgreSQL), the CPU each has used so far and its resident memory. Every section that
// reports CPU or memory per process reads them here.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The CPU (clock ticks) of a /proc/<pid>/stat line: its own (utime, stime) and its children's that
 * it has reaped (cutime, cstime), so a PostgreSQL backend that ended meanwhile still counts, in the
 * postmaster's. The name in parentheses may hold spaces and parentheses.
 */
export function cpuTicksOfStat(line) {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state (field 3); utime, stime, cutime, cstime are fields 14 to 17
  return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
}

/** The parent pid of a /proc/<pid>/stat line. */
function parentOfStat(line) {
  return Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Which part of the stack a process is, from its command line: a service's name, postgres, or undefined. */
export function stackPartOf(commandLine, name) {
  const service = /services\/([a-z-]+)\/dist\/main\.js/.exec(commandLine);
  if (service) return service[1];
  if (name === 'postgres' || /(^|\/)postgres(\0|\s|:|$)/.test(commandLine)) return 'postgres';
  return undefined;
}

/** Every process under `rootPid` that is a part of the stack: its pid, part and CPU ms so far (cpuTicksOfStat). */
export function stackProcesses(rootPid, ticksPerSecond = 100) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      stats.set(Number(entry), readFileSync(`/proc/${entry}/stat`, 'utf8'));
    } catch {
      // gone meanwhile
    }
  }
  const children = new Map();
  for (const [pid, line] of stats) {
    const parent = parentOfStat(line);
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found = [];
  const visit = (pid) => {
    for (const child of children.get(pid) ?? []) {
      const line = stats.get(child);
      let commandLine = '';
      try {
        commandLine = readFileSync(`/proc/${child}/cmdline`, 'utf8');
      } catch {
        // gone meanwhile
      }
      const part = stackPartOf(commandLine, line.slice(line.indexOf('(') + 1, line.lastIndexOf(')')));
      if (part) found.push({ pid: child, part, cpuMs: (cpuTicksOfStat(line) * 1000) / ticksPerSecond });
      visit(child);
    }
  };
  visit(rootPid);
  return found;
}

/** CPU ms one process has used so far (its own and its reaped children's), or undefined once it is gone. */
export function processCpuMs(pid, ticksPerSecond = 100) {
  try {
    return (cpuTicksOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8')) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** CPU ms used so far by the processes under `rootPid`, added up by part of the stack (gateway, orders, payments, ..., postgres). */
export function stackCpuMs(rootPid) {
  const totals = {};
  for (const { part, cpuMs } of stackProcesses(rootPid)) totals[part] = (totals[part] ?? 0) + cpuMs;
  return totals;
}

/** Resident memory (MiB, VmRSS) of the stack's processes, part by part (PostgreSQL's processes summed, shared pages counted in each). */
export function stackRssMiB(rootPid) {
  const totals = {};
  for (const { pid, part } of stackProcesses(rootPid)) {
    try {
      const kib = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      totals[part] = (totals[part] ?? 0) + kib / 1024;
    } catch {
      // gone meanwhile
    }
  }
  return totals;
}

/** after − before, part by part (a part that appeared meanwhile counts from 0). */
export function cpuDelta(before, after) {
  return Object.fromEntries(Object.entries(after).map(([part, ms]) => [part, ms - (before[part] ?? 0)]));
}
