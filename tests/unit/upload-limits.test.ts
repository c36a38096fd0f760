import { describe, expect, it } from 'vitest';
import { ACTION_BODY_LIMIT } from '@/lib/http/upload-limits';
import { actionBodyLimit, apiBodyLimit, DEFAULT_MAX_UPLOAD_BYTES, FORM_FIELDS_ALLOWANCE, maxUploadBytes } from '@/lib/http/upload-limits';

// Every body limit from MAX_UPLOAD_BYTES (lib/http/upload-limits).

const MiB = 1024 * 1024;

describe('body limits', () => {
  it('with the default: a file 25 MiB, a form 27 MiB, an /api request 52 MiB', () => {
    expect([DEFAULT_MAX_UPLOAD_BYTES, FORM_FIELDS_ALLOWANCE]).toEqual([25 * MiB, 2 * MiB]);
    expect(maxUploadBytes({})).toBe(25 * MiB);
    expect([actionBodyLimit(25 * MiB), apiBodyLimit(25 * MiB)]).toEqual([27 * MiB, 52 * MiB]);
  });

  it('follow MAX_UPLOAD_BYTES; an empty or unreadable value is the default', () => {
    expect(maxUploadBytes({ MAX_UPLOAD_BYTES: String(5 * MiB) })).toBe(5 * MiB);
    expect([actionBodyLimit(5 * MiB), apiBodyLimit(5 * MiB)]).toEqual([7 * MiB, 12 * MiB]);
    expect(maxUploadBytes({ MAX_UPLOAD_BYTES: '' })).toBe(25 * MiB);
    expect(maxUploadBytes({ MAX_UPLOAD_BYTES: 'ten megabytes' })).toBe(25 * MiB);
  });

  it("the HTTP server's action limit is the derived one (as next.config.ts gives Next)", () => {
    expect(ACTION_BODY_LIMIT).toBe(actionBodyLimit(maxUploadBytes()));
  });
});
