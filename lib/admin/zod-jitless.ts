// Zod builds fast object parsers with `new Function` where a page allows it, and finding out
// whether it may (a caught `new Function('')`) is itself reported as a CSP violation: pages allow
// no eval (lib/http/csp). In the browser it therefore runs without that compiler. It must
// be set before the first schema is built: lib/admin/areas.ts, the browser's one way to the
// schemas, imports this module first. The server keeps the compiled parsers (no CSP there).
import { config } from 'zod';

if (typeof window !== 'undefined') config({ jitless: true });
