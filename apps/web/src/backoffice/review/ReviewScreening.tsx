import { Alert, Anchor, Button, Group, Loader, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconRefresh, IconShieldCheck, IconShieldExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCustomerScreenings } from '../../api/backoffice-screening.ts';
import { formatDateTime } from '../format.ts';
import { FrozenBadge } from '../screening/FrozenBadge.tsx';
import { reviewScreening } from '../screening/screening-text.ts';
import { useBackofficeView } from '../shell/BackofficeNav.tsx';

/**
 * The application's screening, shown before the approve button (docs/screening.md#screening): no
 * match (against which list, when), the alerts still open with a link to the « Criblage » queue, or
 * « Criblage en cours » while the application has not been screened yet.
 */
export function ReviewScreening({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const [, go] = useBackofficeView();
  const screenings = useCustomerScreenings(customerId, null);

  if (screenings.isPending) {
    return <Loader size="xs" aria-label={t('backofficeScreening.review.loading')} />;
  }
  if (screenings.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('backoffice.errors.generic')}
      </Alert>
    );
  }
  const { summary } = screenings.data;
  const state = reviewScreening(summary);
  const color = state.kind === 'alerts' ? 'orange' : state.kind === 'clear' ? 'teal' : 'gray';
  const icon =
    state.kind === 'clear' ? (
      <IconShieldCheck size={18} aria-hidden />
    ) : (
      <IconShieldExclamation size={18} aria-hidden />
    );

  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      bg={`${color}.0`}
      data-testid="bo-review-screening"
      data-state={state.kind}
    >
      <Group gap="sm" wrap="wrap">
        <ThemeIcon color={color} variant="transparent" size="sm">
          {icon}
        </ThemeIcon>
        <Text size="sm" fw={600}>
          {state.kind === 'alerts'
            ? t('backofficeScreening.review.alerts', { count: state.count })
            : state.kind === 'clear'
              ? t('backofficeScreening.review.clear', {
                  number: state.listVersionNumber,
                  date: formatDateTime(state.screenedAt, t('backoffice.panel.dateFormat')),
                })
              : t('backofficeScreening.review.pending')}
        </Text>
        {summary.frozen && <FrozenBadge />}
        {state.kind === 'alerts' && (
          <Anchor
            href="?vue=criblage"
            size="sm"
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              go('criblage');
            }}
          >
            {t('backofficeScreening.review.openQueue')}
          </Anchor>
        )}
        {state.kind === 'pending' && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={screenings.isFetching}
            onClick={() => void screenings.refetch()}
          >
            {t('backofficeScreening.page.refresh')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
