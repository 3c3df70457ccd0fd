import type { Repository } from 'typeorm';
import type { SandboxIntent } from './sandbox.entities.js';
import { SANDBOX_ID } from './sandbox-ids.js';

// The card challenge page and the PayPal approval page wait on the shopper the same way: a
// look-up of what is still waiting, and one conditional UPDATE that settles it.

/** What a sandbox intent waits on: the shopper's answer on a challenge or approval page. */
export interface SandboxWait {
  kind: SandboxIntent['kind'];
  status: string;
}

/**
 * A sandbox intent waiting on the shopper, else undefined (an unknown or malformed id reads as
 * nothing waiting). `ready` narrows the wait (a card's challenge flag).
 */
export async function findWaiting(intents: Repository<SandboxIntent>, id: string, wait: SandboxWait, ready: (intent: SandboxIntent) => boolean = () => true): Promise<SandboxIntent | undefined> {
  if (!SANDBOX_ID.test(id)) return undefined;
  const intent = await intents.findOneBy({ id, kind: wait.kind });
  return intent && intent.status === wait.status && ready(intent) ? intent : undefined;
}

/**
 * Settles a waiting intent with one conditional UPDATE, so a double submit cannot settle it twice:
 * the intent as stored afterwards, or undefined when it was no longer waiting.
 */
export async function settleWaiting(
  intents: Repository<SandboxIntent>,
  id: string,
  wait: SandboxWait & { challenge?: true },
  changes: Partial<Pick<SandboxIntent, 'status' | 'challenge' | 'lastError'>>,
): Promise<SandboxIntent | undefined> {
  const result = await intents
    .createQueryBuilder()
    .update()
    .set(changes)
    .where(`id = :id AND status = :status AND kind = :kind${wait.challenge ? ' AND challenge = true' : ''}`, { id, status: wait.status, kind: wait.kind })
    .execute();
  return result.affected ? ((await intents.findOneBy({ id })) ?? undefined) : undefined;
}
