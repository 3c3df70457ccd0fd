// The forged scenario's ledger: how its requests are sent (as one shopper among many) and the record
// of what each kind sent and what the stack answered, judged as forged.mjs' header says. Both
// forged.mjs' kinds and forged-review.mjs' probes are sent and counted through it.
import { sendRaw } from './raw-http.mjs';
import { shopperAddress } from './lib/shopper-address.mjs';

/**
 * sendRaw as one shopper among many: each request names a made-up client address unless it names
 * its own. A production-mode gateway keeps it (the harness is its load balancer), so the per-address
 * limits, at their production values there, count per request rather than refusing the suite itself;
 * the development gateway drops it.
 */
export function send(baseUrl, request) {
  const headers = request.headers ?? {};
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'x-forwarded-for')) return sendRaw(baseUrl, request);
  return sendRaw(baseUrl, { ...request, headers: { ...headers, 'x-forwarded-for': shopperAddress() } });
}

/**
 * A record of what was sent and answered, by kind. `expect(answer)` says whether the refusal is the
 * right one; `guarded` lists strings the answer must not contain.
 */
export function createLedger(log) {
  const kinds = new Map();
  const serverErrors = [];
  const controls = { sent: 0, ok: 0, failed: [] };
  /** forged requests judged by what their answer shows, not by a refusal (Bob's own lists) */
  const readChecks = { count: 0 };
  const kindOf = (kind) => {
    if (!kinds.has(kind)) kinds.set(kind, { sent: 0, accepted: [], wrongRefusal: [] });
    return kinds.get(kind);
  };
  return {
    kinds,
    serverErrors,
    controls,
    readChecks,
    /**
     * @param {string} kind
     * @param {string} baseUrl
     * @param {Parameters<typeof sendRaw>[1]} request
     * @param {{ guarded?: string[], refusal?: (answer: any) => boolean }} [rules]
     */
    async forged(kind, baseUrl, request, { guarded = [], refusal } = {}) {
      const answer = await send(baseUrl, request);
      const tally = kindOf(kind);
      tally.sent += 1;
      const label = `${request.method ?? 'GET'} ${request.path} -> ${answer.status || answer.error}`;
      const revealed = guarded.filter((secret) => secret && typeof answer.text === 'string' && answer.text.includes(secret));
      if ((answer.status >= 200 && answer.status < 300) || revealed.length > 0) {
        tally.accepted.push(label);
        log(`forged ACCEPTED (${kind}): ${label}${revealed.length ? ` revealing ${revealed.length} guarded value(s)` : ''}: ${String(answer.text ?? '').slice(0, 200)}`);
      } else if (answer.status >= 500 || answer.status <= 0) {
        serverErrors.push(label);
        log(`forged ${answer.status >= 500 ? '5xx' : 'no answer'} (${kind}): ${label}: ${String(answer.text ?? answer.error ?? '').slice(0, 200)}`);
      } else if (refusal && !refusal(answer)) {
        tally.wrongRefusal.push(label);
        log(`forged refused unlike expected (${kind}): ${label}: ${String(answer.text ?? '').slice(0, 200)}`);
      } else if (process.env.RELIABILITY_VERBOSE === '1') {
        log(`forged refused (${kind}): ${label}: ${String(answer.text ?? '').slice(0, 120)}`);
      }
      return answer;
    },
    /**
     * A probe judged by what the stack shows rather than by one answer (a header, a count in
     * PostgreSQL, a log file): counted as sent, and as accepted when `ok` is false.
     */
    check(kind, label, ok) {
      const tally = kindOf(kind);
      tally.sent += 1;
      // a read check is no refusal: counted apart, unless it failed (then it is an accepted one)
      if (ok) readChecks.count += 1;
      else {
        tally.accepted.push(label);
        log(`forged ACCEPTED (${kind}): ${label}`);
      }
    },
    /** The same kind of request with the right proof: must be answered 2xx. */
    async control(label, baseUrl, request) {
      const answer = await send(baseUrl, request);
      controls.sent += 1;
      if (answer.status >= 200 && answer.status < 300) controls.ok += 1;
      else {
        controls.failed.push(`${label}: ${answer.status || answer.error}`);
        log(`forged control failed (${label}): ${request.method ?? 'GET'} ${request.path} -> ${answer.status || answer.error}: ${String(answer.text ?? '').slice(0, 200)}`);
      }
      return answer;
    },
  };
}
