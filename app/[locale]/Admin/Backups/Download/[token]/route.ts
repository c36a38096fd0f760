import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { recordActivityAlone } from '@/lib/activity';
import { whoOfRequest } from '@/lib/activity/who';
import { requireSessionUser } from '@/lib/auth/guard';
import { bucketConfigured, readFromBucket } from '@/lib/backups/bucket';
// Not a React hook, whatever its name says: it spends a link.
import { useDownloadLink as spendDownloadLink } from '@/lib/backups/status';
import { config } from '@/lib/config';
import { isDbFault, RETRY_AFTER_SECONDS } from '@/lib/db/faults';
import { AppError } from '@/lib/errors';
import { DECLARED_LENGTH_HEADER } from '@/lib/http/declared-length';
import { plainText } from '@/lib/http/file-answers';
import { errorMessage } from '@/lib/i18n/messages';
import { routing } from '@/lib/i18n/routing';

// One backup archive, through the single-use link an Admin's Download made (lib/backups/actions.ts
// downloadBackup): behind the one guard with the session cookie, as the screen is; the link opens
// its archive once, for the Admin who made it, for a few minutes. No archive has a public URL.
// Only a browser's own GET opens it (the no-script form's 303, the scripted form's location.assign):
// no page links it, so Next's router never fetches it and nothing here reads the router's headers.
export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export async function GET(request: Request, { params }: { params: Promise<{ locale: string; token: string }> }) {
  const { locale: raw, token } = await params;
  const locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'admin.backups.downloadLink' });
  const gone = (text: string) => plainText(410, `${text}\n`, NO_STORE);
  try {
    const user = await requireSessionUser('users');
    const run = await spendDownloadLink(token, user.id);
    if (!run?.file) return gone(t('expired'));
    const name = path.basename(run.file);
    const local = path.resolve(config.backup.dir, name);
    const size = await stat(local).then(
      (info) => (info.isFile() ? info.size : null),
      () => null,
    );
    const archive = size !== null ? { body: createReadStream(local), size } : bucketConfigured() ? await readFromBucket(name) : null;
    if (!archive) return gone(t('missing'));
    await recordActivityAlone({
      ...whoOfRequest(request, user),
      kind: 'backupDownloaded',
      entity: 'backups',
      entityId: run.id,
      detail: name,
    });
    return new Response(Readable.toWeb(archive.body) as ReadableStream, {
      headers: {
        ...NO_STORE,
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`,
        // Next drops a route's own Content-Length; the server in front sends this as one, so a cut-off
        // download is seen as one. (A bucket that did not say its length: none, rather than a wrong one.)
        ...(archive.size > 0 || size !== null ? { [DECLARED_LENGTH_HEADER]: String(archive.size) } : {}),
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    const status = error instanceof AppError ? error.status : isDbFault(error) ? 503 : 500;
    if (status === 500) console.error('[backup download] unexpected error', error);
    const code = error instanceof AppError ? error.code : status === 503 ? 'unavailable' : 'server';
    const headers: Record<string, string> = { ...NO_STORE };
    if (status === 503) headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
    return Response.json({ message: errorMessage(code, locale) }, { status, headers });
  }
}
