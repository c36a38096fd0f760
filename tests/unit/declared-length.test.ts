import { describe, expect, it } from 'vitest';
import { DECLARED_LENGTH_HEADER, declaredLength } from '@/lib/http/declared-length';

// The length a route states for its body (Next drops a route's own Content-Length), as the
// production server sends it on (server/forward.ts relay).
describe('declaredLength', () => {
  it('makes the declared length the Content-Length and drops the declaring header', () => {
    expect(declaredLength(['Content-Type', 'application/octet-stream', 'X-SevenStars-Content-Length', '5000'])).toEqual([
      'Content-Type',
      'application/octet-stream',
      'Content-Length',
      '5000',
    ]);
  });
  it('leaves every other answer as it is', () => {
    const raw = ['Content-Type', 'text/html', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2'];
    expect(declaredLength(raw)).toEqual(raw);
  });
  it('never sends an odd value, nor a second length', () => {
    for (const value of ['', '-1', '1.5', '12 34', 'abc', '9'.repeat(16)])
      expect(declaredLength([DECLARED_LENGTH_HEADER, value])).toEqual([]);
    expect(declaredLength(['Content-Length', '10', DECLARED_LENGTH_HEADER, '20'])).toEqual(['Content-Length', '10']);
  });
});
