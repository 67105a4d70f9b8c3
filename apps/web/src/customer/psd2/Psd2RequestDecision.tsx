import { Text } from '@mantine/core';
import { type Psd2Authorisation } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { DecisionBar, type StrongAuthInput } from '../../sca/index.ts';
import { timeOf } from './psd2-view.ts';

/** What the decision bar needs from the page: the state of the last attempt and « Refuser ». */
export interface Decide {
  error: string | null;
  busy: 'approve' | 'refuse' | null;
  deny: () => void;
  /** The strong authentication bound to `challenge`, then the approval of `accountIds`. */
  approve: (challenge: StrongAuthInput, accountIds: string[]) => Promise<void>;
}

/** Until when the customer may answer, then « Refuser » and « Autoriser » (with the last error). */
export function RequestDecision(props: {
  authorisation: Psd2Authorisation;
  decide: Decide;
  onApprove: () => void;
  approveDisabled: boolean;
}) {
  const { t } = useTranslation();
  const { decide } = props;
  return (
    <>
      <Text size="xs" c="dimmed">
        {t('psd2.authorisation.expiresAt', { time: timeOf(props.authorisation.expiresAt) })}
      </Text>
      <DecisionBar
        error={decide.error && t('psd2.authorisation.error', { message: decide.error })}
        busy={decide.busy}
        refuseLabel={t('psd2.authorisation.deny')}
        approveLabel={t('psd2.authorisation.approve')}
        onRefuse={decide.deny}
        onApprove={props.onApprove}
        approveDisabled={props.approveDisabled}
      />
    </>
  );
}
