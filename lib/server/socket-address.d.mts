// Types for socket-address.mjs (plain JavaScript, loaded by scripts/serve.mjs outside Next's compiler).
import type { IncomingMessage } from 'node:http';
export const SOCKET_ADDRESS_HEADER: 'x-sevenstars-socket-address';
export function stampSocketAddress(req: IncomingMessage): void;
