import type { Locator } from 'playwright-core';
import { Psd2Screens } from './psd2-pages.ts';

/**
 * The customer's side of a payment a third party initiates: its authorisation page (« Budgetly
 * souhaite initier un paiement »), the strong authentication bound to its terms, and the banner of
 * requests to decide in the app (decoupled approach).
 */
export class Psd2PaymentScreens extends Psd2Screens {
  paymentHeading(tpp: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: `${tpp} souhaite initier un paiement` });
  }

  get paymentTerms(): Locator {
    return this.authorisation.getByTestId('psd2-payment-terms');
  }

  /** One line of the payment's terms: `amount`, `payee`, `iban`, `when`, `type`, `account`… */
  term(id: string): Locator {
    return this.paymentTerms.getByTestId(`psd2-payment-${id}`);
  }

  get payeeVerification(): Locator {
    return this.authorisation.getByTestId('payee-verification');
  }

  get paymentScaDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Autoriser le paiement' });
  }

  /** « Autoriser », then the strong-authentication dialog (its summary is read before the code). */
  async openPaymentApproval(): Promise<void> {
    await this.authorisation.getByRole('button', { name: 'Autoriser' }).click();
    await this.paymentScaDialog.waitFor();
  }

  async confirmPayment(code: string): Promise<void> {
    await this.paymentScaDialog.getByLabel('Code de vérification').fill(code);
    await this.paymentScaDialog.getByRole('button', { name: 'Valider' }).click();
  }

  // — the banner of requests to decide (every customer screen) —

  get pendingItems(): Locator {
    return this.page.getByTestId('psd2-pending-item');
  }

  pendingItem(text: string): Locator {
    return this.pendingItems.filter({ hasText: text });
  }

  // — « Mes opérations » —

  /** The operations ordered through `tpp` (« via … » under the counterparty). */
  operationsVia(tpp: string): Locator {
    return this.operations.filter({
      has: this.page.getByTestId('operation-via').filter({ hasText: `via ${tpp}` }),
    });
  }
}
