// Every `import … from 'zod'` of the web app and of packages/domain resolves here (vite.config.ts). The page's
// Content-Security-Policy forbids eval (script-src 'self'); zod 4 probes for it with `new Function('')` when it
// builds its first object schema, and the browser reports that as a policy violation even though zod catches the
// error. jitless, set before any schema exists, skips the probe; without eval zod takes the same path anyway.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
