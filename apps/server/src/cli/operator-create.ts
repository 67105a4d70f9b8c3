/**
 * Creates a back-office operator and prints its TOTP secret (once — it is sealed at rest).
 *
 *   npm run operator:create -- --email E --password P --role admin [--name N]
 *
 * Uses the same configuration as the server (DATABASE_URL, or PGlite in DATA_DIR; MASTER_KEY or
 * $DATA_DIR/master.key). Exit code 1 with a one-line message on any expected error.
 */
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '@comptoir/contracts';
import { ConfigError } from '../config.ts';
import type { Db } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { createOperator } from '../modules/operators/index.ts';
import { totpUri } from '../crypto/totp.ts';
import { openCommandContext } from './command-context.ts';

const USAGE =
  'Usage : npm run operator:create -- --email E --password P --role admin|compliance|support [--name N]';

class UsageError extends Error {}

function parse(argv: string[]): {
  email: string;
  password: string;
  role: OperatorRole;
  name: string | undefined;
} {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`Argument invalide / invalid argument: ${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const { email, password, role, name } = values;
  if (typeof email !== 'string' || !email)
    throw new UsageError(`--email est requis / --email is required.\n${USAGE}`);
  if (typeof password !== 'string' || !password) {
    throw new UsageError(`--password est requis / --password is required.\n${USAGE}`);
  }
  if (typeof role !== 'string' || !(OPERATOR_ROLES as readonly string[]).includes(role)) {
    throw new UsageError(`--role doit valoir / must be one of: ${OPERATOR_ROLES.join(', ')}.\n${USAGE}`);
  }
  return { email, password, role: role as OperatorRole, name: typeof name === 'string' ? name : undefined };
}

async function main(): Promise<number> {
  let db: Db | undefined;
  try {
    const args = parse(process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')));
    const ctx = await openCommandContext('npm run operator:create');
    db = ctx.db;
    const { operator, totpSecret } = await createOperator(
      ctx,
      {
        email: args.email,
        password: args.password,
        role: args.role,
        ...(args.name ? { name: args.name } : {}),
      },
      { via: 'cli' },
    );
    console.log(`operator: ${operator.email} ${operator.role}`);
    console.log(`totp-secret: ${totpSecret}`);
    console.log(
      `otpauth-uri: ${totpUri(totpSecret, `${ctx.config.institution.name} back office`, operator.email)}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(error.message);
    } else if (error instanceof AppError) {
      const english: Partial<Record<string, string>> = {
        email_taken: 'an operator with this e-mail already exists',
        weak_password: 'password too weak',
        validation_failed: 'invalid argument',
      };
      console.error(`Erreur : ${error.detail}${english[error.code] ? ` (${english[error.code]})` : ''}`);
    } else {
      console.error(`Erreur / error: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 1;
  } finally {
    await db?.close().catch(() => undefined);
  }
}

process.exitCode = await main();
