import { CONTENT_TYPES } from '@/lib/uploads/image';
import { uploads } from '@/lib/uploads/store';
import { LEGACY_IMAGE_FOLDERS } from '@/lib/legacy/image-folders';

// Serves /sliderimges/x.jpg and the other legacy folders (rewritten here in next.config.ts).
// Names are server-made and never reused, so the files can be cached forever.
type Context = { params: Promise<{ folder: string; name: string }> };

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });

export async function GET(_request: Request, { params }: Context) {
  const { folder, name } = await params;
  const folders = LEGACY_IMAGE_FOLDERS[folder];
  const type = CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''];
  if (!folders || !type) return notFound();
  for (const store of folders) {
    const file = await uploads.get(store, name);
    if (file) {
      return new Response(new Uint8Array(file.data), {
        headers: {
          'Content-Type': type,
          'Content-Length': String(file.data.length),
          'Cache-Control': 'public, max-age=31536000, immutable',
          'Last-Modified': file.modified.toUTCString(),
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        },
      });
    }
  }
  return notFound();
}

export const HEAD = GET;
