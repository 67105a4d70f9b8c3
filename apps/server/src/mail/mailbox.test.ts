import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, MUTATION, uniqueEmail, type TestContext } from '../testing/test-context.ts';
import { extractLinks, type MailboxEntry } from './mailbox.ts';
import { mailBrand, newSecureMessageMail, passwordResetMail } from './templates.ts';
import { handleResetRequests } from '../modules/auth/__tests__/testing.ts';
import { makeCustomer } from '../testing/customers.ts';

let sandbox: TestContext;
let production: TestContext;
beforeAll(async () => {
  sandbox = await makeTestContext({ rateLimits: false });
  production = await makeTestContext({ rateLimits: false, sandbox: false }, { db: sandbox.ctx.db });
});
afterAll(async () => {
  await production.close();
  await sandbox.close();
});

describe('sandbox mailbox', () => {
  it('GET /dev/mailbox.json?to= lists that address’s mails newest first, with their links', async () => {
    const c = await makeCustomer(sandbox.ctx);
    await sandbox.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: MUTATION,
      payload: { email: c.email },
    });
    await handleResetRequests(sandbox.ctx, c.email);
    const brand = mailBrand(sandbox.ctx.config);
    await sandbox.ctx.outbox.enqueue(
      sandbox.ctx.db,
      newSecureMessageMail(brand, { to: c.email, firstName: 'Camille' }),
    );

    const res = await sandbox.app.inject({
      method: 'GET',
      url: `/dev/mailbox.json?to=${encodeURIComponent(c.email.toUpperCase())}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const mails = res.json<MailboxEntry[]>();
    expect(mails.map((m) => m.subject)).toEqual([
      'Vous avez un nouveau message',
      'Réinitialisation de votre mot de passe Comptoir',
    ]);
    const reset = mails[1]!;
    expect(reset.to).toBe(c.email);
    expect(['pending', 'sent']).toContain(reset.status);
    expect(reset.id).toMatch(/^\d+$/);
    expect(Date.parse(reset.createdAt)).not.toBeNaN();
    expect(reset.text).toContain('Choisir un nouveau mot de passe');
    expect(reset.html).toContain('<!doctype html>');
    expect(reset.links).toHaveLength(1);
    expect(reset.links[0]).toMatch(/^http:\/\/localhost:3000\/change-password\?token=[\w-]{43}$/);
    expect(mails[0]?.links).toEqual(['http://localhost:3000/connexion']);
  });

  it('GET /dev/mailbox renders a French page with clickable links, escaped, without script', async () => {
    const to = uniqueEmail('boite');
    const brand = mailBrand(sandbox.ctx.config);
    await sandbox.ctx.outbox.enqueue(
      sandbox.ctx.db,
      passwordResetMail(brand, {
        to,
        firstName: '<img src=x onerror=alert(1)>',
        link: 'http://localhost:3000/change-password?token=abc&def',
        validMinutes: 60,
      }),
    );
    const res = await sandbox.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(to)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Boîte mail de démonstration');
    expect(html).toContain('Banque fictive de démonstration — aucun service bancaire réel.');
    expect(html).toContain(to);
    expect(html).toContain('Réinitialisation de votre mot de passe Comptoir');
    expect(html).toContain('<a href="http://localhost:3000/change-password?token=abc&amp;def">');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<[^>]*\son[a-z]+=/i);
  });

  it('lists everything, newest first, without a filter', async () => {
    const to = uniqueEmail('dernier');
    await sandbox.ctx.outbox.enqueue(
      sandbox.ctx.db,
      newSecureMessageMail(mailBrand(sandbox.ctx.config), { to }),
    );
    const res = await sandbox.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    const mails = res.json<MailboxEntry[]>();
    expect(mails.some((m) => m.to === to)).toBe(true);
    const ids = mails.map((m) => BigInt(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });

  it('is not reachable outside sandbox mode', async () => {
    const to = uniqueEmail('secret');
    await production.ctx.outbox.enqueue(
      production.ctx.db,
      newSecureMessageMail(mailBrand(production.ctx.config), { to }),
    );
    for (const url of [
      '/dev/mailbox',
      `/dev/mailbox?to=${encodeURIComponent(to)}`,
      `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
    ]) {
      const res = await production.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain(to);
      expect(res.body).not.toContain('Boîte mail de démonstration');
      expect(res.headers['content-type'] ?? '').not.toMatch(/^application\/json/);
    }
    // …while the same database shows it in sandbox mode.
    const res = await sandbox.app.inject({
      method: 'GET',
      url: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
    });
    expect(res.json<MailboxEntry[]>()).toHaveLength(1);
  });
});

describe('extractLinks', () => {
  it('finds http(s) links without trailing punctuation, once each', () => {
    expect(
      extractLinks('Voir https://a.example/x?t=1. Puis (http://b.example/y), et https://a.example/x?t=1 !'),
    ).toEqual(['https://a.example/x?t=1', 'http://b.example/y']);
  });
});
