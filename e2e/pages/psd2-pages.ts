import { randomUUID } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import type { Locator } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

/** A TPP's certificate and key from the sandbox's test authority, and that authority. */
export interface TppCertificate {
  certificate: string;
  privateKey: string;
  authority: string;
}

export interface TppAnswer<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A third-party provider calling the PSD2 interface over mutual TLS, as a real one would: its
 * certificate and key on each connection, the server's certificate checked against the sandbox
 * authority, an `X-Request-ID` per call.
 */
export class TppClient {
  constructor(
    /** `https://127.0.0.1:PORT/psd2/v1` */
    readonly baseUrl: string,
    readonly credentials: TppCertificate,
  ) {}

  /** A path of the interface (`/consents`) or a link it gave (`/psd2/v1/accounts/…`). */
  private url(path: string): URL {
    const base = new URL(this.baseUrl);
    return path.startsWith(base.pathname)
      ? new URL(path, base.origin)
      : new URL(`${base.pathname}${path}`, base.origin);
  }

  call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<TppAnswer<T>> {
    const url = this.url(path);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        url,
        {
          method,
          cert: this.credentials.certificate,
          key: this.credentials.privateKey,
          ca: this.credentials.authority,
          headers: {
            'X-Request-ID': randomUUID(),
            Accept: 'application/json',
            ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode ?? 0,
              body: (text ? JSON.parse(text) : null) as T,
              headers: res.headers,
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  /** An account-information call under a consent; `attended` adds `PSU-IP-Address` (the customer is there). */
  read<T>(consentId: string, path: string, attended: boolean): Promise<TppAnswer<T>> {
    return this.call<T>('GET', path, {
      headers: { 'Consent-ID': consentId, ...(attended ? { 'PSU-IP-Address': '127.0.0.1' } : {}) },
    });
  }
}

/** The customer's side of open banking: the authorisation page a TPP sends them to, « Accès tiers ». */
export class Psd2Screens extends ComptoirApp {
  get authorisation(): Locator {
    return this.page.getByTestId('psd2-authorisation');
  }

  get authorisationHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Demande d’accès à vos comptes' });
  }

  get tppName(): Locator {
    return this.page.getByTestId('psd2-tpp-name');
  }

  get terms(): Locator {
    return this.authorisation.getByTestId('psd2-terms');
  }

  get accounts(): Locator {
    return this.page.getByTestId('psd2-accounts').getByRole('checkbox');
  }

  get scaDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Autoriser l’accès à vos comptes' });
  }

  get outcome(): Locator {
    return this.page.getByTestId('psd2-outcome');
  }

  /** The login's second step: the authenticator app's code. */
  async secondStep(code: string): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: 'Vérification en deux étapes' }).waitFor();
    await this.page.getByLabel('Code de vérification').fill(code);
    await this.page.getByRole('button', { name: 'Valider' }).click();
  }

  /** « Autoriser », then the code in the strong-authentication dialog. */
  async approve(code: string): Promise<void> {
    await this.authorisation.getByRole('button', { name: 'Autoriser' }).click();
    await this.scaDialog.waitFor();
    await this.scaDialog.getByLabel('Code de vérification').fill(code);
    await this.scaDialog.getByRole('button', { name: 'Valider' }).click();
  }

  async deny(): Promise<void> {
    await this.authorisation.getByRole('button', { name: 'Refuser' }).click();
  }

  // — Profil › « Accès tiers » —

  get thirdPartyAccess(): Locator {
    return this.page.getByTestId('third-party-access');
  }

  async openThirdPartyAccess(): Promise<void> {
    await this.open('/profil');
    await this.page.getByRole('heading', { level: 2, name: 'Accès tiers' }).waitFor();
    await this.thirdPartyAccess.scrollIntoViewIfNeeded();
  }

  access(tpp: string, status: string): Locator {
    return this.thirdPartyAccess.locator(
      `[data-testid="third-party-access-item"][data-tpp="${tpp}"][data-status="${status}"]`,
    );
  }

  async revoke(tpp: string): Promise<void> {
    await this.access(tpp, 'valid')
      .getByRole('button', { name: `Révoquer l’accès de ${tpp}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: 'Révoquer cet accès ?' });
    await dialog.getByRole('button', { name: 'Révoquer' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}

/** « Autoriser un émetteur de carte » in « Accès tiers », and the strong authentication it asks. */
export class FundsConsentScreens extends Psd2Screens {
  get fundsDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Autoriser un émetteur de carte' });
  }

  get fundsScaDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Autoriser la confirmation de fonds' });
  }

  get providerInput(): Locator {
    return this.fundsDialog.getByLabel('Identifiant de l’émetteur de carte');
  }

  get accountSelect(): Locator {
    return this.fundsDialog.getByLabel('Compte concerné');
  }

  get untilInput(): Locator {
    return this.fundsDialog.getByLabel('Jusqu’au');
  }

  async openFundsForm(): Promise<void> {
    await this.thirdPartyAccess.getByRole('button', { name: 'Autoriser un émetteur de carte' }).click();
    await this.fundsDialog.waitFor();
  }

  /** The identifier typed, then « Autoriser »: the strong authentication opens if the form is right. */
  async submitProvider(organisationId: string): Promise<void> {
    await this.providerInput.fill(organisationId);
    await this.fundsDialog.getByRole('button', { name: 'Autoriser', exact: true }).click();
  }

  /** The code in the strong-authentication dialog, then « Valider ». */
  async confirmWithCode(code: string): Promise<void> {
    await this.fundsScaDialog.getByLabel('Code de vérification').fill(code);
    await this.fundsScaDialog.getByRole('button', { name: 'Valider' }).click();
    await this.fundsScaDialog.waitFor({ state: 'detached' });
  }
}
