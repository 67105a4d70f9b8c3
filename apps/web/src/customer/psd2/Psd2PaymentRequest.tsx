import { useState } from 'react';
import { Paper, Text } from '@mantine/core';
import {
  psd2PaymentScaDetails,
  type Psd2Authorisation,
  type Psd2PaymentTerms as PaymentTerms,
} from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { FraudWarning } from '../transfers/FraudWarning.tsx';
import { Psd2PayeeVerification } from './Psd2PayeeVerification.tsx';
import { Psd2PaymentScaSummary } from './Psd2PaymentScaSummary.tsx';
import { Psd2PaymentTerms } from './Psd2PaymentTerms.tsx';
import { RequestDecision, type Decide } from './Psd2RequestDecision.tsx';

/**
 * A payment the TPP initiates: the amount, the payee and what Verification of Payee found, when it
 * leaves, the account debited. A payee reported for fraud holds « Autoriser » until the customer
 * ticks that they know it.
 */
export function PaymentRequest({
  authorisation,
  payment,
  decide,
}: {
  authorisation: Psd2Authorisation;
  payment: PaymentTerms;
  decide: Decide;
}) {
  const { t } = useTranslation();
  // The one account the TPP named to debit.
  const account = authorisation.accounts.find((a) => a.requested) ?? authorisation.accounts[0] ?? null;
  const [acknowledgedFraud, setAcknowledgedFraud] = useState(false);
  const held = payment.verification.reportedForFraud && !acknowledgedFraud;

  const approve = () => {
    if (!account || held) return;
    void decide.approve(
      {
        action: 'psd2_payment',
        details: psd2PaymentScaDetails(authorisation.id, account.id, payment),
        title: t('psd2.payment.sca.title'),
        summary: <Psd2PaymentScaSummary authorisation={authorisation} payment={payment} account={account} />,
      },
      [account.id],
    );
  };

  return (
    <>
      <Text size="sm">{t('psd2.payment.intro')}</Text>
      <Paper
        withBorder
        radius="md"
        p="md"
        bg="var(--mantine-color-gray-light)"
        component="section"
        aria-label={t('psd2.payment.termsLabel')}
      >
        <Psd2PaymentTerms payment={payment} account={account} />
      </Paper>
      {!account && <Text size="sm">{t('psd2.payment.noAccount')}</Text>}
      <Psd2PayeeVerification verification={payment.verification} />
      {payment.verification.reportedForFraud && (
        <FraudWarning
          acknowledged={acknowledgedFraud}
          onAcknowledge={setAcknowledgedFraud}
          label={t('psd2.payment.acknowledgeFraud')}
        />
      )}
      <RequestDecision
        authorisation={authorisation}
        decide={decide}
        onApprove={approve}
        approveDisabled={!account || held}
      />
    </>
  );
}
