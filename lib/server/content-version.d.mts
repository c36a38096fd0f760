// Types for content-version.mjs (plain JavaScript, used by the HTTP server).
export interface ContentVersion {
  configured: boolean;
  sync(): Promise<boolean>;
  bump(): Promise<void>;
  ready(): Promise<void>;
  status(): 'off' | 'ok' | 'down';
  close(): Promise<void>;
}
export function contentVersionOf(): ContentVersion | undefined;
export function contentVersion(options: {
  url?: string;
  onStale: () => void;
  log?: Pick<Console, 'warn' | 'error' | 'info'>;
}): ContentVersion;
