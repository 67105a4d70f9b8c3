import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import {
  CONTACT_RATE_LIMIT,
  listContactMessages,
} from '../apps/server/src/modules/contact/__tests__/testing.ts';
import { listMailbox } from '../apps/server/src/mail/mailbox.ts';
import { launchBrowser, type Browser } from './browser.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let counter = 0;
const uniqueEmail = () => `visiteur.${Date.now().toString(36)}.${counter++}@exemple.test`;

/** The contact form of /contact, as a visitor sees it. */
class ContactForm {
  constructor(readonly page: Page) {}

  field(label: string) {
    return this.page.getByLabel(label, { exact: true });
  }

  get name() {
    return this.field('Nom');
  }
  get company() {
    return this.page.getByRole('textbox', { name: /^Société/ });
  }
  get email() {
    return this.field('Adresse e-mail');
  }
  get message() {
    return this.field('Message');
  }
  get consent() {
    return this.page.getByRole('checkbox', { name: /J’accepte que Comptoir utilise ces informations/ });
  }
  get submit() {
    return this.page.getByRole('button', { name: /Envoyer le message|Envoi en cours/ });
  }
  get alert() {
    return this.page.getByRole('alert');
  }
  get success() {
    return this.page.getByRole('status').filter({ hasText: 'Message envoyé' });
  }

  async fill(values: { name: string; company: string; email: string; message: string }) {
    await this.name.fill(values.name);
    await this.company.fill(values.company);
    await this.email.fill(values.email);
    await this.message.fill(values.message);
    await this.consent.check();
  }

  /** The error message a field points to with aria-describedby (null when valid). */
  async errorOf(field: ReturnType<Page['getByLabel']>): Promise<string | null> {
    if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
    const ids = ((await field.getAttribute('aria-describedby')) ?? '')
      .split(' ')
      .filter((id) => id.endsWith('-error'));
    return ids[0] ? this.page.locator(`#${ids[0]}`).textContent() : null;
  }
}

