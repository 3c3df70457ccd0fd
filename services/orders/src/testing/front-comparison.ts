import { RouteValidationPipe } from '@storefront/service-kit';
import type request from 'supertest';
import { startOrdersTestApp, type OrdersTestApp } from './orders-test-app.js';

/** What a front handler's answer is compared on: status, headers (but the connection's and the date) and the exact bytes. */
export interface ComparedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type ComparedAnswers = Record<string, ComparedAnswer>;

export function comparedAnswer(res: request.Response): ComparedAnswer {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = res.headers as Record<string, string>;
  return { status: res.status, headers, body: res.text };
}

export interface FrontComparison {
  throughNest: ComparedAnswers;
  inFront: ComparedAnswers;
  /** how many times Nest's validation pipe ran for the calls, without and with the front handlers */
  pipeCallsThroughNest: number;
  pipeCallsInFront: number;
}

/**
 * The same calls answered by the orders app twice: first without its front handlers (every request
 * through Nest's guards, pipe and controller), then as main.ts runs it. `prepare` runs on the first
 * app before its calls (the rows both read). Nest's validation pipe is watched to tell who answered.
 */
export async function compareWithFront(
  answers: (server: OrdersTestApp['server']) => Promise<ComparedAnswers>,
  prepare: (app: OrdersTestApp) => Promise<void> = async () => undefined,
): Promise<FrontComparison> {
  // looked up per call, so it can be watched
  const pipeCalls = jest.spyOn(RouteValidationPipe.prototype, 'transform');
  try {
    const nestOnly = await startOrdersTestApp({ front: false });
    let throughNest: ComparedAnswers;
    let pipeCallsThroughNest: number;
    try {
      await prepare(nestOnly);
      pipeCalls.mockClear();
      throughNest = await answers(nestOnly.server);
      pipeCallsThroughNest = pipeCalls.mock.calls.length;
    } finally {
      await nestOnly.close();
    }
    const withFront = await startOrdersTestApp();
    try {
      pipeCalls.mockClear();
      const inFront = await answers(withFront.server);
      return { throughNest, inFront, pipeCallsThroughNest, pipeCallsInFront: pipeCalls.mock.calls.length };
    } finally {
      await withFront.close();
    }
  } finally {
    pipeCalls.mockRestore();
  }
}
