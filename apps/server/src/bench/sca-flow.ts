import * as OTPAuth from 'otpauth';
import type { BenchCustomer } from './transfer-fixtures.ts';
import type { httpClient } from './http-load.ts';

type Client = ReturnType<typeof httpClient>;

const totp = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

/** Enrols a TOTP factor through the API, as the profile screen does (enrol, then confirm a code). */
export async function enrolTotp(client: Client, c: BenchCustomer): Promise<void> {
  const enrol = await client.send('POST', '/api/sca/totp/enroll', c.headers, {});
  if (enrol.status !== 200 && enrol.status !== 201)
    throw new Error(`TOTP enrolment: ${enrol.status} ${JSON.stringify(enrol.body)}`);
  const { secret } = enrol.body as { secret: string };
  const step = Math.floor(Date.now() / 30_000);
  const confirm = await client.send('POST', '/api/sca/totp/confirm', c.headers, {
    code: totp(secret).generate({ timestamp: step * 30_000 }),
  });
  if (confirm.status !== 200 && confirm.status !== 201)
    throw new Error(`TOTP confirmation: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  c.totpSecret = secret;
  c.lastTotpStep = step;
}

/**
 * The customer's code for the current 30-second step, or null when this step was already used (a
 * step is accepted once): the bench then takes another customer.
 */
export function totpCodeNow(c: BenchCustomer): string | null {
  const step = Math.floor(Date.now() / 30_000);
  if (!c.totpSecret || step <= c.lastTotpStep) return null;
  c.lastTotpStep = step;
  return totp(c.totpSecret).generate({ timestamp: step * 30_000 });
}