describe('contact form', () => {
  let server: TestServer;
  let browser: Browser;
  let form: ContactForm;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser({ width: 1280, height: 900 })]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(new URL('/contact', server.url).toString());
    await page.waitForFunction(() => document.documentElement.classList.contains('js'));
    await page.waitForLoadState('networkidle');
    form = new ContactForm(page);
  });

  it('shows the four topics and the institution’s e-mails and phone', async () => {
    const main = form.page.getByRole('main');
    for (const topic of ['Information et assistance', 'Réclamations', 'Fraude', 'Marketing']) {
      await main.getByRole('heading', { name: topic, level: 3 }).waitFor();
    }
    const hrefs = await main
      .locator('a[href^="mailto:"], a[href^="tel:"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toContain('mailto:support@comptoir.example');
    expect(hrefs).toContain('mailto:fraude@comptoir.example');
    expect(hrefs).toContain('mailto:support@comptoir.example?subject=R%C3%A9clamation');
    expect(hrefs).toContain('tel:+35220000000');
  });

  it('says in French what is missing, puts the focus on the first field, and follows the typing', async () => {
    await form.submit.click();
    await expect.poll(() => form.errorOf(form.name)).toBe('Veuillez indiquer votre nom.');
    expect(await form.errorOf(form.company)).toBe('Veuillez indiquer votre société, ou « Particulier ».');
    expect(await form.errorOf(form.email)).toBe('Veuillez indiquer votre adresse e-mail.');
    expect(await form.errorOf(form.message)).toBe('Veuillez écrire votre message.');
    expect(await form.errorOf(form.consent)).toBe(
      'Veuillez accepter la politique de confidentialité pour envoyer votre message.',
    );
    expect(await form.page.evaluate(() => document.activeElement?.id)).toBe('contact-name');

    await form.name.fill('Élise Dupont');
    await expect.poll(() => form.errorOf(form.name)).toBeNull();
    await form.email.fill('elise@exemple');
    await expect
      .poll(() => form.errorOf(form.email))
      .toBe('Veuillez entrer une adresse e-mail valide, par exemple nom@exemple.fr.');

    await form.submit.click();
    await expect.poll(() => form.page.evaluate(() => document.activeElement?.id)).toBe('contact-company');
    expect(await form.success.count()).toBe(0);
  });

  it('sends a complete form: stored for the back office, acknowledged by e-mail', async () => {
    const email = uniqueEmail();
    await form.fill({
      name: 'Élise Dupont',
      company: 'Particulier',
      email,
      message: 'Bonjour, combien de temps faut-il pour ouvrir un compte ?',
    });
    await form.submit.click();
    await form.success.waitFor();
    expect(await form.success.textContent()).toContain(
      'Un e-mail de confirmation vient de vous être envoyé.',
    );
    // The focus follows, so a screen reader reads the confirmation.
    await expect
      .poll(() => form.page.evaluate(() => document.activeElement?.textContent))
      .toBe('Message envoyé');

    const inbox = await listContactMessages(server.server.ctx, {});
    expect(inbox.items.find((item) => item.email === email)).toMatchObject({
      name: 'Élise Dupont',
      company: 'Particulier',
      message: 'Bonjour, combien de temps faut-il pour ouvrir un compte ?',
    });
    const mails = await listMailbox(server.server.ctx, email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Nous avons bien reçu votre message']);

    await form.page.getByRole('button', { name: 'Écrire un autre message' }).click();
    await form.name.waitFor();
    expect(await form.name.inputValue()).toBe('');
  });

  it('shows the server’s clear refusal when the hidden honeypot is filled', async () => {
    const email = uniqueEmail();
    await form.fill({ name: 'Robot', company: 'Spam SA', email, message: 'Achetez maintenant' });
    // People never see this field (off-screen and hidden from assistive technologies); robots fill it.
    const box = await form.page.locator('#contact-website').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(0);
    expect(await form.page.getByRole('textbox', { name: 'Ne pas remplir ce champ' }).count()).toBe(0);
    await form.page.locator('#contact-website').fill('https://spam.example', { force: true });
    await form.submit.click();
    await form.alert.waitFor();
    expect(await form.alert.textContent()).toContain('identifié comme indésirable');
    expect(
      (await listContactMessages(server.server.ctx, {})).items.some((item) => item.email === email),
    ).toBe(false);
  });

  it('keeps what was typed and sent before the page became interactive, and sends it once it is', async () => {
    // The page's script is held back, as on a slow network: the visitor fills the pre-rendered form.
    const script = /\/assets\/hydrate-[\w-]+\.js$/;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await form.page.route(script, async (route) => {
      await released;
      await route.continue();
    });
    try {
      const address = new URL('/contact', server.url).toString();
      await form.page.goto(address);
      const email = uniqueEmail();
      await form.fill({
        name: 'Élise Dupont',
        company: 'Particulier',
        email,
        message: 'Écrit avant le script.',
      });
      await form.submit.click();
      // Not sent by the browser itself (a GET with the message in the address, the form emptied).
      expect(form.page.url()).toBe(address);

      release();
      await form.success.waitFor();
      const inbox = await listContactMessages(server.server.ctx, {});
      expect(inbox.items.find((item) => item.email === email)).toMatchObject({
        name: 'Élise Dupont',
        message: 'Écrit avant le script.',
      });
    } finally {
      release();
      await form.page.unroute(script);
    }
  });

  it('says in French when too many messages were sent', async () => {
    // Use up this address's quota of the per-IP limit through the API, as a script would.
    const statuses = await form.page.evaluate(async (count) => {
      const results: number[] = [];
      for (let i = 0; i < count; i++) {
        const response = await fetch('/api/contact', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'comptoir' },
          body: JSON.stringify({
            name: 'Script',
            company: 'Test',
            email: `quota.${i}.${Date.now()}@exemple.test`,
            message: 'Message de test',
            consent: true,
            fillTimeMs: 10_000,
          }),
        });
        results.push(response.status);
      }
      return results;
    }, CONTACT_RATE_LIMIT.max + 1);
    expect(statuses.at(-1)).toBe(429);

    await form.fill({
      name: 'Élise Dupont',
      company: 'Particulier',
      email: uniqueEmail(),
      message: 'Encore moi.',
    });
    await form.submit.click();
    await form.alert.waitFor();
    expect(await form.alert.textContent()).toMatch(
      /^Vous avez envoyé beaucoup de messages en peu de temps\. Veuillez réessayer dans \d+ minutes?\.$/,
    );
  });
});
