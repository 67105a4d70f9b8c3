import type { HeldCredit } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { heldCustomerName } from './held-credit-text.ts';

/** The amount, originator and customer a dialog names: « 2 000,00 € », « Société Écran SARL », « Jeanne Martin ». */
export function useHeldCreditWords(h: Pick<HeldCredit, 'amount' | 'originatorName' | 'customer'>) {
  const { t } = useTranslation();
  return {
    amount: formatEuros(BigInt(h.amount)),
    originator: h.originatorName ?? t('backofficeHeldCredits.dialogs.anOriginator'),
    name: heldCustomerName(h.customer) || t('backofficeHeldCredits.card.anonymised'),
  };
}
