import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the site's content/ folder is: CONTENT_DIR when set (deployments, tests), else the repo's
 * content/ found from this package's own location (packages/site-config/{src,dist} -> ../../../content),
 * so it does not depend on the directory a service was started from.
 */
export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CONTENT_DIR?.trim();
  if (fromEnv) return path.resolve(fromEnv);
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', '..', '..', 'content');
}
