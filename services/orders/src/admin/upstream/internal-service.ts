import { BadGatewayException, HttpException, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { AnySchema, InternalCaller, RouteOwner } from '@storefront/contracts';
import {
  UpstreamBreaker,
  failingAnswerThrown,
  internalSecretOf,
  isUpstreamFailure,
  readCircuitBreakerSettings,
  readEnvConfig,
  signInternalRequest,
  traceHeaders,
  url,
} from '@storefront/service-kit';
import { SERVICES, localServiceUrl } from '@storefront/topology';

/** The services the back office calls on its staff's behalf. */
export type CalledService = Exclude<RouteOwner, 'gateway' | 'content' | 'orders'>;

/** The back office signs as this caller (ORDERS_INTERNAL_SECRET). */
const CALLER: InternalCaller = 'orders';

/** The service did not answer (down, too slow, 5xx, 429, its breaker open), or refused our signature: nothing it would have done is known. */
export class ServiceUnavailable extends Error {
  override readonly name: string = 'ServiceUnavailable';
  constructor(
    readonly service: CalledService,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The service answered something its contract does not allow (a version skew): unusable, and said so. */
export class ServiceAnswerInvalid extends ServiceUnavailable {
  override readonly name: string = 'ServiceAnswerInvalid';
}

/** The service answered and refused (404, 409, 400): its message and what else its error body said, for staff. */
export class ServiceRefusal extends Error {
  override readonly name: string = 'ServiceRefusal';
  constructor(
    readonly service: CalledService,
    message: string,
    readonly status: number,
    readonly body: { errors?: Record<string, string>; errorType?: string } = {},
  ) {
    super(message);
  }
}

export interface InternalServiceOptions {
  service: CalledService;
  /** how long a call may wait for the answer's headers (and, for JSON, its body) */
  timeoutMs: number;
  /** what staff read when it does not answer (default: the service is unavailable, try again) */
  unavailableMessage?: string;
  /** the error thrown when it does not answer (default ServiceUnavailable) */
  unavailable?: (message: string, cause: unknown) => ServiceUnavailable;
  /** the error thrown when it refuses (default ServiceRefusal) */
  refusal?: (message: string, status: number, body: ServiceRefusal['body']) => ServiceRefusal;
}

export interface SendOptions {
  /** a JSON body (sent as it is, and signed over its exact bytes) */
  body?: string;
  accept?: string;
  /** a shorter bound for this call's headers than the client's */
  timeoutMs?: number;
  /**
   * A bound on the whole exchange, body included, for an answer streamed on as it comes (a file):
   * the headers still come within `timeoutMs`. Default: the headers' bound, for the body too.
   */
  transferTimeoutMs?: number;
}

/** A path with its query as the route table writes it: `:name` replaced (encoded), the query appended when it has values. */
export function pathOf(path: string, params: Record<string, string> = {}, query: Record<string, string | number | undefined> = {}): string {
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/**
 * Another service's internal API as the back office calls it: every call is signed as the caller
 * `orders` over its exact method, path, query and body, bounded, and runs through the service's one
 * breaker, so an outage answers at once. What it answers is an error in staff's words: unavailable
 * (no answer, 5xx, 429, a refused signature: the services' secrets differ, an operator's problem) or
 * a refusal (a 4xx about the request, with the service's own message). PaymentsClient and FormsClient
 * are this, with their routes.
 */
export class InternalService {
  readonly service: CalledService;
  private readonly logger: Logger;
  private readonly baseUrl: string;
  private readonly breaker: UpstreamBreaker;

  constructor(private readonly options: InternalServiceOptions) {
    this.service = options.service;
    this.logger = new Logger(`${options.service}-client`);
    this.baseUrl = readEnvConfig({ baseUrl: url(SERVICES[options.service].urlEnv, localServiceUrl(options.service, process.env)) }).baseUrl.replace(/\/+$/, '');
    this.breaker = new UpstreamBreaker({ upstream: options.service, isUpstreamFailure, settings: readCircuitBreakerSettings(process.env), logger: this.logger });
  }

  /** Closes the breaker's timers (the module's onModuleDestroy). */
  shutdown(): void {
    this.breaker.shutdown();
  }

  /** A JSON call's answer; with `response`, held to the contract's schema (unknown keys dropped), else an unusable answer is ServiceAnswerInvalid. */
  async json<T = unknown>(method: 'GET' | 'POST', pathWithQuery: string, options: SendOptions & { response?: AnySchema } = {}): Promise<T> {
    const res = await this.send(method, pathWithQuery, options);
    let answer: unknown;
    try {
      answer = await res.json();
    } catch (error) {
      // not JSON: unusable; cut off on the way (its bound, a dropped connection): unavailable
      if (error instanceof SyntaxError) throw this.unusable(pathWithQuery, error);
      throw this.unavailable(this.options.unavailableMessage ?? this.unavailableMessage(), error);
    }
    if (!options.response) return answer as T;
    try {
      return (await options.response.validate(answer, { stripUnknown: true })) as T;
    } catch (error) {
      throw this.unusable(pathWithQuery, error);
    }
  }

  /**
   * A signed call's answer, its body not yet read (the caller reads it, or streams it on): a 2xx, else
   * thrown as unavailable or a refusal. Nothing of the answer is buffered here.
   */
  async send(method: 'GET' | 'POST', pathWithQuery: string, { body, accept = 'application/json', timeoutMs = this.options.timeoutMs, transferTimeoutMs }: SendOptions = {}): Promise<Response> {
    const target = `${this.baseUrl}${pathWithQuery}`;
    // the headers' bound is cleared once they came; the transfer's (when streamed) bounds the body too
    const headers = new AbortController();
    const headersTimer = setTimeout(() => headers.abort(new DOMException(`${this.service} did not answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    const signal = AbortSignal.any([headers.signal, AbortSignal.timeout(transferTimeoutMs ?? timeoutMs)]);
    let res: Response;
    try {
      res = await this.breaker.run(async () =>
        failingAnswerThrown(
          this.service,
          await fetch(target, {
            method,
            headers: {
              Accept: accept,
              ...(body !== undefined && { 'Content-Type': 'application/json' }),
              ...traceHeaders(),
              ...signInternalRequest({ caller: CALLER, secret: internalSecretOf(CALLER), method, url: target, ...(body !== undefined && { body }) }),
            },
            ...(body !== undefined && { body }),
            signal,
          }),
        ),
      );
    } catch (error) {
      this.logger.warn(`The ${this.service} service is unavailable: ${error instanceof Error ? error.message : String(error)}`, { event: 'upstream.unavailable', upstream: this.service, path: pathWithQuery.split('?')[0] });
      throw this.unavailable(this.options.unavailableMessage ?? this.unavailableMessage(), error);
    } finally {
      clearTimeout(headersTimer);
    }
    if (res.ok) return res;
    const answer = (await res.json().catch(() => null)) as { message?: unknown; errors?: unknown; errorType?: unknown } | null;
    // 401/403: the services' secrets differ (an operator's problem), not the staff member's
    if (res.status === 401 || res.status === 403) {
      throw this.unavailable(`The ${this.service} service refused this service's signature (${res.status}): check ORDERS_INTERNAL_SECRET.`, null);
    }
    const message = typeof answer?.message === 'string' ? answer.message : `The ${this.service} service refused (${res.status}).`;
    const refused: ServiceRefusal['body'] = {};
    if (typeof answer?.errors === 'object' && answer.errors !== null) refused.errors = answer.errors as Record<string, string>;
    if (typeof answer?.errorType === 'string') refused.errorType = answer.errorType;
    throw this.options.refusal ? this.options.refusal(message, res.status, refused) : new ServiceRefusal(this.service, message, res.status, refused);
  }

  private unavailableMessage(): string {
    return `The ${this.service} service is unavailable right now. Try again in a moment.`;
  }

  private unavailable(message: string, cause: unknown): ServiceUnavailable {
    return this.options.unavailable ? this.options.unavailable(message, cause) : new ServiceUnavailable(this.service, message, { cause });
  }

  private unusable(pathWithQuery: string, cause: unknown): ServiceAnswerInvalid {
    this.logger.error(`The ${this.service} service's answer to ${pathWithQuery.split('?')[0]} does not hold to the contract: ${cause instanceof Error ? cause.message : String(cause)}`, {
      event: 'upstream.answer-invalid',
      upstream: this.service,
    });
    return new ServiceAnswerInvalid(this.service, `The ${this.service} service answered something the back office cannot read. Try again later.`, { cause });
  }
}

/**
 * A called service's error as the admin API answers it: unavailable 503 (`<service>Unavailable`), an
 * answer it cannot read 502, a refusal with the service's own status and words (a 404 stays a 404).
 */
export function serviceHttpError(error: unknown): unknown {
  if (error instanceof ServiceAnswerInvalid) return new BadGatewayException({ message: error.message, errorType: `${error.service}AnswerInvalid` });
  if (error instanceof ServiceUnavailable) return new ServiceUnavailableException({ message: error.message, errorType: `${error.service}Unavailable` });
  if (error instanceof ServiceRefusal) return new HttpException({ statusCode: error.status, message: error.message, ...error.body }, error.status);
  return error;
}
