import { getLegacyHome } from '@/lib/content/legacy-home';
import { handle, json, preflight } from '@/lib/legacy/http';

// Public. Authorization is ignored on purpose: the old Contact page sends "Bearer null".
export const OPTIONS = (request: Request) => preflight(request);
export const GET = (request: Request) => handle(request, async () => json(request, await getLegacyHome()));
