// Types for upload-limits.mjs (plain JavaScript, shared with the HTTP server and next.config.ts).
export const DEFAULT_MAX_UPLOAD_BYTES: number;
export const FORM_FIELDS_ALLOWANCE: number;
export function maxUploadBytes(env?: Record<string, string | undefined>): number;
export function actionBodyLimit(max?: number): number;
export function apiBodyLimit(max?: number): number;
