import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LOCALE, isMapBackgroundUrl, isTileTemplate, isTimeZone, LOCALES, MAP_TILE_PROVIDERS } from '@sl/contracts';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

const port = (fallback: number) => z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(fallback);
const url = (protocols: string[]) =>
  z
    .string()
    .optional()
    .refine((v) => !v || protocols.some((p) => v.startsWith(p)), { message: `must start with ${protocols.join(' or ')}` });

const retentionDays = (fallback: number) => z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(36_500).default(fallback);

const seconds = () => z.coerce.number({ error: 'must be a number of seconds' }).int();

/** Where browsers fetch a self-hosted map background: http(s) or a path on the console's host; blank counts as unset. */
const mapBackgroundUrl = () =>
  z
    .string()
    .trim()
    .max(1024, 'must be at most 1024 characters')
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => !v || isMapBackgroundUrl(v), { message: 'must start with http://, https:// or / (a path on this host)' });

/** An optional text setting; blank counts as unset. */
const text = () => z.string().trim().max(256, 'must be at most 256 characters').optional().transform((v) => v || undefined);

/** What each SMS provider cannot send without (sms/sms-providers.ts); the alarm and leaflet templates are optional. */
export const SMS_PROVIDER_NEEDS = {
  record: [],
  aliyun: ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_DISPATCH'],
  tencent: ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_APP_ID', 'TENCENT_SMS_SIGN_NAME', 'TENCENT_SMS_TEMPLATE_DISPATCH'],
} as const;
const SMS_PROVIDERS = Object.keys(SMS_PROVIDER_NEEDS) as Array<keyof typeof SMS_PROVIDER_NEEDS>;

/** A proxy address or network: an IP, an IP/prefix, or one of proxy-addr's names. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [ip, prefix, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which hops may set X-Forwarded-For (Fastify's trustProxy): `false` (default, the socket address is
 * the client), `true` (any), a hop count, or a comma-separated list of proxy addresses and CIDRs.
 */
export type TrustProxy = boolean | number | string[];
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): TrustProxy => {
    const value = v?.trim().toLowerCase() ?? '';
    if (['', 'false', 'no', 'off'].includes(value)) return false;
    if (['true', 'yes', 'on'].includes(value)) return true;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const list = value.split(',').map((e) => e.trim()).filter(Boolean);
    const bad = list.filter((e) => !isProxyAddress(e));
    if (bad.length) ctx.addIssue({ code: 'custom', message: `must be true, false, a hop count or proxy addresses/CIDRs (not ${bad.join(', ')})` });
    return list;
  });

