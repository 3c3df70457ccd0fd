import type { FakeAnswer } from '@storefront/ui/testing';

/** One request as the fake network saw it. */
export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A fake route that records every request into `calls` and answers with `answer`. */
export function recorder(calls: RecordedCall[]) {
  return (url: string, answer: (call: RecordedCall) => FakeAnswer) =>
    (init?: RequestInit): FakeAnswer => {
      const call: RecordedCall = {
        url,
        method: String(init?.method ?? 'GET'),
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
      };
      calls.push(call);
      return answer(call);
    };
}
