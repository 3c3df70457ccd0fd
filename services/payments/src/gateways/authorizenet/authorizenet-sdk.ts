import authorizenet from 'authorizenet';

/**
 * A small typed door onto the `authorizenet` SDK: one call = build the request with its
 * APIContracts class, run its controller against our endpoint, and hand back the answer as
 * unknown JSON for the adapter to narrow.
 *
 * Two things the SDK does that we must not inherit: its controller logs an HTTP failure (a 5xx, a
 * refused connection, its own timeout) and never calls back, so the failure is watched for here
 * and thrown (the flow then records the outcome as unknown, never as failed); and its default
 * timeout is 120 s, so a shorter one is passed in its config. It never retries (axios, no retry),
 * which matters because Authorize.Net has no idempotency key.
 */
export type AuthorizeNetOperation = 'createTransaction' | 'getTransactionDetails' | 'getUnsettledTransactionList' | 'getSettledBatchList' | 'getTransactionList';

const CONTRACTS = {
  createTransaction: [authorizenet.APIContracts.CreateTransactionRequest, authorizenet.APIControllers.CreateTransactionController],
  getTransactionDetails: [authorizenet.APIContracts.GetTransactionDetailsRequest, authorizenet.APIControllers.GetTransactionDetailsController],
  getUnsettledTransactionList: [authorizenet.APIContracts.GetUnsettledTransactionListRequest, authorizenet.APIControllers.GetUnsettledTransactionListController],
  getSettledBatchList: [authorizenet.APIContracts.GetSettledBatchListRequest, authorizenet.APIControllers.GetSettledBatchListController],
  getTransactionList: [authorizenet.APIContracts.GetTransactionListRequest, authorizenet.APIControllers.GetTransactionListController],
} as const;

export const AUTHORIZENET_ENDPOINTS = authorizenet.Constants.endpoint;

/** Authorize.Net's path under a base URL (a stand-in's): the SDK posts every request there. */
export const AUTHORIZENET_API_PATH = '/xml/v1/request.api';

export interface AuthorizeNetClientOptions {
  /** the full request URL (Constants.endpoint.sandbox|production, or a stand-in's base + /xml/v1/request.api) */
  endpoint: string;
  apiLoginId: string;
  transactionKey: string;
  timeoutMs: number;
}

/** The SDK's transport failed (no answer, a 5xx, a timeout): what happened at Authorize.Net is unknown. */
export class AuthorizeNetTransportError extends Error {
  override readonly name = 'AuthorizeNetTransportError';
}

/** How often the controller is looked at for a failure it swallowed. */
const ERROR_POLL_MS = 25;

export function authorizeNetCall(options: AuthorizeNetClientOptions, operation: AuthorizeNetOperation, fields: Record<string, unknown>): Promise<unknown> {
  const [Contract, Controller] = CONTRACTS[operation];
  const request = new Contract({
    merchantAuthentication: { name: options.apiLoginId, transactionKey: options.transactionKey },
    ...fields,
  }).getJSON();
  // the SDK's config, with our timeout and its file logger off (it would write card data's masks
  // and e-mails to ./sdk-node-*.log)
  const config = { timeout: options.timeoutMs, clientId: 'sdk-node-storefront', logger: { enabled: false, location: './', level: 'error' }, proxy: { setProxy: false, proxyUrl: '' } };
  const controller = new Controller(request, config);
  controller.setEnvironment(options.endpoint);
  return new Promise<unknown>((resolve, reject) => {
    const stop = () => {
      clearInterval(watch);
      clearTimeout(giveUp);
    };
    const watch = setInterval(() => {
      const error = controller.getError();
      if (error === null || error === undefined) return;
      stop();
      reject(new AuthorizeNetTransportError(`Authorize.Net did not answer ${operation}: ${error instanceof Error ? error.message : String(error)}`));
    }, ERROR_POLL_MS);
    // past the SDK's own timeout nothing more can come: stop watching whatever happened
    const giveUp = setTimeout(() => {
      stop();
      reject(new AuthorizeNetTransportError(`Authorize.Net did not answer ${operation} within ${options.timeoutMs} ms`));
    }, options.timeoutMs + 1000);
    controller.execute(() => {
      stop();
      resolve(controller.getResponse());
    });
  });
}
