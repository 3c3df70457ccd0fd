import { SERVICE_NAMES, type ServiceName } from '@storefront/topology';
import { isJobId } from './dead-letters.js';

/** `jobs <service> dead-letters list [--json]` or `jobs <service> dead-letters retry (--id <jobId>... | --all)`. */
export type JobsCommand =
  | { service: ServiceName; action: 'list'; json: boolean }
  | { service: ServiceName; action: 'retry'; ids: string[] }
  | { service: ServiceName; action: 'retry'; all: true };

export const JOBS_USAGE = [
  'usage: npm run -s jobs -- <service> dead-letters list [--json]',
  '       npm run -s jobs -- <service> dead-letters retry --id <jobId> [--id <jobId> ...]',
  '       npm run -s jobs -- <service> dead-letters retry --all',
  `services: ${SERVICE_NAMES.join(', ')}`,
].join('\n');

function isService(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}

/** The command, or a message saying what is wrong with the arguments (never a throw). */
export function parseJobsArgs(argv: readonly string[]): JobsCommand | { error: string } {
  const [service, topic, action, ...rest] = argv;
  if (!service || service === '--help' || service === '-h') return { error: JOBS_USAGE };
  if (!isService(service)) return { error: `unknown service "${service}"\n${JOBS_USAGE}` };
  if (topic !== 'dead-letters') return { error: `${topic ? `unknown command "${topic}"` : 'a command is missing'}\n${JOBS_USAGE}` };
  if (action === 'list') {
    const unknown = rest.find((arg) => arg !== '--json');
    if (unknown !== undefined) return { error: `unknown option "${unknown}" for list\n${JOBS_USAGE}` };
    return { service, action: 'list', json: rest.includes('--json') };
  }
  if (action !== 'retry') return { error: `${action ? `unknown action "${action}"` : 'say list or retry'}\n${JOBS_USAGE}` };
  const ids: string[] = [];
  let all = false;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!;
    if (flag === '--all') {
      all = true;
      continue;
    }
    if (flag !== '--id') return { error: `unknown option "${flag}" for retry\n${JOBS_USAGE}` };
    const id = rest[i + 1];
    if (id === undefined || id.startsWith('--')) return { error: `--id needs a job id\n${JOBS_USAGE}` };
    if (!isJobId(id)) return { error: `--id "${id}" is not a job id (a UUID, as dead-letters list shows it)` };
    ids.push(id);
    i++;
  }
  if (all && ids.length > 0) return { error: `retry takes --id or --all, not both\n${JOBS_USAGE}` };
  if (all) return { service, action: 'retry', all: true };
  if (ids.length === 0) return { error: `retry needs --id <jobId> or --all\n${JOBS_USAGE}` };
  return { service, action: 'retry', ids };
}
