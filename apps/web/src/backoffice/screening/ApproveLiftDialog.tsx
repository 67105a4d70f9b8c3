import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AssetFreeze } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useApproveFreezeLift } from '../../api/backoffice-screening.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { formatDateTime } from '../format.ts';
import classes from '../contrast.module.css';

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
    <Modal
      opened
      onClose={onClose}
      title={t('backofficeScreening.freezes.approveTitle')}
      centered
      radius="md"
      classNames={{ content: classes.readable }}
      closeButtonProps={{ 'aria-label': t('backofficeScreening.freezes.cancel') }}
    >
      <Stack gap="md">
        <Text size="sm">{intro}</Text>
        {lift && (
          <Stack gap={2}>
            <Text size="sm">
              {t('backofficeScreening.freezes.liftProposed', {
                date: formatDateTime(lift.proposedAt, t('backoffice.panel.dateFormat')),
                name: lift.proposedBy.name || lift.proposedBy.email,
                reason: t(`backofficeScreening.freezes.reasons.${lift.reason}`),
              })}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t('backofficeScreening.freezes.note', { note: lift.note })}
            </Text>
          </Stack>
        )}
        {approve.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('backoffice.errors.withDetail', {
              message: isApiError(approve.error) ? approve.error.detail : t('backoffice.errors.generic'),
            })}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('backofficeScreening.freezes.cancel')}
          </Button>
          <Button
            loading={approve.isPending}
            onClick={() =>
              approve.mutate(freeze.id, {
                onSuccess: () => {
                  notifySuccess(t('backofficeScreening.freezes.approved'));
                  onClose();
                },
              })
            }
          >
            {t('backofficeScreening.freezes.approveSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
