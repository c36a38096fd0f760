import { AppError } from '@/lib/errors';

// One answer to "did this fail because the database is unreachable?", for every entry point:
// the /api error mapper (503 + Retry-After), sign-in ("the service is unavailable", never "wrong
// password") and the back office's actions. A fault is not the client's doing, so it must never
// read as a 4xx about their input, nor as a bare 500: it passes by itself once PostgreSQL is back.

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

// Prisma: can't reach / timed out / server closed the connection / pool timeout / an interactive
// transaction that timed out waiting under load (the row-locking update path): all pass by themselves.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);
// Prisma's driver adapter (@prisma/adapter-pg) names the connection failures it recognises.
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// PostgreSQL: admin/crash shutdown, cannot connect now (starting up / shutting down), and class 08
// (connection exceptions).
// Also a serialization failure or a deadlock (40001, 40P01): transient, worth a retry, never a 500.
const isPgFaultCode = (code: string) => /^57P0[1-3]$/.test(code) || /^08[0-9A-Z]{3}$/.test(code) || code === '40001' || code === '40P01';
// node-postgres raises some of these as plain Errors without a code.
const FAULT_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Can't reach database server|terminating connection due to administrator command|the database system is (?:starting up|shutting down|in recovery mode)|Client has encountered a connection error|Connection ended unexpectedly/i;

function fields(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

/** Whether `error` (or anything it wraps) says the database cannot be reached right now. */
export function isDbFault(error: unknown, depth = 0): boolean {
  const e = fields(error);
  if (!e || depth > 6) return false;
  if (e.name === 'PrismaClientInitializationError') return true;
  const code = typeof e.code === 'string' ? e.code : '';
  if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || isPgFaultCode(code)) return true;
  if (e.kind !== undefined && ADAPTER_KINDS.has(String(e.kind))) return true;
  if (e.kind === 'postgres' && isPgFaultCode(String(e.code ?? ''))) return true;
  if (typeof e.message === 'string' && FAULT_MESSAGE.test(e.message)) return true;
  const meta = fields(e.meta);
  const nested = [e.cause, e.err, e.originalError, meta?.driverAdapterError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return nested.some((inner) => isDbFault(inner, depth + 1));
}

export const unavailable = () => new AppError(503, 'unavailable');

/** The same fault as an AppError (503 `unavailable`), anything else unchanged. */
export function asUnavailable(error: unknown): unknown {
  return isDbFault(error) ? unavailable() : error;
}

/** A 503 `unavailable` answer is due, whether the fault was mapped already or not. */
export function isUnavailable(error: unknown): boolean {
  return (error instanceof AppError && error.code === 'unavailable') || isDbFault(error);
}
