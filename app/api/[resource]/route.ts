import { whoOfRequest } from '@/lib/activity/who';
import { requireApiUser } from '@/lib/auth/guard';
import { methodNotAllowed, notFound } from '@/lib/errors';
import { listUsers } from '@/lib/entities/user';
import { handle, json, preflight, readBody, refuse } from '@/lib/legacy/http';
import { apiResource, crud } from '@/lib/legacy/resources';
import { fromLegacy, legacyUser, listEnvelope } from '@/lib/legacy/serializer';

type Context = { params: Promise<{ resource: string }> };

export const OPTIONS = (request: Request) => preflight(request);

export async function GET(request: Request, { params }: Context) {
  const { resource } = await params;
  if (resource === 'user') {
    return handle(request, async () => {
      const me = await requireApiUser(request, 'users');
      // The old Users screen lists everyone but the person looking at it.
      const users = await listUsers({ exceptId: me.id });
      return json(request, listEnvelope(users.map(legacyUser.toJson)));
    });
  }
  const api = apiResource(resource);
  return handle(request, async () => {
    if (!api) throw notFound();
    await requireApiUser(request, api.permission);
    const rows = await crud.list(api.entity);
    return json(request, listEnvelope(rows.map(api.legacy.toJson)));
  });
}

export async function POST(request: Request, { params }: Context) {
  const { resource } = await params;
  const api = apiResource(resource);
  return handle(
    request,
    async () => {
      if (resource === 'user') {
        await requireApiUser(request, 'users');
        throw methodNotAllowed();
      }
      if (!api) throw notFound();
      const user = await requireApiUser(request, api.permission);
      const body = await readBody(request);
      const file = api.legacy.filePart ? body.files[api.legacy.filePart] : undefined;
      const row = await crud.create(api.entity, fromLegacy(api.legacy, body.fields), file, whoOfRequest(request, user));
      return json(request, api.legacy.toJson(row), 201);
    },
    api,
  );
}

// Methods this path does not answer get a JSON 405 with CORS (lib/legacy/http.ts).
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;
