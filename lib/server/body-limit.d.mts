// Types for body-limit.mjs (plain JavaScript, used by the HTTP server outside Next's compiler).
import type { IncomingMessage, ServerResponse } from 'node:http';
export const ACTION_BODY_LIMIT: number;
export const SMALL_BODY_LIMIT: number;
export const LARGE_BODY_BYTES: number;
export const MAX_LARGE_BODIES: number;
export const LARGE_BODY_RETRY_SECONDS: number;
export const HEADERS_TIMEOUT_MS: number;
export const REQUEST_TIMEOUT_MS: number;
export const BODY_IDLE_MS: number;
export const TIMEOUT_CHECK_MS: number;
export class LimitedIncomingMessage extends IncomingMessage {}
export function pageBodyLimit(url: string): number;
export function limitBody(req: IncomingMessage, res: ServerResponse, limit?: number): boolean;
