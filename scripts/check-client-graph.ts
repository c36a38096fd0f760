// `npm run check:client-graph`: no server-only module is reachable from the browser's bundle.
// From every 'use client' file it walks the value imports (type imports vanish when compiled) and
// stops at 'use server' files (the browser gets a reference to an action, not its code). A reached
// file fails the check when it is marked `import 'server-only'`, is the generated Prisma client, or
// imports a Node built-in or a server library. Next's build refuses a reached `server-only` import
// too, but only for the files marked; this names every path and also catches the unmarked ones.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';

const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['app', 'components', 'lib'];
/** Imports no browser module may make (Node's own modules and the server's libraries). */
const SERVER_IMPORT = /^\s*import\s[^'"]*['"](node:[^'"]+|server-only|@prisma\/[^'"]+|pg|sharp|ioredis|nodemailer)['"]/m;

const source = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const directive = (text: string): string | undefined => /^\s*(?:\/\/[^\n]*\n\s*)*['"](use client|use server)['"]/.exec(text)?.[1];

async function main(): Promise<void> {
  const result = await madge(FOLDERS, {
    baseDir: ROOT,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(ROOT, 'tsconfig.json'),
    detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
  });
  const graph = result.obj();
  const files = Object.keys(graph);
  const texts = new Map(files.map((file) => [file, source(file)]));
  const clientRoots = files.filter((file) => directive(texts.get(file) ?? '') === 'use client');

  const problems: string[] = [];
  const reached = new Set<string>();
  for (const root of clientRoots) {
    // Breadth-first from this root, keeping the first path to each file for the report.
    const via = new Map<string, string | null>([[root, null]]);
    const queue = [root];
    while (queue.length > 0) {
      const file = queue.shift() as string;
      reached.add(file);
      const text = texts.get(file) ?? source(file);
      const trail = (): string => {
        const chain: string[] = [];
        for (let at: string | null | undefined = file; at; at = via.get(at)) chain.unshift(at);
        return chain.join(' -> ');
      };
      const server = file.startsWith('lib/generated/') ? 'the generated Prisma client' : SERVER_IMPORT.exec(text)?.[1];
      if (server) {
        problems.push(`${trail()}  (imports ${server})`);
        continue;
      }
      for (const next of graph[file] ?? []) {
        if (via.has(next)) continue;
        via.set(next, file);
        // An action file is a reference in the browser: its imports stay on the server.
        if (directive(texts.get(next) ?? source(next)) === 'use server') continue;
        queue.push(next);
      }
    }
  }
  const unique = [...new Set(problems)];
  if (unique.length > 0) {
    console.error(`client graph: ${unique.length} server module(s) reachable from the browser:`);
    for (const problem of unique) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`client graph: ${clientRoots.length} client entries reach ${reached.size} modules, none server-only`);
}

await main();
