import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Psd2Authorisation, Psd2PaymentTerms as PaymentTerms } from '@comptoir/contracts';
import { cents, formatEuros, formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { isInstantPayment, paymentWhen } from './psd2-payment.ts';

type Account = Pick<Psd2Authorisation['accounts'][number], 'iban' | 'name'>;

/**
 * A third party's payment, line by line: the amount, the payee (name, IBAN in groups of four, BIC),
 * the reason, when it leaves and on which rail, the account debited. The same lines on the page and
 * in the strong authentication (what the challenge is bound to).
 */
export function Psd2PaymentTerms({ payment, account }: { payment: PaymentTerms; account: Account | null }) {
  const { t } = useTranslation();
  const when = paymentWhen(payment);
  const rows: [string, ReactNode, string][] = [
    [t('psd2.payment.payee'), payment.creditorName, 'payee'],
    [
      t('psd2.payment.iban'),
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatIban(payment.creditorIban)}</span>,
      'iban',
    ],
  ];
  if (payment.creditorBic) rows.push([t('psd2.payment.bic'), payment.creditorBic, 'bic']);
  if (payment.reference) rows.push([t('psd2.payment.reference'), payment.reference, 'reference']);
  rows.push([t('psd2.payment.whenLabel'), t(when.key, when.values), 'when']);
  rows.push([
    t('psd2.payment.typeLabel'),
    t(isInstantPayment(payment) ? 'psd2.payment.type.instant' : 'psd2.payment.type.standard'),
    'type',
  ]);
  if (account)
    rows.push([
      t('psd2.payment.account'),
      // The IBAN on a line of its own, wrapping between its groups on a narrow screen.
      <>
        {account.name}
        <br />
        {formatIban(account.iban)}
      </>,
      'account',
    ]);

  return (
    <Stack gap="sm" data-testid="psd2-payment-terms">
      <Stack gap={0}>
        <Text size="sm" c="dimmed">
          {t('psd2.payment.amount')}
        </Text>
        <Text
          fz={28}
          fw={700}
          style={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid="psd2-payment-amount"
        >
          {formatEuros(cents(payment.amount))}
        </Text>
      </Stack>
      <SimpleGrid
        cols={2}
        spacing="sm"
        verticalSpacing={6}
        style={{ gridTemplateColumns: 'auto minmax(0, 1fr)' }}
      >
        {rows.map(([label, value, id]) => (
          <RowPair key={id} label={label} value={value} id={id} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function RowPair({ label, value, id }: { label: string; value: ReactNode; id: string }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={`psd2-payment-${id}`}>
        {value}
      </Text>
    </>
  );
}
