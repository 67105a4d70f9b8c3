import type { Locator, Page } from 'playwright-core';
import { labelled } from './onboarding-pages.ts';

/** The back office's navigation and its administration screens (operators, audit log, inbox). */
export class BackOfficeAdminPages {
  constructor(readonly page: Page) {}

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Navigation de l’administration' });
  }

  navEntry(name: string): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  async goTo(name: string): Promise<void> {
    await this.navEntry(name).click();
    await this.page.getByRole('heading', { level: 1, name }).waitFor();
  }

  // — operators —

  /** Invites an operator; returns the notice saying where the link went. */
  async inviteOperator(o: { email: string; name: string; role: string }): Promise<Locator> {
    const form = this.page.getByTestId('bo-operator-create');
    await labelled(form, 'Adresse e-mail').fill(o.email);
    await labelled(form, 'Nom').fill(o.name);
    await form.getByLabel('Rôle').selectOption({ label: o.role });
    await form.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    const sent = this.page.getByTestId('bo-operator-link-sent');
    await sent.waitFor();
    return sent;
  }

  operatorRow(email: string): Locator {
    return this.page.locator(`[data-testid="bo-operator-row"][data-email="${email}"]`);
  }

  async confirm(): Promise<void> {
    const dialog = this.page.getByRole('dialog', { name: 'Confirmation' });
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  // — the enrolment page an invitation link opens —

  get enrolment(): Locator {
    return this.page.getByTestId('bo-enrolment');
  }

  /** Chooses a password, reads the TOTP secret offered and confirms it with `code(secret)`. */
  async enrol(password: string, code: (secret: string) => Promise<string>): Promise<string> {
    const secret = (await this.enrolment.getByTestId('bo-enrolment-secret').textContent())?.trim() ?? '';
    await labelled(this.enrolment, 'Choisissez votre mot de passe').fill(password);
    await labelled(this.enrolment, 'Code affiché par l’application').fill(await code(secret));
    await this.enrolment.getByRole('button', { name: 'Terminer mon inscription' }).click();
    await this.enrolment.getByTestId('bo-enrolment-done').waitFor();
    return secret;
  }

  // — audit log —

  async filterAudit(field: string, value: string): Promise<void> {
    await this.page.getByLabel(field, { exact: true }).fill(value);
    await this.page.getByRole('button', { name: 'Filtrer' }).click();
  }

  get auditRows(): Locator {
    return this.page.getByTestId('bo-audit-row');
  }

  get chainResult(): Locator {
    return this.page.getByTestId('bo-audit-verify');
  }

  // — contact inbox —

  contactMessage(id: string): Locator {
    return this.page.locator(`[data-testid="bo-contact-message"][data-id="${id}"]`);
  }
}
