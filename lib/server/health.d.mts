// Types for health.mjs (plain JavaScript, loaded by scripts/serve.mjs outside Next's compiler).
export function healthPath(url: string): '/healthz' | '/readyz' | null;
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
export interface FailedCheck {
  name: string;
  reason: string;
}
export interface ServerHooks {
  readiness(): Promise<FailedCheck[]>;
  closeConnections(): Promise<void>;
}
export function serverHooks(): ServerHooks | undefined;
export function healthEndpoints(options: { stopping(): boolean; logger: Logger }): (req: IncomingMessage, res: ServerResponse) => boolean;
