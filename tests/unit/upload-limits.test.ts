import { describe, expect, it } from 'vitest';
import { ACTION_BODY_LIMIT } from '@/lib/http/upload-limits';
import { actionBodyLimit, apiBodyLimit, DEFAULT_MAX_UPLOAD_BYTES, FORM_FIELDS_ALLOWANCE, maxUploadBytes } from '@/lib/http/upload-limits';

// Every body limit from MAX_UPLOAD_BYTES (lib/http/upload-limits).

const MiB = 1024 * 1024;

describe('body limits', () => {
  it('with the default: a file 10 MiB, a form 12 MiB, an /api request 22 MiB', () => {
    expect([DEFAULT_MAX_UPLOAD_BYTES, FORM_FIELDS_ALLOWANCE]).toEqual([10 * MiB, 2 * MiB]);
    expect(maxUploadBytes({})).toBe(10 * MiB);
    expect([actionBodyLimit(10 * MiB), apiBodyLimit(10 * MiB)]).toEqual([12 * MiB, 22 * MiB]);
  });

  it('follow MAX_UPLOAD_BYTES; an empty or unreadable value is the default', () => {
    expect(maxUploadBytes({ MAX_UPLOAD_BYTES: String(5 * MiB) })).toBe(5 * MiB);
    expect([actionBodyLimit(5 * MiB), apiBodyLimit(5 * MiB)]).toEqual([7 * MiB, 12 * MiB]);
    expect(maxUploadBytes({ MAX_UPLOAD_BYTES: '' })).toBe(10 * MiB);
    expect(maxUploadBytes({ MAX_UPLOAD_BYTES: 'ten megabytes' })).toBe(10 * MiB);
  });

  it("the HTTP server's action limit is the derived one (as next.config.ts gives Next)", () => {
    expect(ACTION_BODY_LIMIT).toBe(actionBodyLimit(maxUploadBytes()));
  });
});
