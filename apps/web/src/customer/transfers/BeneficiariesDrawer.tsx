import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Beneficiary } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { useBeneficiaries, useDeleteBeneficiary } from '../../api/beneficiaries.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { notifySuccess } from '../../ui/toasts.ts';

const TITLE_STYLE = { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' };

/** « Gérer les bénéficiaires » (docs/product/transfers.md#beneficiaries): the list, each deletable after a confirmation. */
export function BeneficiariesDrawer(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const beneficiaries = useBeneficiaries();
  const remove = useDeleteBeneficiary();
  const [doomed, setDoomed] = useState<Beneficiary | null>(null);
  const phone = useMediaQuery('(max-width: 30em)') ?? false;

  const closeConfirmation = () => {
    setDoomed(null);
    remove.reset();
  };
  const confirmDelete = () => {
    if (!doomed) return;
    remove.mutate(doomed.id, {
      onSuccess: () => {
        notifySuccess(t('beneficiaries.deleted'));
        closeConfirmation();
      },
    });
  };

  return (
    <>
      <Drawer
        opened={props.opened}
        onClose={props.onClose}
        title={t('beneficiaries.manageTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        styles={{ title: TITLE_STYLE }}
        position={phone ? 'bottom' : 'right'}
        size={phone ? '85%' : 'md'}
        radius={phone ? 'lg' : 0}
      >
        {beneficiaries.isPending ? (
          <Stack gap="sm" aria-label={t('common.loading')}>
            <Skeleton height={72} radius="md" />
            <Skeleton height={72} radius="md" />
          </Stack>
        ) : beneficiaries.isError ? (
          <ErrorState
            message={isApiError(beneficiaries.error) ? beneficiaries.error.detail : t('errors.generic')}
            onRetry={() => void beneficiaries.refetch()}
            retrying={beneficiaries.isRefetching}
          />
        ) : beneficiaries.data.length === 0 ? (
          <Stack align="center" gap="sm" py="xl" data-testid="beneficiaries-empty">
            <IconUsers size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text c="dimmed" ta="center">
              {t('beneficiaries.empty')}
            </Text>
          </Stack>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="beneficiaries-list"
          >
            {beneficiaries.data.map((b) => (
              <Paper component="li" key={b.id} withBorder radius="md" p="sm" data-testid="beneficiary-item">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Stack gap={2} miw={0}>
                    <Group gap="xs" wrap="nowrap" miw={0}>
                      <Text fw={600} truncate>
                        {b.name}
                      </Text>
                      {b.internal && (
                        <Badge size="xs" variant="light">
                          {t('beneficiaries.internal')}
                        </Badge>
                      )}
                    </Group>
                    {b.label && (
                      <Text size="sm" c="dimmed" truncate>
                        {b.label}
                      </Text>
                    )}
                    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {formatIban(b.iban)}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('beneficiaries.delete', { name: b.name })}
                    onClick={() => setDoomed(b)}
                  >
                    <IconTrash size={20} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Drawer>

      <Modal
        opened={doomed !== null}
        onClose={closeConfirmation}
        title={t('beneficiaries.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        styles={{ title: TITLE_STYLE }}
        centered
        radius="lg"
        zIndex={400}
      >
        <Stack gap="md">
          <Text>{t('beneficiaries.deleteText', { name: doomed?.name ?? '' })}</Text>
          {remove.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('beneficiaries.error', {
                detail: isApiError(remove.error) ? remove.error.detail : t('errors.generic'),
              })}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={closeConfirmation}>
              {t('beneficiaries.cancel')}
            </Button>
            <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
              {t('beneficiaries.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
