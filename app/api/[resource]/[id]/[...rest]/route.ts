import { notFound } from '@/lib/errors';
import { handle, preflight } from '@/lib/legacy/http';

// Deeper than any endpoint: still an /api answer (JSON, CORS), not Next's HTML 404, so a browser
// client can read why its request failed.
export const OPTIONS = (request: Request) => preflight(request);
const none = (request: Request) =>
  handle(request, async () => {
    throw notFound();
  });
export { none as GET, none as POST, none as PUT, none as PATCH, none as DELETE };
