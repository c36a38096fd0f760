// Debian's Chromium in a machine with no network and no GPU: these flags keep it off the network
// it does not have (only 127.0.0.1 resolves), out of the sandbox it cannot set up, and on
// software GL. Shared by the Playwright config and the benchmark.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];
