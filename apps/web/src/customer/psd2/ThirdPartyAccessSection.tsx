import './psd2-copy.ts';
import { useState } from 'react';
import { Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import type { Psd2Consent, Psd2ConsentStatus } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { usePsd2Consents, useRevokePsd2Consent } from '../../api/psd2.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { notifyError, notifySuccess } from '../../ui/toasts.ts';
import { FundsConsentModal } from './FundsConsentModal.tsx';
import { useAccountScopesText, useFrequencyText, useScopesText } from './Psd2Terms.tsx';
import { capitalised, dayOf, isFundsConsent, longDay, momentOf } from './psd2-view.ts';
import classes from './ThirdPartyAccess.module.css';

/** Badge colours, each readable on white as a filled badge. */
const STATUS_COLORS: Record<Psd2ConsentStatus, string> = {
  received: 'gray.7',
  valid: 'teal.9',
  revokedByPsu: 'gray.7',
  expired: 'gray.7',
  terminatedByTpp: 'gray.7',
  rejected: 'red.9',
};

/**
 * Profil › « Accès tiers » (the permissions dashboard of docs/psd2.md#the-customers-side): every
 * access granted to a third-party provider — who, what it may read, on which accounts, since and
 * until when, its last call, when its strong authentication is due again — current ones first.
 * « Révoquer l’accès » (confirmed) ends a current one: the provider's next call is refused.
 * « Autoriser un émetteur de carte » gives a card issuer the confirmation of funds on one account
 * (PSD2 art. 65), asked here rather than through the provider's redirect.
 */
export function ThirdPartyAccessSection() {
  const { t } = useTranslation();
  const consents = usePsd2Consents();
  const revoke = useRevokePsd2Consent();
  const [asked, setAsked] = useState<Psd2Consent | null>(null);
  const [granting, setGranting] = useState(false);
  const items = consents.data ?? [];
  const askedFunds = asked !== null && isFundsConsent(asked.scopes);

  const confirm = () => {
    if (!asked) return;
    revoke.mutate(asked.id, {
      onSuccess: () =>
        notifySuccess(
          t(askedFunds ? 'psd2.access.revokedFunds' : 'psd2.access.revoked', { tpp: asked.tpp.name }),
        ),
      onError: (error) =>
        notifyError(
          t('common.errorWithDetail', { detail: isApiError(error) ? error.detail : t('errors.generic') }),
        ),
      onSettled: () => setAsked(null),
    });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="third-party-access-title"
      data-testid="third-party-access"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="third-party-access-title">
            {t('psd2.access.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('psd2.access.intro')}
          </Text>
        </div>
        <Group>
          <Button
            variant="light"
            leftSection={<IconCreditCard size={18} aria-hidden />}
            onClick={() => setGranting(true)}
          >
            {t('psd2.funds.open')}
          </Button>
        </Group>
        {consents.isPending ? (
          <Loader size="sm" aria-label={t('psd2.access.title')} />
        ) : consents.isError ? (
          <ErrorState
            message={t('psd2.access.loadError')}
            onRetry={() => void consents.refetch()}
            retrying={consents.isFetching}
          />
        ) : items.length === 0 ? (
          <Text size="sm" data-testid="third-party-access-empty">
            {t('psd2.access.empty')}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            m={0}
            p={0}
            aria-label={t('psd2.access.listLabel')}
            style={{ listStyle: 'none' }}
          >
            {items.map((consent) => (
              <ConsentItem key={consent.id} consent={consent} onRevoke={() => setAsked(consent)} />
            ))}
          </Stack>
        )}
      </Stack>

      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={t('psd2.access.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('psd2.access.cancel') }}
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text>
            {asked &&
              t(askedFunds ? 'psd2.access.confirmBodyFunds' : 'psd2.access.confirmBody', {
                tpp: asked.tpp.name,
              })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsked(null)} data-autofocus>
              {t('psd2.access.cancel')}
            </Button>
            <Button color="red.8" onClick={confirm} loading={revoke.isPending}>
              {t('psd2.access.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <FundsConsentModal opened={granting} onClose={() => setGranting(false)} />
    </Paper>
  );
}

function ConsentItem({ consent, onRevoke }: { consent: Psd2Consent; onRevoke: () => void }) {
  const { t } = useTranslation();
  const scopes = useScopesText();
  const accountScopes = useAccountScopesText();
  const frequency = useFrequencyText();
  const current = consent.status === 'valid';
  // A card issuer's confirmation of funds: what it may do, on its one account, with no frequency
  // and no renewal of the strong authentication.
  const funds = isFundsConsent(consent.scopes);

  const rows: [label: string, value: React.ReactNode][] = [
    [t(funds ? 'psd2.access.may' : 'psd2.access.sees'), capitalised(scopes(consent.scopes))],
    [
      t(funds ? 'psd2.access.account' : 'psd2.access.accounts'),
      consent.accounts.length === 0
        ? '—'
        : consent.accounts.map((account) => (
            <span key={account.id} className={classes.line}>
              {account.name} · <span className={classes.iban}>{formatIban(account.iban)}</span>
              {accountScopes(account.scopes, consent.scopes)}
            </span>
          )),
    ],
    [t('psd2.access.since'), consent.grantedAt ? dayOf(consent.grantedAt) : t('psd2.access.notGranted')],
    [t('psd2.access.until'), longDay(consent.validUntil)],
    ...(funds ? [] : [[t('psd2.access.frequency'), frequency(consent)] as [string, string]]),
    [
      t('psd2.access.lastAccess'),
      consent.lastAccessAt ? momentOf(consent.lastAccessAt) : t('psd2.access.never'),
    ],
  ];
  if (current && consent.scaRenewalDue && !funds)
    rows.push([t('psd2.access.scaRenewal'), dayOf(consent.scaRenewalDue)]);
  if (!current && consent.endedAt) rows.push([t('psd2.access.ended'), dayOf(consent.endedAt)]);

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      data-testid="third-party-access-item"
      data-status={consent.status}
      data-tpp={consent.tpp.name}
      data-kind={funds ? 'funds' : 'information'}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0} miw={0}>
            <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {consent.tpp.name}
            </Title>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('psd2.authorisation.tppId', { id: consent.tpp.organisationId })}
            </Text>
            {funds && (
              <Text size="sm" fw={600} mt={4} data-testid="third-party-access-kind">
                {t('psd2.access.fundsKind')}
              </Text>
            )}
          </Stack>
          <Badge
            color={STATUS_COLORS[consent.status]}
            variant="filled"
            size="sm"
            tt="none"
            styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal' } }}
            data-testid="third-party-access-status"
          >
            {t(`psd2.access.status.${consent.status}`)}
          </Badge>
        </Group>
        <dl className={classes.list}>
          {rows.map(([label, value]) => (
            <div key={label} className={classes.row}>
              <dt className={classes.term}>{label}</dt>
              <dd className={classes.value}>{value}</dd>
            </div>
          ))}
        </dl>
        {current && (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              onClick={onRevoke}
              aria-label={t('psd2.access.revokeLabel', { tpp: consent.tpp.name })}
            >
              {t('psd2.access.revoke')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
