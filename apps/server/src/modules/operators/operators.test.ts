import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { verifyPassword } from '../../crypto/password.ts';
import { makeTestContext, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { createOperator, totpSealer } from './operators-service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as AppError,
  );

describe('createOperator', () => {
  it('hashes the password, seals the TOTP secret (bound to the operator) and audits the creation', async () => {
    const email = uniqueEmail('Op.Create');
    const { operator, totpSecret } = await createOperator(t.ctx, {
      email: `  ${email.toUpperCase()} `,
      password: 'Guichet-Sécurisé-2024',
      role: 'support',
      name: 'Sophie Support',
    });
    expect(operator).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      name: 'Sophie Support',
      role: 'support',
    });
    expect(totpSecret).toMatch(/^[A-Z2-7]{32}$/);

    const { rows } = await t.ctx.db.query<{ password_hash: string; totp_secret_sealed: string }>(
      'select password_hash, totp_secret_sealed from operators where id = $1',
      [operator.id],
    );
    const row = rows[0]!;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.password_hash, 'Guichet-Sécurisé-2024')).toBe(true);
    expect(row.totp_secret_sealed).not.toContain(totpSecret);
    expect(totpSealer(t.ctx).open(row.totp_secret_sealed, operator.id)).toBe(totpSecret);
    expect(() => totpSealer(t.ctx).open(row.totp_secret_sealed, 'another-operator')).toThrow();

    const audit = await t.ctx.db.query<{ operator_id: string | null; details: Record<string, unknown> }>(
      `select operator_id, details from audit_log where action = 'operator.created' and details->>'targetOperatorId' = $1`,
      [operator.id],
    );
    expect(audit.rows).toEqual([
      {
        operator_id: null,
        details: expect.objectContaining({ email: email.toLowerCase(), role: 'support' }),
      },
    ]);
  });

  it('defaults the name to the e-mail local part', async () => {
    const email = uniqueEmail('sans-nom');
    const { operator } = await createOperator(t.ctx, {
      email,
      password: 'Guichet-Sécurisé-2024',
      role: 'admin',
    });
    expect(operator.name).toBe(email.split('@')[0]);
  });

  it('refuses a weak password, a bad e-mail, an unknown role and a duplicate e-mail (any case)', async () => {
    const weak = await failure(
      createOperator(t.ctx, { email: uniqueEmail('weak'), password: 'court', role: 'admin' }),
    );
    expect(weak).toMatchObject({ code: 'weak_password', status: 422 });
    expect(weak?.detail).toMatch(/12 caractères/);
    // The admin typing it is told whose name the password holds: the operator's.
    const named = await failure(
      createOperator(t.ctx, {
        email: uniqueEmail('lefebvre'),
        name: 'Lefebvre',
        password: 'Lefebvre-Guichet-2024',
        role: 'support',
      }),
    );
    expect(named).toMatchObject({ code: 'weak_password', status: 422 });
    expect(named?.detail).toContain('le nom de l’opérateur');
    expect(named?.detail).not.toContain('votre nom');
    const bad = await failure(
      createOperator(t.ctx, { email: 'pas-une-adresse', password: 'Guichet-Sécurisé-2024', role: 'admin' }),
    );
    expect(bad).toMatchObject({ code: 'operator_email_invalid', status: 400 });
    const role = await failure(
      createOperator(t.ctx, {
        email: uniqueEmail('role'),
        password: 'Guichet-Sécurisé-2024',
        role: 'boss' as 'admin',
      }),
    );
    expect(role).toMatchObject({ code: 'operator_role_unknown', status: 400 });

    const email = uniqueEmail('dup');
    await createOperator(t.ctx, { email, password: 'Guichet-Sécurisé-2024', role: 'admin' });
    const dup = await failure(
      createOperator(t.ctx, { email: email.toUpperCase(), password: 'Guichet-Sécurisé-2024', role: 'admin' }),
    );
    expect(dup).toBeInstanceOf(AppError);
    expect(dup).toMatchObject({ code: 'email_taken', status: 409 });
  });
});
