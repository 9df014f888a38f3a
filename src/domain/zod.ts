/**
 * Zod as the browser code uses it. Zod 4 compiles object parsers with `new Function` where it may,
 * and first probes for it: under the site's CSP, which refuses eval (docs/decisions/028), that
 * probe is a reported violation on every form page. `jitless` parses without compiling.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
