import { notFound } from '@/lib/errors';
import { handle, preflight } from '@/lib/legacy/http';

// Deeper than any endpoint: still an /api answer (JSON, CORS), not Next's HTML 404, so a browser
// client can read why its request failed. No one is asked to sign in for a path that is not there.
const none = (request: Request) =>
  handle(request, async () => {
    throw notFound();
  });

export const OPTIONS = (request: Request) => preflight(request);
export const GET = none;
export const POST = none;
export const PUT = none;
export const PATCH = none;
export const DELETE = none;
