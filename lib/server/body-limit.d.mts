// Types for body-limit.mjs (plain JavaScript, used by the HTTP server outside Next's compiler).
import type { IncomingMessage, ServerResponse } from 'node:http';
export const ACTION_BODY_LIMIT: number;
export class LimitedIncomingMessage extends IncomingMessage {}
export function limitBody(req: IncomingMessage, res: ServerResponse, limit?: number): boolean;
