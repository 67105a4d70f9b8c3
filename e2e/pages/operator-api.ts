import type { CardChannel } from '@comptoir/contracts';
import { freshTotpCode } from './totp.ts';

const MUTATION = { 'content-type': 'application/json', 'x-requested-with': 'comptoir' };

/** The session cookie a response sets, as a `Cookie` header value (name=value). */
function cookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error(`no session cookie (${response.status})`);
  return cookie;
}

/** An operator signed in through the API (password, then TOTP), outside any browser. */
export async function operatorApi(
  baseUrl: string,
  operator: { email: string; password: string; totpSecret: string },
) {
  const url = (path: string) => new URL(path, baseUrl).toString();
  const step1 = await fetch(url('/api/backoffice/auth/login'), {
    method: 'POST',
    headers: MUTATION,
    body: JSON.stringify({ email: operator.email, password: operator.password }),
  });
  const step2 = await fetch(url('/api/backoffice/auth/login/totp'), {
    method: 'POST',
    headers: { ...MUTATION, cookie: cookieOf(step1) },
    body: JSON.stringify({ code: await freshTotpCode(operator.totpSecret) }),
  });
  if (!step2.ok) throw new Error(`operator sign-in answered ${step2.status}`);
  const cookie = cookieOf(step2);
  let key = 0;

  return {
    /** Any operator call (a fresh Idempotency-Key on each); the status and the parsed body. */
    async post<T>(path: string, body: unknown = {}): Promise<{ status: number; body: T }> {
      const response = await fetch(url(path), {
        method: 'POST',
        headers: { ...MUTATION, cookie, 'idempotency-key': `e2e-${Date.now()}-${key++}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },

    /** Sandbox rail: an incoming SEPA transfer to `iban` (amount in cents). */
    async creditIncomingTransfer(body: { iban: string; amount: number; debtorName: string }) {
      const response = await fetch(url('/api/sandbox/incoming-transfers'), {
        method: 'POST',
        headers: { ...MUTATION, cookie, 'idempotency-key': `e2e-${Date.now()}-${key++}` },
        body: JSON.stringify({ ...body, debtorIban: 'DE89370400440532013000', reference: 'Test' }),
      });
      if (response.status !== 201) throw new Error(`credit answered ${response.status}`);
      return (await response.json()) as { number: string };
    },

    /** The sandbox card network: a merchant's authorisation request (amount in cents). */
    async authorizeCard(body: {
      pan: string;
      expiry: string;
      cvv: string;
      amount: number;
      merchant: string;
      channel: CardChannel;
      agreementReference?: string;
    }) {
      const response = await fetch(url('/api/sandbox/card-authorizations'), {
        method: 'POST',
        headers: { ...MUTATION, cookie, 'idempotency-key': `e2e-${Date.now()}-${key++}` },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`card authorisation answered ${response.status}`);
      return (await response.json()) as { approved: boolean; reason?: string; authorizationId?: string };
    },
  };
}
