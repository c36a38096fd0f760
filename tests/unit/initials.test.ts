import { describe, expect, it } from 'vitest';
import { initialsOf } from '@/lib/initials';

// A testimonial's person is often named with a title (issue 37): the avatar shows the name's initials.
describe('initials', () => {
  it('leave out a title written before the name, in both scripts', () => {
    expect(initialsOf('Dr. Hessa Al Qasimi')).toBe('HQ');
    expect(initialsOf('Eng. Omar')).toBe('O');
    expect(initialsOf('د. حصة القاسمي')).toBe('ح\u200cا');
    // A name that is only a title keeps it.
    expect(initialsOf('Dr.')).toBe('D');
  });
});
