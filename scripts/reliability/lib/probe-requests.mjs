// The small request helpers the harness's scenarios share (forged requests, the security review's
// probes, checkouts, faults): one copy, so a request built or judged in one scenario is built or
// judged the same way in the others.

/** A request body as JSON. */
export const json = (body) => JSON.stringify(body);

/** POST/PUT/... with a JSON body, asking for JSON back (as the site's fetch calls do). */
export const withJson = (method, requestPath, body, headers = {}) => ({ method, path: requestPath, headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body: json(body) });

/** A refusal that names one of `statuses`: the documented refusal, not just any. */
export const is = (...statuses) => (answer) => statuses.includes(answer.status);

/** Any 4xx: where the spec leaves the exact refusal open, a refusal of the caller rather than a failure of the server. */
export const refused4xx = (answer) => answer.status >= 400 && answer.status < 500;

/** An answer's JSON body, or null when it has none (an HTML page, a proxy's error, an empty 204). */
export const parse = (answer) => {
  try {
    return JSON.parse(answer.text);
  } catch {
    return null;
  }
};

/** A pause between polls of what holds the truth (the outbox, the stand-ins), or a shopper's wait before resending. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
