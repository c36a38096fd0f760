// The test server's address and the client addresses tests call it from (tests/helpers/api.ts).
export const BASE = process.env.TEST_BASE_URL ?? 'http://127.0.0.1:3100';

let ipCounter = 0;
/** Each caller gets its own client address (the test server trusts X-Forwarded-For). */
export const freshIp = () => `10.${process.pid % 250}.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;
