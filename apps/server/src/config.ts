import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_BACKOFFICE_PATH, DEFAULT_INSTANT_RAIL_TIMEOUT_MS } from '@comptoir/contracts';
import { Institution, DEFAULT_INSTITUTION } from './institution.ts';
import { parseTrustProxy, TrustProxyError, type TrustProxy } from './trust-proxy.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The sandbox's card range. Its first digit, the major industry identifier 0 of ISO/IEC 7812-1
 * (« ISO/TC 68 and other industry assignments »), belongs to no card network: no live network
 * routes a number starting with 0, so a sandbox card can never be mistaken for a real one.
 */
export const SANDBOX_CARD_BIN = '099001';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  TRUST_PROXY: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  STORAGE_URL: z.string().url().optional(),
  MASTER_KEY: z.string().optional(),
  MASTER_KEY_PREVIOUS: z.string().optional(),
  INSTITUTION_FILE: z.string().optional(),
  SANDBOX: bool.default(true),
  PUBLIC_URL: z.string().url().optional(),
  BACKOFFICE_PATH: z
    .string()
    .regex(/^\/[\w-]+$/)
    .default(DEFAULT_BACKOFFICE_PATH),
  MAIL_FROM: z.string().optional(),
  APPLICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  MANUAL_ENTRY_APPROVAL_THRESHOLD: z.coerce.number().int().min(0).max(100_000_000).default(50_000),
  MANUAL_ENTRY_DAILY_LIMIT: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  CUSTOMER_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(3650),
  INSTANT_RAIL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60_000)
    .default(DEFAULT_INSTANT_RAIL_TIMEOUT_MS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  PSD2_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).optional(),
  PSD2_CA_FILE: z.string().min(1).optional(),
  PSD2_TLS_CERT_FILE: z.string().min(1).optional(),
  PSD2_TLS_KEY_FILE: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  CARD_BIN: z
    .string()
    .regex(/^\d{6,8}$/, 'a BIN is 6 to 8 digits')
    .default(SANDBOX_CARD_BIN),
  SANDBOX_API_KEY: z.string().min(32, 'at least 32 characters').optional(),
  SANDBOX_PUSH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  COMPTOIR_COMMIT: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('comptoir'),
  SANCTIONS_LIST_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//i, 'an http(s) address')
    .optional(),
  SANCTIONS_LIST_SHA256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, '64 hexadecimal characters')
    .transform((v) => v.toLowerCase())
    .optional(),
});

