import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';

// JSON request logs (pino): one line per answer, with the request id, never a query string (it
// may carry a token).

/** An incoming X-Request-Id is kept only if it is this plain (it is echoed and logged). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Bytes of log lines gathered before one write (measured: a write per line doubled a cached page's CPU). */
const LOG_BUFFER_BYTES = 4096;
/** The most a line waits in that buffer when traffic is light. */
const LOG_FLUSH_MS = 1000;

/** The request's id: a valid incoming X-Request-Id (a proxy in front made one), otherwise a new one. */
export const requestIdOf = (header: string | string[] | undefined): string =>
  typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();

export const pathOf = (url = ''): string => (url.includes('?') ? url.slice(0, url.indexOf('?')) : url);

/** Lines go to stdout in batches, asynchronously: a request never waits for the log. */
export function createLogger(destination?: DestinationStream): Logger {
  if (!destination) {
    const stdout = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
    setInterval(() => stdout.flush(), LOG_FLUSH_MS).unref();
    destination = stdout;
  }
  return pino({ level: process.env.LOG_LEVEL || 'info' }, destination);
}

/** Gives the request its id (passed on to Next, echoed in X-Request-Id) and logs its answer once done. */
export function trackRequest(logger: Logger, req: IncomingMessage, res: ServerResponse): string {
  const started = performance.now();
  const id = requestIdOf(req.headers['x-request-id']);
  req.headers['x-request-id'] = id;
  res.setHeader('X-Request-Id', id);
  if (logger.isLevelEnabled('info')) {
    res.once('close', () =>
      logger.info({
        reqId: id,
        method: req.method,
        path: pathOf(req.url),
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      }),
    );
  }
  return id;
}
