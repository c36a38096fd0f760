import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EAGER_COMPILE_HINT, markEagerChunks } from '@/scripts/lib/build';
import { BASE } from '../helpers/api';

// The build's post-step marks the framework chunks for eager compilation (scripts/lib/build.ts).

/** The scripts a page loads: its async tags, or on a cached page the list its first-paint loader adds. */
function pageScripts(html: string): string[] {
  const tags = [...html.matchAll(/<script src="\/_next\/([^"]+\.js)" async=""/g)].map((match) => match[1] ?? '');
  const loader = /\(function startAfterFirstPaint[\s\S]*?\}\)\((\[[^\]]*\])/.exec(html)?.[1];
  const listed = loader ? (JSON.parse(loader) as string[]).map((src) => src.replace(/^\/_next\//, '')) : [];
  return [...new Set([...tags, ...listed])];
}

describe('eager compile hint on the served framework chunks', () => {
  it('every framework chunk a public page loads starts with the hint; page chunks do not', async () => {
    const manifest = JSON.parse(readFileSync('.next/build-manifest.json', 'utf8')) as { rootMainFiles: string[] };
    const framework = manifest.rootMainFiles.filter((file) => file.endsWith('.js'));
    expect(framework.length).toBeGreaterThan(2);

    const scripts = pageScripts(await (await fetch(`${BASE}/AboutUs`)).text());
    expect(scripts.length).toBeGreaterThan(framework.length);
    for (const file of framework) expect(scripts).toContain(file);

    for (const file of scripts) {
      const body = await (await fetch(`${BASE}/_next/${file}`)).text();
      expect(body.startsWith(EAGER_COMPILE_HINT), file).toBe(framework.includes(file));
    }
  });
});

describe('markEagerChunks', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'eager-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('marks each root main script once and leaves everything else as it was', () => {
    mkdirSync(path.join(dir, 'static', 'chunks'), { recursive: true });
    const file = (name: string) => path.join(dir, 'static', 'chunks', name);
    writeFileSync(file('framework.js'), 'self.a=1;');
    writeFileSync(file('page.js'), 'self.b=2;');
    writeFileSync(file('styles.css'), 'a{}');
    writeFileSync(
      path.join(dir, 'build-manifest.json'),
      JSON.stringify({ rootMainFiles: ['static/chunks/framework.js', 'static/chunks/styles.css'] }),
    );

    expect(markEagerChunks(dir)).toEqual(['static/chunks/framework.js']);
    expect(markEagerChunks(dir)).toEqual([]);
    expect(readFileSync(file('framework.js'), 'utf8')).toBe(`${EAGER_COMPILE_HINT}self.a=1;`);
    expect(readFileSync(file('page.js'), 'utf8')).toBe('self.b=2;');
    expect(readFileSync(file('styles.css'), 'utf8')).toBe('a{}');
  });
});
