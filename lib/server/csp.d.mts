// Types for csp.mjs (plain JavaScript, used by the HTTP server outside Next's compiler).
import type { ServerResponse } from 'node:http';

export interface PagePolicyOptions {
  frameOrigin: string | null;
}
export function frameOrigin(url: string): string | null;
export function inlineScriptHashes(html: string): string[];
export function pagePolicy(html: string, options: PagePolicyOptions): string;
export function withPagePolicy(res: ServerResponse, options: PagePolicyOptions): void;