export interface Config {
  port: number;
  /** Listening address: 127.0.0.1 in sandbox (its mailbox shows everyone's links), 0.0.0.0 in production. */
  host: string;
  /** Proxies whose X-Forwarded-For is believed: none (default), a hop count, or addresses/CIDRs. */
  trustProxy: TrustProxy;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The owner role's connection (MIGRATION_DATABASE_URL), used only to migrate and to grant
   * DATABASE_URL's role its rights; unset: DATABASE_URL's role owns the schema (docs/operations.md#database-roles).
   */
  migrationDatabaseUrl: string | undefined;
  /** Rate-limit counters in Redis (REDIS_URL); unset: in the database (docs/operations.md#scaling-out). */
  redisUrl: string | undefined;
  /** Connections this instance opens to PostgreSQL (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  smtpUrl: string | undefined;
  storageUrl: string | undefined;
  masterKey: string | undefined;
  /** Older master keys still accepted for opening during a rotation (MASTER_KEY_PREVIOUS, comma-separated). */
  masterKeyPrevious: string | undefined;
  sandbox: boolean;
  publicUrl: string;
  /** PUBLIC_URL was set: its origin is then the only one mutations may come from. */
  publicUrlConfigured: boolean;
  backofficePath: string;
  mailFrom: string;
  logLevel: NonNullable<z.infer<typeof Env>['LOG_LEVEL']>;
  /** The Prometheus listener (METRICS_PORT, METRICS_HOST): never the public port; off when unset. */
  metrics: { port: number; host: string } | null;
  /**
   * The PSD2 interface (docs/psd2.md): its own mutual-TLS listener on `port` (PSD2_PORT: 3443 by
   * default, a free one when PORT is 0, null with `off`) on the same host; the authorities whose TPP
   * certificates are trusted (PSD2_CA_FILE, a PEM bundle; the sandbox adds its test authority); the
   * listener's certificate (PSD2_TLS_CERT_FILE and PSD2_TLS_KEY_FILE; the sandbox makes one).
   */
  psd2: { port: number | null; caFile?: string; tlsCertFile?: string; tlsKeyFile?: string };
  /** The commit this build was made from (COMPTOIR_COMMIT), for `comptoir_build_info`; else read from the checkout. */
  buildCommit: string | undefined;
  /**
   * Traces sent over OTLP/HTTP to `endpoint` (OTEL_EXPORTER_OTLP_ENDPOINT, spans to its /v1/traces)
   * as `serviceName` (OTEL_SERVICE_NAME, default comptoir); null: OpenTelemetry is never loaded.
   */
  tracing: { endpoint: string; serviceName: string } | null;
  institution: Institution;
  /** Session timings (seconds); tests shorten them. */
  customerIdleSeconds: number;
  operatorIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /**
   * A request slides its session's idle window in the database only when the last slide is at
   * least this old: a burst of requests reads the session without writing it (the window may end
   * up to this much early).
   */
  sessionSlideStepSeconds: number;
  /** Rate limits can be relaxed in tests that are not about them. */
  rateLimits: boolean;
  /**
   * The prefix of this deployment's counters in the shared store (the database or Redis): rate
   * limits, and in Redis the live-stream slots. Every instance of one deployment uses the same one;
   * tests give each application its own.
   */
  rateLimitNamespace: string;
  /** Abandoned applications and their documents are purged after this many days (docs/product/onboarding.md#retention). */
  applicationRetentionDays: number;
  /** Manual entries above this many cents wait for a second operator (four eyes). */
  manualEntryApprovalThreshold: number;
  /**
   * Cents one operator may post alone over a rolling 24 hours, all customers together
   * (`MANUAL_ENTRY_DAILY_LIMIT`, default four times the approval threshold).
   */
  manualEntryOperatorDailyLimit: number;
  /** A closed customer's personal data is anonymised this many days after closing (ledger entries stay). */
  customerRetentionDays: number;
  /** How long an instant transfer waits for the payee's bank before it is refused (docs/product/transfers.md#execution: 10 s). */
  instantRailTimeoutMs: number;
  /** The bank identification number the cards' numbers start with (CARD_BIN). */
  cardBin: string;
  /** Sandbox only: a key that lets a script call /api/sandbox without an operator session. */
  sandboxApiKey: string | undefined;
  /**
   * Sandbox only: the port of the test push receiver on 127.0.0.1 (SANDBOX_PUSH_PORT), the one
   * plain-http loopback push endpoint accepted; unset, none is.
   */
  sandboxPushPort: number | undefined;
  /**
   * Where the daily job fetches the EU consolidated sanctions list (SANCTIONS_LIST_URL); unset: no
   * fetch, the list is loaded by hand (docs/screening.md#the-daily-fetch).
   */
  sanctionsListUrl: string | undefined;
  /** The SHA-256 (hex) the fetched file must have (SANCTIONS_LIST_SHA256); unset: not checked. */
  sanctionsListSha256: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset (`DATABASE_URL= npm start`).
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.SANDBOX && !e.MASTER_KEY) {
    throw new ConfigError('SANDBOX=false requires MASTER_KEY (64 hex characters or 44 base64 characters).');
  }
  if (!e.SANDBOX && !e.SMTP_URL) {
    throw new ConfigError(
      'SANDBOX=false requires SMTP_URL: production mail never goes to the sandbox mailbox.',
    );
  }
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      "MIGRATION_DATABASE_URL (the owner role) requires DATABASE_URL (the application's role).",
    );
  }
  const institution = e.INSTITUTION_FILE ? loadInstitution(e.INSTITUTION_FILE) : DEFAULT_INSTITUTION;
  if (!e.SANDBOX && institution.sandbox) {
    throw new ConfigError('SANDBOX=false requires an INSTITUTION_FILE describing a real institution.');
  }
  if (!e.SANDBOX && !e.PUBLIC_URL) {
    throw new ConfigError(
      'SANDBOX=false requires PUBLIC_URL (https://…): mailed links point to it and mutations must come from its origin.',
    );
  }
  if (e.SANDBOX && !e.CARD_BIN.startsWith('0')) {
    throw new ConfigError(
      'In sandbox mode CARD_BIN must start with 0: a range no card network uses (ISO/IEC 7812-1).',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST ?? (e.SANDBOX ? '127.0.0.1' : '0.0.0.0'),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    redisUrl: e.REDIS_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    storageUrl: e.STORAGE_URL,
    masterKey: e.MASTER_KEY,
    masterKeyPrevious: e.MASTER_KEY_PREVIOUS,
    sandbox: e.SANDBOX,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    backofficePath: e.BACKOFFICE_PATH,
    mailFrom: e.MAIL_FROM ?? `${institution.name} <${institution.emails.noReply}>`,
    // One access line per request in production; the sandbox keeps the terminal to warnings.
    logLevel: e.LOG_LEVEL ?? (e.SANDBOX ? 'warn' : 'info'),
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    psd2: {
      port: e.PSD2_PORT === 'off' ? null : (e.PSD2_PORT ?? (e.PORT === 0 ? 0 : 3443)),
      caFile: e.PSD2_CA_FILE,
      tlsCertFile: e.PSD2_TLS_CERT_FILE,
      tlsKeyFile: e.PSD2_TLS_KEY_FILE,
    },
    buildCommit: e.COMPTOIR_COMMIT,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : null,
    institution: { ...institution, sandbox: e.SANDBOX && institution.sandbox },
    customerIdleSeconds: 5 * 60,
    operatorIdleSeconds: 2 * 60,
    sessionAbsoluteSeconds: 12 * 60 * 60,
    sessionSlideStepSeconds: 10,
    rateLimits: true,
    rateLimitNamespace: 'comptoir-rate-limit:',
    applicationRetentionDays: e.APPLICATION_RETENTION_DAYS,
    manualEntryApprovalThreshold: e.MANUAL_ENTRY_APPROVAL_THRESHOLD,
    manualEntryOperatorDailyLimit: e.MANUAL_ENTRY_DAILY_LIMIT ?? 4 * e.MANUAL_ENTRY_APPROVAL_THRESHOLD,
    customerRetentionDays: e.CUSTOMER_RETENTION_DAYS,
    instantRailTimeoutMs: e.INSTANT_RAIL_TIMEOUT_MS,
    cardBin: e.CARD_BIN,
    sandboxApiKey: e.SANDBOX ? e.SANDBOX_API_KEY : undefined,
    sandboxPushPort: e.SANDBOX ? e.SANDBOX_PUSH_PORT : undefined,
    sanctionsListUrl: e.SANCTIONS_LIST_URL,
    sanctionsListSha256: e.SANCTIONS_LIST_SHA256,
  };
}

function trustProxyOf(raw: string | undefined): TrustProxy {
  try {
    return parseTrustProxy(raw);
  } catch (error) {
    if (error instanceof TrustProxyError) throw new ConfigError(error.message);
    throw error;
  }
}

function loadInstitution(file: string): Institution {
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const parsed = Institution.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(`INSTITUTION_FILE ${file} is invalid: ${parsed.error.issues[0]?.message ?? ''}`);
  }
  return parsed.data;
}