/** Every setting the server reads from its environment, with its documented default. */
const envSchema = z.object({
  PORT: port(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres://', 'postgresql://']),
  MQTT_PORT: port(1883),
  MQTT_URL: url(['mqtt://', 'mqtts://', 'ws://', 'wss://', 'tcp://']),
  /** Keeps each terminal's account and topic rights in the external broker's dynamic-security plugin (docs/scale-out.md). */
  MQTT_DYNSEC: bool(false),
  /** The dynamic-security admin account on the broker of MQTT_URL; MQTT_URL's own account when unset. */
  MQTT_DYNSEC_URL: url(['mqtt://', 'mqtts://', 'ws://', 'wss://', 'tcp://']),
  /** The gateway's client id on an external broker: fixed per instance, so a restart finds its persistent session. Default sl-gateway-{host}-{PORT}. */
  MQTT_CLIENT_ID: z.string().trim().min(1).max(64).regex(/^[\w.:-]+$/, 'may hold letters, digits, _ . : - only').optional(),
  /**
   * How long an external broker keeps a gateway's session, queuing its share of the traffic, while the instance is down.
   * Short, so the terminals' resends (90 s, protocol §4) outlast the session of an instance that never returns.
   */
  MQTT_SESSION_EXPIRY_S: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).max(86_400).default(30),
  /** A heartbeat or event stamped more than this ahead of the server's clock is refused (`badTimestamp`, protocol §3). */
  DEVICE_CLOCK_SKEW_S: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(86_400).default(600),
  /** A terminal is offline after this many heartbeat intervals without a message. */
  OFFLINE_AFTER_MISSED: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100).default(3),
  /** How often the gateway looks for silent terminals and expired commands. */
  SWEEP_INTERVAL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(10).max(600_000).default(5000),
  REDIS_URL: url(['redis://', 'rediss://']),
  /**
   * Prefixes every Redis channel and key (`sl:{id}:…`), so deployments sharing a Redis server stay apart.
   * Default: an id stored in the database at its first use (system/installation).
   */
  INSTALLATION_ID: z.string().trim().regex(/^[\w.-]{1,64}$/, 'may hold 1 to 64 letters, digits, _ . - only').optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(64).optional(),
  DEMO: bool(true),
  /**
   * The language of the names and remarks the seed writes (departments, roles, demo accounts, terminals, enterprises,
   * notices): one per installation, read when a row is first written; rows already written keep their text (docs/demo.md).
   */
  SEED_LANGUAGE: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }).default(DEFAULT_LOCALE),
  CAPTCHA: bool(true),
  /** How long a terminal has to answer a command before its task times out. */
  COMMAND_TTL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(3_600_000).default(60_000),
  /** Demo mode: days of past history written for the demo terminals once per database, in the background after the first start (0: none). */
  DEMO_HISTORY_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(0).max(31).default(7),
  /** Derives the demo terminals' device secrets (demo mode only). */
  /** Chance per terminal and second that a demo terminal develops a random fault (cleared after one to five minutes); 0: none. */
  DEMO_FAULT_RATE: z.coerce.number({ error: 'must be a number' }).min(0).max(0.1).default(0.0005),
  DEMO_DEVICE_SECRET: z.string().min(8, 'must be at least 8 characters').default('sl-demo-fleet'),
  PASSWORD_KEY: z.string().length(16, 'must be exactly 16 characters').default('sl-console-2024!'),
  /** bcrypt's cost (2^cost rounds) for new password hashes and the stand-in hash of unknown users; raising it slows every sign-in. */
  PASSWORD_HASH_COST: z.coerce.number({ error: 'must be a whole number from 4 to 15' }).int('must be a whole number from 4 to 15').min(4, 'must be a whole number from 4 to 15').max(15, 'must be a whole number from 4 to 15').default(10),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL: seconds().min(60).max(30 * 86400).default(8 * 3600),
  /** A session ends this long after sign-in, however often its token is refreshed. */
  SESSION_LIFETIME: seconds().min(60).max(365 * 86400).optional(),
  /** Former name of SESSION_LIFETIME, still read when SESSION_LIFETIME is unset. */
  TOKEN_REFRESH_WINDOW: seconds().min(60).max(365 * 86400).optional(),
  /** How long an instance trusts its cached copy of an account's status and token version. */
  ACCOUNT_CACHE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(10_000).default(3000),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Enables /api/v1/mqtt/auth|acl for an external broker, which must send this key. */
  BROKER_AUTH_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Opens GET /metrics (Prometheus) on the API port to scrapers sending `Authorization: Bearer <this>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Serves GET /metrics without a token on this port of HOST, for a scraper on a private network. */
  METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).optional(),
  /** The map's tiles when the system configuration names none: offline (built in, no network), osm, tianditu, amap, custom (below). */
  MAP_TILES: z.enum(MAP_TILE_PROVIDERS, { error: `must be one of ${MAP_TILE_PROVIDERS.join(', ')}` }).default('offline'),
  /** Tianditu's browser key. */
  MAP_TILE_KEY: z.string().max(128).optional(),
  /** A self-hosted raster tile server (intranets): the template browsers fetch, with {z}, {x} and {y}. */
  MAP_TILE_URL: mapBackgroundUrl().refine((v) => !v || isTileTemplate(v), { message: 'must contain {z}, {x} and {y}' }),
  /** A self-hosted MapLibre style document (vector tiles, glyphs and sprites of an intranet map server). */
  MAP_STYLE_URL: mapBackgroundUrl(),
  /** When set, a deleted terminal's records and images are first written to a folder here (fleet/archive.ts); unset: deleted outright. */
  TERMINAL_ARCHIVE_DIR: z.string().min(1).optional(),
  /** Days of raw heartbeats kept; older daily partitions are dropped (rollups stay). docs/capacity.md. */
  RETENTION_HEARTBEAT_DAYS: retentionDays(90),
  /** Days of device events (the report log) kept. */
  RETENTION_EVENT_DAYS: retentionDays(365),
  /** Days of device logs kept. */
  RETENTION_LOG_DAYS: retentionDays(180),
  /** Days of hourly rollups kept; daily rollups are kept for good. */
  RETENTION_HOURLY_ROLLUP_DAYS: retentionDays(400),
  /** Daily partitions created ahead of today, at start and by the daily job. */
  PARTITIONS_AHEAD_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(60).default(3),
  /** The installation's time zone: terminals with none of their own, of their department or at their position use it. */
  TIME_ZONE: z.string().refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Shanghai' }).default('Asia/Shanghai'),
  /** The days of the daily rollups and of the statistics read from them. */
  ROLLUP_TIME_ZONE: z.string().refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Shanghai' }).default('Asia/Shanghai'),
  /** Who delivers text messages: record (only the SMS log), aliyun or tencent, each with the variables below. */
  SMS_PROVIDER: z.enum(SMS_PROVIDERS, { error: `must be one of ${SMS_PROVIDERS.join(', ')}` }).default('record'),
  ALIYUN_SMS_ACCESS_KEY_ID: text(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: text(),
  ALIYUN_SMS_SIGN_NAME: text(),
  ALIYUN_SMS_TEMPLATE_DISPATCH: text(),
  ALIYUN_SMS_TEMPLATE_ALARM: text(),
  ALIYUN_SMS_TEMPLATE_LEAFLET: text(),
  TENCENT_SMS_SECRET_ID: text(),
  TENCENT_SMS_SECRET_KEY: text(),
  TENCENT_SMS_APP_ID: text().refine((v) => !v || /^\d+$/.test(v), { message: 'must be the SDK app id (digits only)' }),
  TENCENT_SMS_SIGN_NAME: text(),
  TENCENT_SMS_REGION: z.string().trim().regex(/^[a-z]+(-[a-z0-9]+)+$/, 'must be a region such as ap-guangzhou').default('ap-guangzhou'),
  TENCENT_SMS_TEMPLATE_DISPATCH: text(),
  TENCENT_SMS_TEMPLATE_ALARM: text(),
  TENCENT_SMS_TEMPLATE_LEAFLET: text(),
  /** The SMTP server the reports' e-mail goes through (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS); unset: no e-mail. */
  SMTP_URL: url(['smtp://', 'smtps://']),
  /** The sender of that e-mail. */
  MAIL_FROM: z.string().trim().min(3).max(256).default('Street lights <streetlight@localhost>'),
  /** The messaging app's QR sign-in (system/wx): both, or neither (then the stand-in, in demo mode only). */
  WX_APP_ID: text(),
  WX_APP_SECRET: text(),
  /** The callback registered with the messaging app; default the console's own /wxcode-redirect. */
  WX_REDIRECT_URI: url(['https://', 'http://']).transform((v) => v?.trim() || undefined),
}).superRefine((c, ctx) => {
  const need = (name: keyof typeof c, message: string) => void (c[name] === undefined && ctx.addIssue({ code: 'custom', path: [name], message }));
  if (c.MAP_TILE_URL && c.MAP_STYLE_URL) ctx.addIssue({ code: 'custom', path: ['MAP_STYLE_URL'], message: 'set either MAP_TILE_URL or MAP_STYLE_URL, not both' });
  const customMap = c.MAP_TILE_URL ? 'MAP_TILE_URL' : c.MAP_STYLE_URL ? 'MAP_STYLE_URL' : undefined;
  if (customMap && !['offline', 'custom'].includes(c.MAP_TILES)) ctx.addIssue({ code: 'custom', path: ['MAP_TILES'], message: `must be custom (or unset) with ${customMap}` });
  if (c.MAP_TILES === 'custom' && !customMap) need('MAP_TILE_URL', 'or MAP_STYLE_URL is required when MAP_TILES is custom');
  if (c.MQTT_DYNSEC && !c.MQTT_URL) ctx.addIssue({ code: 'custom', path: ['MQTT_DYNSEC'], message: 'needs MQTT_URL (the external broker whose accounts it keeps)' });
  for (const name of SMS_PROVIDER_NEEDS[c.SMS_PROVIDER]) need(name, `is required when SMS_PROVIDER is ${c.SMS_PROVIDER}`);
  if (c.WX_APP_SECRET) need('WX_APP_ID', 'is required with WX_APP_SECRET');
  // Outside demo mode an app id alone turns nothing on: QR sign-in needs the secret.
  if (c.WX_APP_ID && !c.DEMO) need('WX_APP_SECRET', 'is required with WX_APP_ID (without it there is no QR sign-in outside demo mode)');
  if (c.WX_REDIRECT_URI && !(c.WX_APP_ID && c.WX_APP_SECRET)) ctx.addIssue({ code: 'custom', path: ['WX_REDIRECT_URI'], message: 'needs WX_APP_ID and WX_APP_SECRET (the stand-in ignores it)' });
});

/** Every variable of the schema: the README's configuration table lists each. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as Array<keyof z.infer<typeof envSchema>>;

export type Config = Omit<z.infer<typeof envSchema>, 'JWT_SECRET' | 'SESSION_LIFETIME' | 'TOKEN_REFRESH_WINDOW'> & {
  JWT_SECRET: string;
  SESSION_LIFETIME: number;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const { TOKEN_REFRESH_WINDOW, ...cfg } = parsed.data;
  // npm runs the server inside its workspace; a relative DATA_DIR means the folder `npm start` was typed in.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), cfg.DATA_DIR);
  return {
    ...cfg,
    DATA_DIR: dataDir,
    JWT_SECRET: cfg.JWT_SECRET ?? persistedSecret(dataDir),
    SESSION_LIFETIME: cfg.SESSION_LIFETIME ?? TOKEN_REFRESH_WINDOW ?? 7 * 86400,
  };
}

/** A single instance keeps a generated signing secret in its data folder; scale-out sets JWT_SECRET. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
