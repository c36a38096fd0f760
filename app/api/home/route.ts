import { getLegacyHome } from '@/lib/content/legacy-home';
import { handle, preflight, refuse, sharedJson } from '@/lib/legacy/http';

// Public. Authorization is ignored on purpose: the old Contact page sends "Bearer null".
export const OPTIONS = (request: Request) => preflight(request);
export const GET = (request: Request) => handle(request, async () => sharedJson(request, await getLegacyHome()));

// Methods this path does not answer get a JSON 405 with CORS (lib/legacy/http.ts).
export const POST = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;
