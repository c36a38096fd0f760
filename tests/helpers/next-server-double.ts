// `next/server` for the in-process tier (tests/inproc): Next's own module, with `after()` queued
// in the in-process request (tests/helpers/next-request-double.ts) since no Next server runs it.
export * from 'next/server.js';
export { after } from './next-request-double';
