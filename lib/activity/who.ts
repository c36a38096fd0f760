import 'server-only';
import { headers } from 'next/headers';
import type { CurrentUser } from '@/lib/auth/guard';
import { clientAddress } from '@/lib/auth/client-address';
import { config } from '@/lib/config';
import type { Who } from './index';

// Who a logged write is by, read where the request is known: the /api route's Request, or the
// server action's headers. The address is the one the rate limits count by (client-address.ts).

const person = (user: CurrentUser | null): Who['actor'] => (user ? { id: user.id, name: user.name, email: user.email } : null);

/** In a route handler. */
export const whoOfRequest = (request: Pick<Request, 'headers'>, user: CurrentUser | null): Who => ({
  actor: person(user),
  address: clientAddress(request.headers, config.trustProxyHops),
});

/** In a server action. */
export async function whoOfAction(user: CurrentUser | null): Promise<Who> {
  return { actor: person(user), address: clientAddress(await headers(), config.trustProxyHops) };
}
