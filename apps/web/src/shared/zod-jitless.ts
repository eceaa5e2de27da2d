// The console's Content-Security-Policy forbids eval. zod probes for it (`new Function`) as it builds
// its first object schema, and Chromium reports the refused probe as a violation although zod catches
// it. `jitless` skips the probe. vite.config.ts sends every `import 'zod'` of the build through this
// module, so the setting is made before any schema exists, whichever chunk builds it.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z, default } from 'zod/v4';
