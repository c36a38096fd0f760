import { afterAll } from 'vitest';
import { testDb } from '../helpers/db';
import { listDir, uploadScenarios } from './uploads-scenarios';

// Uploads on the local folder, in-process: the one list of upload scenarios
// (tests/inproc/uploads-scenarios.ts) with this file's own UPLOADS_DIR (the seeded images copied
// in) as the store: refusals that leave no file and no row (not an image, an SVG with a script, a
// truncated JPEG, one byte over MAX_UPLOAD_BYTES, a ../ name, too many pixels) in the caller's
// language; a phone's full-size photo, animated images and a GIF bomb stored as one bounded frame;
// metadata stripped, a safe name, the media route's headers, ETag and 304; a replace and a delete
// (the trash, the cuts with it) through /api and the back office's actions; the folders shared by
// events and contacts; a slide's portrait cut. The same list on a bucket is
// tests/inproc/uploads-bucket.test.ts. The image optimiser, the public /sliderimges/... addresses
// (their traversal refusals), the back office's rendered bound hints and the bucket server's own
// start-up sweep and outage are tests/integration/uploads.test.ts. The database is this file's own:
// nothing is put back.

const dir = process.env.UPLOADS_DIR!;

afterAll(() => testDb.$disconnect());

uploadScenarios({ label: 'local folder', stored: async (folder) => listDir(dir, folder) });
