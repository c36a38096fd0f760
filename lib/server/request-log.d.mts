// Types for request-log.mjs (plain JavaScript, loaded by scripts/serve.mjs outside Next's compiler).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DestinationStream, Logger } from 'pino';
export function requestIdOf(header: string | string[] | undefined): string;
export function createLogger(destination?: DestinationStream): Logger;
export function requestLogger(logger: Logger): (req: IncomingMessage, res: ServerResponse) => string;
