// `node --import=scripts/lib/cpu-profile-preload.mjs`: what `node --cpu-prof` does, where NODE_OPTIONS
// may not carry --cpu-prof (Node 20): V8's sampling profiler from the start of the process, written to
// BENCH_CPU_PROF_DIR/CPU.<pid>.cpuprofile when it exits. The bench's --cpu-prof gives it to the stack.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const folder = process.env.BENCH_CPU_PROF_DIR;
if (folder) {
  const session = new Session();
  session.connect();
  // an in-thread session answers synchronously, so the profile is written within the 'exit' event
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(path.join(folder, `CPU.${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
