// Every request body limit, derived from MAX_UPLOAD_BYTES in this one place: lib/config.ts (the
// routes), server/main.ts (the HTTP server's own check before Next), next.config.ts
// (Next's `serverActions.bodySizeLimit` and `proxyClientMaxBodySize`) and lib/legacy/http.ts (the
// old client's /api) all read it from here.
// deploy/nginx.conf cannot read the environment: its client_max_body_size says how it relates.

/**
 * One uploaded file at most (an image, the portfolio's share of a form), unless MAX_UPLOAD_BYTES
 * says otherwise: a phone's full-size photo (48 MP, ~20 MB as a high-quality JPEG) fits, and is
 * resized when it is stored (lib/uploads/image.ts).
 */
export const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Room in a body for a form's other fields and the multipart framing, beside its file(s). */
export const FORM_FIELDS_ALLOWANCE = 2 * 1024 * 1024;

/**
 * MAX_UPLOAD_BYTES, or the default when it is unset, empty or not a number.
 */
export function maxUploadBytes(env: Record<string, string | undefined> = process.env): number {
  const raw = env.MAX_UPLOAD_BYTES;
  if (raw === undefined || raw === '') return DEFAULT_MAX_UPLOAD_BYTES;
  const value = Number(raw);
  return Number.isFinite(value) ? value : DEFAULT_MAX_UPLOAD_BYTES;
}

/**
 * A server action's body (every sign-in, sign-up and back-office form): one upload's worth of
 * files plus the fields. 27 MiB with the default.
 */
export const actionBodyLimit = (max = maxUploadBytes()) => max + FORM_FIELDS_ALLOWANCE;

/**
 * An /api body: room for two files, because the old slider edit sends its one image twice (each
 * file is still held to MAX_UPLOAD_BYTES on its own), plus the fields. 52 MiB with the default.
 */
export const apiBodyLimit = (max = maxUploadBytes()) => 2 * max + FORM_FIELDS_ALLOWANCE;

// ---- The HTTP server's bounds on bodies and slow clients (server/forward.ts enforces them). ----
// Bounded under abuse (issue 24): Next buffers a whole action body before it runs the action, so
// 100 clients each sending 11 MB to /SignUp held 1 GB. So: only the back office takes files, and
// only from a signed-in person (issue 34: 600 anonymous 1,048,000-byte posts to /Admin held +370 MB;
// a POST to any other page, or to the back office without a valid session, may carry
// SMALL_BODY_LIMIT); at most MAX_LARGE_BODIES bodies over LARGE_BODY_BYTES are received at once,
// /api included, MAX_LARGE_BODIES_PER_ADDRESS of them from one address; a body that stalls for
// BODY_IDLE_MS is dropped (408); the server's own timeouts end the rest.

/** Server actions of the back office: MAX_UPLOAD_BYTES plus the fields (next.config.ts gives Next the same). */
export const ACTION_BODY_LIMIT = actionBodyLimit();
/**
 * What a POST to a page outside the back office may carry: the public forms (sign-in, sign-up,
 * the quote form) hold a few fields, the longest a 5,000-character message (~30 KB as the
 * no-JavaScript multipart post of Arabic text).
 */
export const SMALL_BODY_LIMIT = 64 * 1024;
/**
 * A body over this many bytes (declared, or counted as it arrives) is a large one: every body the
 * small limit would refuse (issue 34: it was 1 MiB, so bodies just under it were never counted).
 */
export const LARGE_BODY_BYTES = SMALL_BODY_LIMIT;
/**
 * Large bodies received at once by one instance, /api included. The back office's few editors
 * upload one image at a time, so four at once is room to spare. Memory: with the 25 MiB default,
 * at most 4 × 27 MiB of action bodies or 4 × 52 MiB of /api ones held (~0.1 GB and ~0.2 GB; was
 * 4 × 12 and 4 × 22 MiB): abuse-bounds' 100 slow senders, with 26 MB action bodies instead of
 * 10 MB, grew the server by 110 MB. Images are decoded one at a time besides (lib/uploads/image.ts).
 * Still four: bounded, and fewer would turn away an editor's upload while a colleague's phone is
 * still sending one.
 */
export const MAX_LARGE_BODIES = 4;
/**
 * Large bodies received at once from one address (the socket's, or the one TRUST_PROXY_HOPS
 * proxies saw): half the places, so a few slow connections from one address cannot take them
 * all and turn away a signed-in editor's upload (issue 34: four slow 12 MB posts did), while an
 * office behind one address can still send two uploads at once.
 */
export const MAX_LARGE_BODIES_PER_ADDRESS = 2;
/** Retry-After (seconds) of the 503 for a large body beyond MAX_LARGE_BODIES. */
export const LARGE_BODY_RETRY_SECONDS = 5;
// Timeouts, for the slowest real upload: a phone on a weak 3G uplink (~0.5-1 Mbit/s) sends a
// 20 MB photo in 160-320 s and the 27 MiB action limit in 360 s at ~0.63 Mbit/s.
/** All of a request's headers must arrive within this (a phone sends them in one packet). */
export const HEADERS_TIMEOUT_MS = 20_000;
/** The whole request, headers and body, must arrive within this (Node's default is 300 s). */
export const REQUEST_TIMEOUT_MS = 360_000;
/** A body that sends nothing for this long is dropped (408): a link stalled this long has failed. */
export const BODY_IDLE_MS = 30_000;
/** How often Node checks the two server timeouts above (its default, 30 s, made them ±30 s). */
export const TIMEOUT_CHECK_MS = 2_000;

/** The back office (either language, any letter case, as next.config.ts rewrites it): the one place files are posted. */
const BACK_OFFICE = /^\/(?:(?:en|ar)\/)?admin(?:[/?]|$)/i;

/** The URL is the back office's: a POST there takes the action limit if it comes with a valid session. */
export const isBackOffice = (url: string): boolean => BACK_OFFICE.test(url);

/** What a POST to this page may carry: the action limit in the back office when signed in, SMALL_BODY_LIMIT otherwise. */
export const pageBodyLimit = (url: string, signedIn: boolean): number =>
  signedIn && isBackOffice(url) ? ACTION_BODY_LIMIT : SMALL_BODY_LIMIT;
