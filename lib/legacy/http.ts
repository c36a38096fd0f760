import 'server-only';
import { NextResponse } from 'next/server';
import { AppError, methodNotAllowed } from '@/lib/errors';
import { config } from '@/lib/config';
import { corsHeaders, preflightHeaders } from '@/lib/server/cors.mjs';
import { errorMessage, fieldMessage, type Locale } from '@/lib/i18n/messages';
import { preferredLocale } from '@/lib/server/accept-language.mjs';
import { toLegacyErrors, type LegacyResource } from '@/lib/legacy/serializer';

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
 * The language of an error body: English (what the old client shows) unless the caller prefers
 * Arabic in Accept-Language. The body keeps the old `{message, errors}` shape either way.
 */
const apiLocale = (request: Request): Locale => preferredLocale(request.headers.get('accept-language'));

export function errorResponse(request: Request, error: unknown, resource?: LegacyResource<any>): Response {
  const locale = apiLocale(request);
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { message: errorMessage(error.code, locale) };
    if (error.fieldErrors) {
      const errors: Record<string, string[]> = {};
      for (const [field, codes] of Object.entries(error.fieldErrors)) {
        errors[field] = codes.map((code) => fieldMessage(resource?.key, field, code, locale));
      }
      body.errors = toLegacyErrors(resource, errors);
    }
    return json(request, body, error.status);
  }
  console.error('[api] unexpected error', error);
  return json(request, { message: errorMessage('server', locale) }, 500);
}

/** Runs a handler and turns whatever it throws into the right status, always with CORS. */
export async function handle(
  request: Request,
  run: () => Promise<Response>,
  resource?: LegacyResource<any>,
): Promise<Response> {
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

/**
 * Reads multipart, urlencoded or JSON bodies. A part repeated (the old slider edit sends `img`
 * twice) keeps the first file. The text "null" or "" where a file is expected means "no file".
 */
export async function readBody(request: Request): Promise<ParsedBody> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, File> = {};
  const length = Number(request.headers.get('content-length') ?? 0);
  // Room for two files: the old slider edit sends its one image twice. Each file is held to
  // maxUploadBytes on its own when it is processed.
  if (length > 2 * config.maxUploadBytes + 1024 * 1024) throw new AppError(413, 'payloadTooLarge');
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = await request.text();
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
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    let form: FormData;
    try {
      form = await request.formData();
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
  }
  return { fields, files };
}

/** Laravel's method spoofing: POST with `_method=PUT` is an update. */
export function effectiveMethod(request: Request, body: ParsedBody): string {
  const override = typeof body.fields._method === 'string' ? body.fields._method.toUpperCase() : '';
  return request.method === 'POST' && override ? override : request.method;
}

/**
 * The caller's address for rate limits. Next fills X-Forwarded-For from the socket when a request
 * has none, and a proxy in front appends the address it saw, so the last entry is the nearest hop
 * we can trust. (A single fixed key here would let 30 bad logins lock everyone out.)
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').pop()?.trim();
  return forwarded || request.headers.get('x-real-ip') || 'local';
}
