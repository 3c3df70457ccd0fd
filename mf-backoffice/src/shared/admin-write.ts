import { useCallback, useRef, useState } from 'react';
import { statusMessage, type ApiAnswer } from '@storefront/contracts';

/** A write's outcome as a form shows it: the server's message and, for a 400, its message per field. */
export interface WriteProblem {
  message: string;
  errors: Record<string, string>;
  status: number | undefined;
}

function newKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * One staff write (a note, a refund, a cancel): busy while it runs (a second press waits, never
 * sends again), the server's refusal in words, and an Idempotency-Key that stays the same for every
 * try of this one write (a retry after a lost answer is the same write) and is new after a success.
 */
export function useAdminWrite<T>(): {
  busy: boolean;
  problem: WriteProblem | null;
  run: (send: (idempotencyKey: string) => Promise<ApiAnswer<T>>) => Promise<T | null>;
  clear: () => void;
} {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const running = useRef(false);
  const key = useRef(newKey());

  const run = useCallback(async (send: (idempotencyKey: string) => Promise<ApiAnswer<T>>): Promise<T | null> => {
    if (running.current) return null;
    running.current = true;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await send(key.current);
      if (answer.ok) {
        key.current = newKey();
        return answer.data;
      }
      const errors = (answer.error.errors ?? {}) as Record<string, string>;
      setProblem({ message: answer.error.message ?? statusMessage(answer.status), errors, status: answer.status });
      return null;
    } catch {
      setProblem({ message: 'The server could not be reached. Check the connection and try again: it is safe to send it again.', errors: {}, status: undefined });
      return null;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, problem, run, clear: useCallback(() => setProblem(null), []) };
}
