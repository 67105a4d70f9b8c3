import type { ReactNode } from 'react';
import { Alert, Button, Checkbox, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCircleCheck,
  IconHelpCircle,
  IconInfoCircle,
} from '@tabler/icons-react';
import type { PayeeVerification } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';

const LOOK = {
  match: { color: 'teal', Icon: IconCircleCheck },
  close_match: { color: 'orange', Icon: IconInfoCircle },
  no_match: { color: 'red', Icon: IconAlertTriangle },
  not_possible: { color: 'gray', Icon: IconHelpCircle },
} as const;
const CLOSED = { color: 'red', Icon: IconBan } as const;

/**
 * The answer of Verification of Payee, in the words of docs/product/transfers.md#beneficiaries and
 * its colour, with `children` under it: what the customer can do about it (the beneficiary form), or
 * only the hint (a third party's payment, whose payee the customer cannot change). The title is in
 * the page's dark text: the light variant's own colour on its pale ground is too faint (WCAG 1.4.3).
 */
export function PayeeVerificationAlert(props: { verification: PayeeVerification; children: ReactNode }) {
  const { t } = useTranslation();
  const { result, holderName, reason } = props.verification;
  // A closed account is said as such (the payee's bank says no more), and nothing can be saved.
  const { color, Icon } = reason === 'account_closed' ? CLOSED : LOOK[result];
  const key = reason === 'account_closed' ? 'account_closed' : result;
  return (
    <Alert
      color={color}
      variant="light"
      radius="md"
      icon={<Icon aria-hidden />}
      role="status"
      data-testid="payee-verification"
      data-result={key}
      title={
        <Text span fw={700} c="dark.8">
          {t(`beneficiaries.verification.${key}`, { name: holderName ?? '' })}
        </Text>
      }
    >
      {props.children}
    </Alert>
  );
}

/** The answer of Verification of Payee on the beneficiary form, with what the customer can do about it. */
export function VerificationResult(props: {
  verification: PayeeVerification;
  onUseHolderName: (name: string) => void;
  confirmedMismatch: boolean;
  onConfirmMismatch: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { result, holderName, reason } = props.verification;
  const color = reason === 'account_closed' ? CLOSED.color : LOOK[result].color;
  const key = reason === 'account_closed' ? 'account_closed' : result;
  return (
    <PayeeVerificationAlert verification={props.verification}>
      <Stack gap="xs">
        <Text size="sm">{t(`beneficiaries.verificationHint.${key}`)}</Text>
        {result === 'close_match' && holderName && (
          <Button
            size="xs"
            variant="white"
            color={color}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => props.onUseHolderName(holderName)}
          >
            {t('beneficiaries.useHolderName')}
          </Button>
        )}
        {result === 'no_match' && (
          <Checkbox
            color="red"
            label={t('beneficiaries.confirmMismatch')}
            checked={props.confirmedMismatch}
            onChange={(event) => props.onConfirmMismatch(event.currentTarget.checked)}
          />
        )}
      </Stack>
    </PayeeVerificationAlert>
  );
}
