import { readiness } from '@/lib/health';

// Readiness for a load balancer or an orchestrator: 200 when every check passes, else 503 naming
// the failed ones. server/main.ts answers 503 "shutdown" itself while the instance stops.
export const dynamic = 'force-dynamic';

export async function GET() {
  const failed = await readiness();
  if (failed.length) console.warn(JSON.stringify({ level: 40, msg: 'not ready', failed }));
  const body = failed.length ? { status: 'unavailable', failed: failed.map((check) => check.name) } : { status: 'ready' };
  return new Response(JSON.stringify(body), {
    status: failed.length ? 503 : 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
}
