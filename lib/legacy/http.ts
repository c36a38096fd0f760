import 'server-only';
import { NextResponse } from 'next/server';
import { AppError, methodNotAllowed } from '@/lib/errors';
import { SHARED_CACHE_CONTROL } from '@/lib/cache';
import { config } from '@/lib/config';
import { corsHeaders, preflightHeaders } from '@/lib/http/cors';
import { apiBodyLimit } from '@/lib/http/upload-limits';
import { errorMessage, fieldMessage, type Locale } from '@/lib/i18n/messages';
import { preferredLocale } from '@/lib/http/accept-language';
import { isUnavailable, RETRY_AFTER_SECONDS } from '@/lib/db/faults';
import type { LegacyNames } from '@/lib/legacy/resources';
import { toLegacyErrors } from '@/lib/legacy/serializer';

// The thin shell around every /api route: CORS on every answer (errors included), the JSON body
// the old client expects, multipart/JSON parsing, `_method` override, and one error mapper.

export function preflight(request: Request): Response {
  return new Response(null, { status: 204, headers: preflightHeaders(request.headers.get('origin')) });
}

export function json(request: Request, body: unknown, status = 200): Response {
  const response = NextResponse.json(body, { status });
  for (const [k, v] of Object.entries(corsHeaders(request.headers.get('origin')))) response.headers.set(k, v);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * Public content every visitor gets the same (GET /api/home), kept like a page (SHARED_CACHE_CONTROL).
 * The CORS headers say `Vary: Origin` when they depend on the caller (a CORS_ORIGINS list); with
 * `*` one copy serves every Origin.
 */
export function sharedJson(request: Request, body: unknown): Response {
  const response = json(request, body);
  response.headers.set('Cache-Control', SHARED_CACHE_CONTROL);
  return response;
}

/**
 * The language of an error body: English (what the old client shows) unless the caller prefers
 * Arabic in Accept-Language. The body keeps the old `{message, errors}` shape either way.
 */
const apiLocale = (request: Request): Locale => preferredLocale(request.headers.get('accept-language'));

export function errorResponse(request: Request, error: unknown, resource?: LegacyNames): Response {
  const locale = apiLocale(request);
  // Database unreachable: the client may retry as it is, so a 503 that says when (lib/db/faults.ts).
  if (isUnavailable(error))
    return withHeader(json(request, { message: errorMessage('unavailable', locale) }, 503), 'Retry-After', String(RETRY_AFTER_SECONDS));
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { message: errorMessage(error.code, locale) };
    if (error.fieldErrors) {
      const errors: Record<string, string[]> = {};
      for (const [field, codes] of Object.entries(error.fieldErrors)) {
        errors[field] = codes.map((code) => fieldMessage(resource?.key, field, code, locale));
      }
      body.errors = toLegacyErrors(resource?.legacy, errors);
    }
    const response = json(request, body, error.status);
    return error.retryAfterSeconds ? withHeader(response, 'Retry-After', String(error.retryAfterSeconds)) : response;
  }
  console.error('[api] unexpected error', error);
  return json(request, { message: errorMessage('server', locale) }, 500);
}

function withHeader(response: Response, name: string, value: string): Response {
  response.headers.set(name, value);
  return response;
}

/** Runs a handler and turns whatever it throws into the right status, always with CORS. */
export async function handle(request: Request, run: () => Promise<Response>, resource?: LegacyNames): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return errorResponse(request, error, resource);
  }
}

/**
 * For the methods a path does not answer: Next's own 405 is an empty body without CORS, which a
 * browser client cannot even read. Exported per method by each route (`export const PUT = refuse`).
 */
export const refuse = (request: Request): Promise<Response> =>
  handle(request, async () => {
    throw methodNotAllowed();
  });

export interface ParsedBody {
  fields: Record<string, unknown>;
  files: Record<string, File>;
}

// Room for two files (the old slider edit sends its one image twice) and the fields, from
// MAX_UPLOAD_BYTES (lib/http/upload-limits). Each file is held to it on its own when processed.
const bodyLimit = () => apiBodyLimit(config.maxUploadBytes);

/** Sign-in and sign-up carry a few short fields; nobody needs to send them megabytes. */
export const SMALL_BODY_LIMIT = 64 * 1024;

const tooLarge = () => new AppError(413, 'payloadTooLarge');

/**
 * The body's bytes, counted as they arrive, whatever the framing (a chunked body has no
 * Content-Length to check up front): past the limit it stops reading and answers 413, so at most
 * the limit is ever held. (request.formData()/text() buffered everything: 100 MB chunked to
 * /api/login took the server from 307 to 691 MB.)
 */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw new AppError(400, 'badBody');
    }
    if (step.done) break;
    size += step.value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(step.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads multipart, urlencoded or JSON bodies. A part repeated (the old slider edit sends `img`
 * twice) keeps the first file. The text "null" or "" where a file is expected means "no file".
 */
export async function readBody(request: Request, limit = bodyLimit()): Promise<ParsedBody> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, File> = {};
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge();
  const type = request.headers.get('content-type') ?? '';
  const isJson = type.includes('application/json');
  const isForm = type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded');
  if (!isJson && !isForm) return { fields, files };
  const bytes = await readLimited(request, limit);
  if (isJson) {
    const text = new TextDecoder().decode(bytes);
    if (!text.trim()) return { fields, files };
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new AppError(400, 'badJson');
    }
    if (data && typeof data === 'object' && !Array.isArray(data)) Object.assign(fields, data);
    return { fields, files };
  }
  let form: FormData;
  try {
    // The counted bytes, parsed by the platform's own multipart/urlencoded parser.
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new AppError(400, 'badBody');
  }
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') {
      if (!(key in fields)) fields[key] = value;
    } else if (!(key in files) && (value.size > 0 || value.name)) {
      files[key] = value;
    }
  }
  return { fields, files };
}

/** Laravel's method spoofing: POST with `_method=PUT` is an update. */
export function effectiveMethod(request: Request, body: ParsedBody): string {
  const override = typeof body.fields._method === 'string' ? body.fields._method.toUpperCase() : '';
  return request.method === 'POST' && override ? override : request.method;
}
