import { whoOfRequest } from '@/lib/activity/who';
import { requireApiUser } from '@/lib/auth/guard';
import { AppError, notFound } from '@/lib/errors';
import { parseId } from '@/lib/entities/ids';
import { sentVersion, VERSION_FIELD } from '@/lib/entities/version';
import { getUser, removeUser, setFlags } from '@/lib/entities/user';
import { effectiveMethod, handle, json, preflight, readBody, type ParsedBody } from '@/lib/legacy/http';
import { apiResource, crud, usersApi } from '@/lib/legacy/resources';
import { fromLegacy, itemEnvelope, legacyUser } from '@/lib/legacy/serializer';

type Context = { params: Promise<{ resource: string; id: string }> };

// A segment the one id parser refuses names no row: 404, as for an id that is not there (after
// the guard, so an anonymous caller learns nothing either way).
function toId(raw: string): number {
  const id = parseId(raw);
  if (!id) throw notFound();
  return id;
}
const methodNotAllowed = () => new AppError(405, 'methodNotAllowed');

export const OPTIONS = (request: Request) => preflight(request);

export async function GET(request: Request, { params }: Context) {
  const { resource, id } = await params;
  return handle(request, async () => {
    if (resource === 'user') {
      await requireApiUser(request, 'users');
      return json(request, itemEnvelope(legacyUser.toJson(await getUser(toId(id)))));
    }
    const api = apiResource(resource);
    if (!api) throw notFound();
    await requireApiUser(request, api.permission);
    return json(request, itemEnvelope(api.legacy.toJson(await crud.get(api.entity, toId(id)))));
  });
}

async function write(request: Request, context: Context, method: string, parsed?: ParsedBody) {
  const { resource, id } = await context.params;
  const api = apiResource(resource);
  return handle(
    request,
    async () => {
      if (resource === 'user') {
        const who = whoOfRequest(request, await requireApiUser(request, 'users'));
        if (method === 'DELETE') {
          await removeUser(toId(id), who);
          return json(request, { message: 'deleted' });
        }
        const body = parsed ?? (await readBody(request));
        const effective = effectiveMethod(request, body);
        // Method spoofing (`_method=DELETE`) works here as on every other resource.
        if (effective === 'DELETE') {
          await removeUser(toId(id), who);
          return json(request, { message: 'deleted' });
        }
        if (effective !== 'PUT' && effective !== 'PATCH') throw methodNotAllowed();
        const user = await setFlags(toId(id), fromLegacy(legacyUser, body.fields), who);
        return json(request, itemEnvelope(legacyUser.toJson(user)));
      }
      if (!api) throw notFound();
      const who = whoOfRequest(request, await requireApiUser(request, api.permission));
      if (method === 'DELETE') {
        await crud.remove(api.entity, toId(id), who);
        return json(request, { message: 'deleted' });
      }
      const body = parsed ?? (await readBody(request));
      const effective = effectiveMethod(request, body);
      if (effective === 'DELETE') {
        await crud.remove(api.entity, toId(id), who);
        return json(request, { message: 'deleted' });
      }
      if (effective !== 'PUT' && effective !== 'PATCH') throw methodNotAllowed();
      const file = api.legacy.filePart ? body.files[api.legacy.filePart] : undefined;
      // `version`: the `updated_at` the caller read; a newer one refuses the update (409). The old
      // client sends none and is not compared (lib/entities/version.ts).
      const version = sentVersion(body.fields[VERSION_FIELD]);
      const row = await crud.update(api.entity, toId(id), fromLegacy(api.legacy, body.fields), file, who, version);
      return json(request, itemEnvelope(api.legacy.toJson(row)));
    },
    resource === 'user' ? usersApi : api,
  );
}

export const POST = (request: Request, context: Context) => write(request, context, 'POST');
export const PUT = (request: Request, context: Context) => write(request, context, 'PUT');
export const PATCH = (request: Request, context: Context) => write(request, context, 'PATCH');
export const DELETE = (request: Request, context: Context) => write(request, context, 'DELETE');
