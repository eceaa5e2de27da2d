// Import boundaries for import-x/no-restricted-paths, as zones over resolved absolute paths.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.dirname(import.meta.dirname);
const abs = (p) => path.join(root, p);
const dirsIn = (p) => readdirSync(abs(p), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
// `except` entries must be globs; `@(name)` makes an exact file one.
const exactFile = (p) => abs(path.join(path.dirname(p), `@(${path.basename(p)})`));

/** Apps never reach into another app; the server starts the demo fleet through the simulator package entry. */
export const appZones = [
  { target: abs('packages/**'), from: [abs('apps/**')], message: 'Shared packages do not depend on apps.' },
  { target: abs('apps/web/**'), from: [abs('apps/server/**'), abs('apps/simulator/**')], message: 'The console talks to the server over HTTP; share types through @sl/contracts.' },
  { target: abs('apps/simulator/**'), from: [abs('apps/server/**'), abs('apps/web/**')], message: 'The simulator is a terminal, not part of the server.' },
  { target: abs('apps/server/**'), from: [abs('apps/web/**')], message: 'Share types through @sl/contracts.' },
  {
    target: abs('apps/server/**'),
    from: [abs('apps/simulator/**')],
    except: [exactFile('apps/simulator/src/index.ts')],
    message: 'The server uses the simulator only through its package entry (@sl/simulator).',
  },
];

const FEATURES = 'apps/web/src/features';
/** A console feature never imports another; what two features share lives in src/shared. */
export const webZones = [
  ...dirsIn(FEATURES).map((feature) => ({
    target: abs(`${FEATURES}/${feature}/**`),
    from: [abs(`${FEATURES}/!(${feature})/**`)],
    message: 'Features do not import each other; move what both need to src/shared.',
  })),
  { target: abs('apps/web/src/shared/**'), from: [abs(`${FEATURES}/**`)], message: 'src/shared does not depend on features.' },
];

const SERVER = 'apps/server/src';
/** Infrastructure every domain may use. */
const KERNEL = ['db', 'http', 'logging', 'storage', 'scheduler'];
/** Composition: wires domains together and may import any of their files (top-level files of src/ too). */
const COMPOSITION = ['plugins', 'seed', 'demo'];
/** A domain's entry points, by name: its services, routes plugin, events (and the pushes it publishes), ports and pure domain rules. */
const ENTRY_NAMES = ['index.ts', 'ports.ts', '*-service.ts', '*-services.ts', '*-workflow.ts', '*-routes.ts', '*-events.ts', '*-pushes.ts', '*-domain.ts'];
/** Entry points whose names do not say so: what they are is their role in the domain. */
const PUBLISHED = [
  'system/access/**', // principal and data scope: every domain filters by them
  'gateway/device-transport.ts', // the DeviceTransport port
  'gateway/terminal-secret.ts', // terminal secret hashing, shared by device registration and sign-in
  'auth/password-cipher.ts', // the PasswordCipher service
  'push/push-hub.ts', // the PushHub service
  'policy-data/policy-data-registry.ts', // the policy-data kind registry
  'alarms/alarm-state-machine.ts', // pure alarm / work-order status rules
  'control/compiler/zone-time.ts', // pure time-zone arithmetic
  'devices/logs/records.ts', // the record-query helpers every log page uses
].map((p) => (p.includes('*') ? abs(`${SERVER}/${p}`) : exactFile(`${SERVER}/${p}`)));

/**
 * A server domain (a folder of src/) reaches another only through that domain's entry points; `allowed` adds
 * exact files (a file's known exceptions, see server-domain-baseline.js).
 */
export function serverDomainZones(allowed = []) {
  const domains = dirsIn(SERVER).filter((d) => !KERNEL.includes(d));
  return domains.map((domain) => ({
    target: abs(`${SERVER}/!(${[domain, ...COMPOSITION].join('|')})/**`),
    from: [abs(`${SERVER}/${domain}/**`)],
    except: [
      ...ENTRY_NAMES.map((name) => abs(`${SERVER}/${domain}/**/${name}`)),
      ...PUBLISHED.filter((p) => p.startsWith(abs(`${SERVER}/${domain}/`))),
      ...allowed.map((p) => exactFile(`${SERVER}/${p}`)),
    ],
    message: `Reach the ${domain} domain through its entry points (*-service, *-routes, *-workflow, *-events, *-pushes, *-domain, ports, index).`,
  }));
}
