import './psd2-copy.ts';
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { usePsd2PendingAuthorisations } from '../../api/psd2.ts';
import { paths } from '../../app/paths.ts';
import { nextExpiry, openAuthorisations, pendingText } from './psd2-pending.ts';

/** setTimeout's longest delay (about 24 days); a request expires long before. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/**
 * On every customer screen (mounted by CustomerLayout once the screen is shown): the requests a
 * third party asked the customer to decide in the app (PSD2, decoupled approach) — « Budgetly vous
 * demande d’autoriser un paiement de 12,00 € » — each with « Examiner », which opens its
 * authorisation page. Read at start, then kept current by the `psd2_authorisation` live event; one
 * decided or expired leaves.
 */
export function Psd2PendingPrompt() {
  const { t } = useTranslation();
  const list = usePsd2PendingAuthorisations();
  const [now, setNow] = useState(() => Date.now());
  const open = openAuthorisations(list.data ?? [], now);

  // Read again when the first request expires (the live event says so too, when it arrives).
  const next = nextExpiry(open);
  useEffect(() => {
    if (next === null) return;
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.min(LONGEST_DELAY_MS, Math.max(0, next - Date.now()) + 250),
    );
    return () => window.clearTimeout(timer);
  }, [next]);

  // One live region, there before any request: a request arriving is read out.
  return (
    <Stack
      gap="xs"
      mb={open.length > 0 ? 'md' : 0}
      role="status"
      aria-label={t('psd2.pending.listLabel')}
      data-testid="psd2-pending"
    >
      {open.map((item) => {
        const text = pendingText(item);
        return (
          <Alert
            key={item.id}
            color="comptoir"
            variant="light"
            radius="lg"
            role="note"
            icon={<IconBuildingBank aria-hidden />}
            data-testid="psd2-pending-item"
            data-kind={item.kind}
          >
            <Group justify="space-between" align="center" gap="xs" wrap="wrap">
              <Text
                size="sm"
                fw={600}
                c="dark.8"
                miw={0}
                style={{ flex: '1 1 12rem', overflowWrap: 'anywhere' }}
              >
                {t(text.key, text.values)}
              </Text>
              <Button
                component={Link}
                to={generatePath(paths.psd2Authorisation, { id: item.id })}
                size="compact-sm"
                aria-label={t('psd2.pending.reviewLabel', { tpp: item.tpp.name })}
                data-testid="psd2-pending-review"
              >
                {t('psd2.pending.review')}
              </Button>
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}
