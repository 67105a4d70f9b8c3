import { Stack, Text } from '@mantine/core';
import type { AssetFreeze } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { useApproveFreezeLift } from '../../api/backoffice-screening.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';
import { formatDateTime } from '../format.ts';
import { NoteText } from './NoteText.tsx';

/**
 * « Approuver la levée »: the second operator reads the proposal (reason, note, who) and ends the
 * freeze. The server refuses the proposer and a too recent operator, in its own words.
 */
export function ApproveLiftDialog({
  freeze,
  name,
  onClose,
}: {
  freeze: AssetFreeze;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const approve = useApproveFreezeLift();
  const { lift } = freeze;
  const intro = freeze.payee
    ? t('backofficeScreening.freezes.approveIntroPayee', {
        name,
        payee: freeze.payee.name || formatIban(freeze.payee.iban),
      })
    : t('backofficeScreening.freezes.approveIntro', { name });

  return (
    <DecisionDialog
      title={t('backofficeScreening.freezes.approveTitle')}
      intro={intro}
      mutation={approve}
      cancelLabel={t('backofficeScreening.freezes.cancel')}
      submitLabel={t('backofficeScreening.freezes.approveSubmit')}
      onSubmit={() =>
        approve.mutate(freeze.id, {
          onSuccess: () => {
            notifySuccess(t('backofficeScreening.freezes.approved'));
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      {lift && (
        <Stack gap={2}>
          <Text size="sm">
            {t('backofficeScreening.freezes.liftProposed', {
              date: formatDateTime(lift.proposedAt, t('backoffice.panel.dateFormat')),
              name: lift.proposedBy.name || lift.proposedBy.email,
              reason: t(`backofficeScreening.freezes.reasons.${lift.reason}`),
            })}
          </Text>
          <NoteText>{t('backofficeScreening.freezes.note', { note: lift.note })}</NoteText>
        </Stack>
      )}
    </DecisionDialog>
  );
}
