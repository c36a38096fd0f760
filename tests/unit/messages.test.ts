import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

type Tree = { [key: string]: string | Tree };
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

describe('messages', () => {
  it('en and ar have exactly the same keys', () => {
    const enKeys = keys(en as Tree).sort();
    const arKeys = keys(ar as Tree).sort();
    expect(
      arKeys.filter((k) => !enKeys.includes(k)),
      'only in ar',
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !arKeys.includes(k)),
      'only in en',
    ).toEqual([]);
  });
  it('no message is empty', () => {
    for (const [name, tree] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const flat = keys(tree as Tree);
      for (const key of flat) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree);
        expect(String(value).trim(), `${name}:${key}`).not.toBe('');
      }
    }
  });
});
