import { FORM_NAME_PATTERN, isSinceDate } from '@storefront/contracts';

/** `submissions export --form <name> [--since <date>] [--out <file>]`, read and checked. */
export interface ExportArgs {
  form: string;
  since?: Date;
  out?: string;
}

export const EXPORT_USAGE = 'usage: npm run submissions -- export --form <name> [--since <YYYY-MM-DD or ISO time>] [--out <file.csv>]';

/** The arguments, or a message saying what is wrong with them (never a throw). */
export function parseExportArgs(argv: readonly string[]): ExportArgs | { error: string } {
  const [command, ...rest] = argv;
  if (command !== 'export') return { error: command ? `unknown command "${command}"\n${EXPORT_USAGE}` : EXPORT_USAGE };
  const values = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i]!;
    const value = rest[i + 1];
    if (!['--form', '--since', '--out'].includes(flag)) return { error: `unknown option "${flag}"\n${EXPORT_USAGE}` };
    if (value === undefined || value.startsWith('--')) return { error: `${flag} needs a value\n${EXPORT_USAGE}` };
    values.set(flag, value);
  }
  const form = values.get('--form');
  if (!form) return { error: `--form is required\n${EXPORT_USAGE}` };
  if (!FORM_NAME_PATTERN.test(form)) return { error: `--form "${form}" is not a form name (lower-case letters, digits, hyphens)` };
  const sinceText = values.get('--since');
  let since: Date | undefined;
  if (sinceText !== undefined) {
    // the rule GET /internal/forms/submissions.csv?since applies too
    if (!isSinceDate(sinceText)) return { error: `--since "${sinceText}" is not a date (YYYY-MM-DD or an ISO time)` };
    since = new Date(sinceText);
  }
  return { form, ...(since ? { since } : {}), ...(values.has('--out') ? { out: values.get('--out')! } : {}) };
}
