// The test server's address and the client addresses tests call it from (tests/helpers/api.ts).
export const BASE = process.env.TEST_BASE_URL ?? 'http://127.0.0.1:3100';

let ipCounter = 0;
/**
 * Each caller gets its own client address (the test server trusts X-Forwarded-For), distinct from
 * every other test process's in the run: 15 bits of the pid and 15 of a counter, in 11.0.0.0 to
 * 74.255.255.255 (outside 10/8, which the browser tests and the tests with an address of their
 * own use, and outside 127/8). With the pid modulo 250 as it was, two files of one run whose pids
 * matched handed out the same addresses in the same order, and one inherited the address budget
 * the other had spent (a 429 at sign-in, CI of stop 44).
 */
export const freshIp = () => {
  const value = ((process.pid % 32768) * 32768 + (++ipCounter % 32768)) >>> 0;
  return [11 + (value >>> 24), (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
};
