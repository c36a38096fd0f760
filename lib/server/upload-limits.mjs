// Every request body limit, derived from MAX_UPLOAD_BYTES in this one place: lib/config.ts (the
// routes), lib/server/body-limit.mjs (the HTTP server's own check before Next), next.config.ts
// (Next's `serverActions.bodySizeLimit`) and lib/legacy/http.ts (the old client's /api) all read
// it from here. Plain JavaScript because the HTTP server loads it without a TypeScript loader.
// deploy/nginx.conf cannot read the environment: its client_max_body_size says how it relates.

/** One uploaded file at most (an image, the portfolio's share of a form), unless MAX_UPLOAD_BYTES says otherwise. */
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Room in a body for a form's other fields and the multipart framing, beside its file(s). */
export const FORM_FIELDS_ALLOWANCE = 2 * 1024 * 1024;

/**
 * MAX_UPLOAD_BYTES, or the default when it is unset, empty or not a number.
 * @param {Record<string, string | undefined>} [env]
 */
export function maxUploadBytes(env = process.env) {
  const raw = env.MAX_UPLOAD_BYTES;
  if (raw === undefined || raw === '') return DEFAULT_MAX_UPLOAD_BYTES;
  const value = Number(raw);
  return Number.isFinite(value) ? value : DEFAULT_MAX_UPLOAD_BYTES;
}

/**
 * A server action's body (every sign-in, sign-up and back-office form): one upload's worth of
 * files plus the fields. 12 MiB with the default.
 */
export const actionBodyLimit = (max = maxUploadBytes()) => max + FORM_FIELDS_ALLOWANCE;

/**
 * An /api body: room for two files, because the old slider edit sends its one image twice (each
 * file is still held to MAX_UPLOAD_BYTES on its own), plus the fields. 22 MiB with the default.
 */
export const apiBodyLimit = (max = maxUploadBytes()) => 2 * max + FORM_FIELDS_ALLOWANCE;
