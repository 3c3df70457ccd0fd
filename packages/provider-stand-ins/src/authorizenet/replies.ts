import type { ServerResponse } from 'node:http';
import { sendText } from '../http.js';

// How the Authorize.Net stand-in answers: Authorize.Net's JSON (with its byte order mark) and result messages.

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const ok = (text = 'Successful.', code = 'I00001') => ({ resultCode: 'Ok', message: [{ code, text }] });
export const failure = (code: string, text: string) => ({ resultCode: 'Error', message: [{ code, text }] });

export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'content-type',
};

/** Authorize.Net answers JSON with a byte order mark in front. */
export function answer(response: ServerResponse, body: unknown, status = 200): void {
  sendText(response, status, `\uFEFF${JSON.stringify(body)}`, 'application/json; charset=utf-8', CORS);
}

export const dollars = (cents: number) => Number((cents / 100).toFixed(2));
