import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequestException, Logger, type INestApplication, type LoggerService } from '@nestjs/common';
import { checkRouteInput, orderRoutes } from '@storefront/contracts';
import { type FrontHandler, sendFrontFailure, sendFrontJson, setRouteLabel } from '@storefront/service-kit';
import { OrdersService } from './orders.service.js';

export const CART_SUMMARY_PATH = orderRoutes.cartSummary.path;

/**
 * The largest body this handler reads itself; anything larger (or of unknown length) is left to
 * express, whose JSON parser answers it as before (413 over ORDERS_BODY_LIMIT). Kept under that
 * limit, so the two never disagree about what is too large: a cart is a few hundred bytes.
 */
export const CART_SUMMARY_FRONT_MAX_BYTES = 64 * 1024;

/** What express's JSON parser reads as JSON in UTF-8: application/json, no charset or charset=utf-8. */
const JSON_UTF8 = /^application\/json[ \t]*(?:;[ \t]*charset="?utf-8"?[ \t]*)?$/i;
/** body-parser's strict mode: a JSON body is an object or an array (after JSON whitespace). */
const FIRST_CHAR = /^[ \t\n\r]*([^ \t\n\r])/;

/** The error the body parser throws for a body that is not JSON (answered as its ApiErrorBody). */
function parseFailed(): Error {
  return Object.assign(new SyntaxError('Request body is not valid JSON'), { status: 400, type: 'entity.parse.failed' });
}

/** The body as express.json() gives it to the pipe (iconv drops a BOM; strict: objects and arrays only). */
function parseJson(raw: Buffer): unknown {
  let text = raw.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const first = FIRST_CHAR.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw parseFailed();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw parseFailed();
  }
}

/**
 * Which requests this handler answers: POST to the path (any query), a JSON body in UTF-8 of a
 * known length, not compressed. Every other request (chunked, other charsets, encoded, too large,
 * empty) goes to express and Nest exactly as before.
 */
function claims(req: IncomingMessage): boolean {
  if (req.method !== 'POST') return false;
  const url = req.url ?? '';
  const mark = url.indexOf('?');
  if ((mark === -1 ? url : url.slice(0, mark)) !== CART_SUMMARY_PATH) return false;
  const { headers } = req;
  const type = headers['content-type'];
  if (type === undefined || !JSON_UTF8.test(type)) return false;
  if (headers['content-encoding'] !== undefined && headers['content-encoding'].toLowerCase() !== 'identity') return false;
  if (headers['transfer-encoding'] !== undefined) return false;
  const length = Number(headers['content-length']);
  return Number.isInteger(length) && length > 0 && length <= CART_SUMMARY_FRONT_MAX_BYTES;
}

/**
 * POST /api/order/cart-summary answered in front of express and Nest (service-kit's FrontHandler),
 * as the content service answers its listings. The browser asks for a cart summary on every cart
 * change, and the pricing itself (validation + priceCart over the in-memory catalog) is ~70 µs:
 * express's router, helmet, the JSON parser and Nest's pipeline were most of each request. The body
 * goes through the route's own schema with its invalidMessage (checkRouteInput, what
 * RouteValidationPipe runs), then OrdersService.cartSummary, the controller's call: the answers,
 * 400 bodies included, are the controller's. The controller still serves the route for requests
 * this handler leaves to express.
 */
export function cartSummaryFront(orders: OrdersService, logger: LoggerService): FrontHandler {
  const route = orderRoutes.cartSummary;
  const answer = (req: IncomingMessage, res: ServerResponse, raw: Buffer): void => {
    let body: unknown;
    try {
      body = parseJson(raw);
    } catch (error) {
      sendFrontFailure(req, res, error, logger);
      return;
    }
    const checked = checkRouteInput(route.body, body, { part: 'body', invalidMessage: route.invalidMessage });
    if (!checked.ok) {
      sendFrontFailure(req, res, new BadRequestException(checked.problem), logger);
      return;
    }
    orders.cartSummary(checked.value).then(
      (summary) => sendFrontJson(req, res, 200, summary),
      (error: unknown) => sendFrontFailure(req, res, error, logger),
    );
  };
  return (req: IncomingMessage) => {
    if (!claims(req)) return undefined;
    return (res: ServerResponse) => {
      // counted under the route's template in /metrics, as the controller's route would be
      setRouteLabel(req, CART_SUMMARY_PATH);
      const chunks: Buffer[] = [];
      let settled = false;
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.once('end', () => {
        if (settled) return;
        settled = true;
        // this runs outside Nest and express: a throw here would be uncaught and end the process
        try {
          answer(req, res, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
        } catch (error) {
          sendFrontFailure(req, res, error, logger);
        }
      });
      // the client went away mid-body: what the JSON parser answers then (nobody is left to read it)
      const aborted = (): void => {
        if (settled) return;
        settled = true;
        sendFrontFailure(req, res, Object.assign(new Error('request aborted'), { status: 400, type: 'request.aborted' }), logger);
      };
      req.once('aborted', aborted);
      req.on('error', aborted);
    };
  };
}

/** The front handler from a created orders app's own providers (bootstrapService's frontFromApp). */
export function cartSummaryFrontOf(app: INestApplication): FrontHandler {
  return cartSummaryFront(app.get(OrdersService), new Logger('orders'));
}
