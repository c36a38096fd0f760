import { requireSessionUser } from '@/lib/auth/guard';
import { storeGalleryImage } from '@/lib/entities/crud';
import { events } from '@/lib/entities/events';
import { isDbFault, RETRY_AFTER_SECONDS } from '@/lib/db/faults';
import { AppError } from '@/lib/errors';

// One gallery photo of a project, uploaded on its own so the gallery manager can show each file's
// progress (components/admin/gallery-manager.tsx). Behind the one guard, like the form's action;
// the answer is the stored file and its size, which the form saves with the project.
export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  try {
    await requireSessionUser('content');
    const form = await request.formData().catch(() => {
      throw new AppError(400, 'badBody');
    });
    const image = await storeGalleryImage(events, form.get('image') as File | null);
    return Response.json(image, { status: 201 });
  } catch (error) {
    if (error instanceof AppError)
      return Response.json(
        { error: error.code, fieldErrors: error.fieldErrors },
        { status: error.status, headers: error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined },
      );
    if (isDbFault(error))
      return Response.json({ error: 'unavailable' }, { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
    console.error('[gallery upload] unexpected error', error);
    return Response.json({ error: 'server' }, { status: 500 });
  }
}
