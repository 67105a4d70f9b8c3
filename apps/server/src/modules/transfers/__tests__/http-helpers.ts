import { randomUUID } from 'node:crypto';
import { SCA_TOKEN_HEADER } from '@comptoir/contracts';
import { CUSTOMER_COOKIE } from '../../../http/cookies.ts';

/**
 * A tiny HTTP client for the PostgreSQL fault and load tests, which talk to a real listening server
 * (never imported by production code).
 */
export async function httpSignIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'comptoir' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${CUSTOMER_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

export async function httpTransfer(
  baseUrl: string,
  cookie: string,
  body: Record<string, unknown>,
  options: { key?: string; sca?: string } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/api/transfers`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'comptoir',
      cookie,
      'idempotency-key': options.key ?? `k-${randomUUID()}`,
      ...(options.sca ? { [SCA_TOKEN_HEADER]: options.sca } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Runs `count` tasks with at most `width` in flight. */
export async function pool(count: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}
