// Types for http-cache.mjs (plain JavaScript, used by the HTTP server).
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Stored {
  status: number;
  headers: (string | string[])[];
  body: Buffer;
}
export interface Variant {
  vary: string[];
  values: string[];
  stored: Stored;
  etag: string | undefined;
  storedAt: number;
  ttlMs: number;
  size: number;
}
export function sharedTtl(cacheControl: string | undefined): number;
export function accepts(header: string | undefined, coding: string): boolean;
export function sentHeaders(res: ServerResponse, also?: string[]): (string | string[])[];
export function httpCache(options?: { maxBytes?: number; staleMaxBytes?: number; keyCookies?: string[]; now?: () => number }): {
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  capture(req: IncomingMessage, res: ServerResponse): void;
  purge(): void;
  findStale(req: IncomingMessage): Variant | undefined;
  send(req: IncomingMessage, res: ServerResponse, variant: Variant, mark?: string): void;
  stats(): { entries: number; bytes: number; retired: number; generation: number };
};
