import type { CDPSession, Locator } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

/** Page object for the second factors: /profil « Préférences et sécurité », login's second step, SCA dialog. */
export class SecurityScreen extends ComptoirApp {
  async openSecurity(): Promise<void> {
    await this.open('/profil');
    await this.waitForPath('/profil');
    await this.section.waitFor();
  }

  get section(): Locator {
    return this.page.getByTestId('sca-factors');
  }

  get factors(): Locator {
    return this.page.getByTestId('sca-factor');
  }

  /** « Ajouter une application d’authentification » → the secret shown under the QR code. */
  async startTotpEnrolment(): Promise<string> {
    await this.addTotpButton.click();
    return this.totpSecret();
  }

  get addTotpButton(): Locator {
    return this.page.getByRole('button', { name: 'Ajouter une application d’authentification' });
  }

  /** The secret under the QR code, without its spaces, once shown. */
  async totpSecret(): Promise<string> {
    const secret = this.page.getByTestId('totp-secret');
    await secret.waitFor();
    await this.page.getByTestId('totp-enrolment').locator('svg').first().waitFor();
    return ((await secret.textContent()) ?? '').replace(/\s/g, '');
  }

  get codeField(): Locator {
    return this.page.getByLabel('Code de vérification');
  }

  async submitCode(code: string): Promise<void> {
    await this.codeField.fill(code);
    await this.page.getByRole('button', { name: 'Valider' }).click();
  }

  async addPasskey(): Promise<void> {
    await this.page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  }

  get usePasskeyButton(): Locator {
    return this.page.getByRole('button', { name: 'Utiliser ma clé d’accès' });
  }

  get secondStepHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Vérification en deux étapes', level: 1 });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  status(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  /**
   * A virtual platform authenticator (user verification always given), through the DevTools
   * protocol: it answers WebAuthn calls of this page as a phone's or laptop's passkey would.
   */
  async addVirtualAuthenticator(): Promise<CDPSession> {
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    return cdp;
  }
}
