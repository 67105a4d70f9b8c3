import { Text } from '@mantine/core';
import type { ScaFactorType } from '@comptoir/contracts';
import type { TFunction } from 'i18next';
import type { StrongAuth } from './strong-auth-context.ts';

/**
 * Before adding a factor: nothing when the customer has none yet; otherwise a strong confirmation
 * with an existing one. Resolves with the token (or undefined when none is needed), null if cancelled.
 */
export async function confirmEnrolment(
  strongAuth: StrongAuth,
  t: TFunction,
  method: ScaFactorType,
  hasFactor: boolean,
): Promise<string | undefined | null> {
  if (!hasFactor) return undefined;
  return strongAuth.confirm({
    action: 'factor_enrolment',
    details: { method },
    title: t('sca.enrolConfirmTitle'),
    summary: <Text>{method === 'totp' ? t('sca.enrolConfirmTotp') : t('sca.enrolConfirmPasskey')}</Text>,
  });
}
