import { useState } from 'react';
import { Alert, Box, Button, Grid, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DIRECT_DEBIT_SEQUENCES,
  type DirectDebitCollection,
  type SandboxDirectDebitRequest,
} from '@comptoir/contracts';
import { formatEuros, ofName } from '@comptoir/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { announceDirectDebit, presentDirectDebit } from '../../api/backoffice-direct-debits.ts';
import { EuroInput } from '../../ui/EuroInput.tsx';
import { COLLECTION_COLORS, DirectDebitBadge } from '../direct-debits/DirectDebitBadge.tsx';
import { formatDay } from '../format.ts';
import { Section } from '../Section.tsx';
import {
  problemField,
  sandboxDirectDebitForm,
  type SandboxDirectDebitField,
  type SandboxDirectDebitValues,
} from './sandbox-direct-debit-form.ts';

const EMPTY: SandboxDirectDebitValues = {
  iban: '',
  creditorId: '',
  creditorName: '',
  mandateId: '',
  mandateSignedOn: '',
  sequence: 'FRST',
  amount: '',
  dueDate: '',
  remittanceInfo: '',
};

/**
 * « Annoncer un prélèvement » (docs/direct-debits.md#back-office, sandbox mode only, admin and
 * compliance): the creditor's bank, simulated. The collection announced is shown with « Présenter
 * maintenant », which executes it at once instead of on its due date.
 */
export function SandboxDirectDebitTools() {
  const { t } = useTranslation();
  const [collection, setCollection] = useState<DirectDebitCollection | null>(null);
  return (
    <Box mt="lg">
      <Section
        order={2}
        title={t('backofficeDirectDebits.sandbox.title')}
        hint={t('backofficeDirectDebits.sandbox.hint')}
        testId="bo-sandbox-direct-debits"
      >
        <Stack gap="lg">
          <AnnounceForm onAnnounced={setCollection} />
          {collection && <AnnouncedCollection collection={collection} onChange={setCollection} />}
        </Stack>
      </Section>
    </Box>
  );
}

function AnnounceForm({ onAnnounced }: { onAnnounced: (collection: DirectDebitCollection) => void }) {
  const { t } = useTranslation();
  const form = useForm<SandboxDirectDebitValues, unknown, SandboxDirectDebitRequest>({
    resolver: zodResolver(
      sandboxDirectDebitForm({
        required: t('backofficeDirectDebits.sandbox.required'),
        invalid: t('backofficeDirectDebits.sandbox.invalid'),
        amount: t('backofficeDirectDebits.sandbox.badAmount'),
      }),
    ),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const announce = useMutation({
    // A new key for each submission: the same request sent twice (a double click) is one collection.
    mutationFn: (body: SandboxDirectDebitRequest) => announceDirectDebit(body, crypto.randomUUID()),
    onSuccess: onAnnounced,
    onError: (error) => {
      const field = isApiError(error) ? problemField(error.code) : null;
      if (field && isApiError(error)) form.setError(field, { message: error.detail }, { shouldFocus: true });
    },
  });
  const fieldOfError = isApiError(announce.error) ? problemField(announce.error.code) : null;

  const submit = form.handleSubmit((body) => announce.mutate(body));
  const text = (field: SandboxDirectDebitField, props: { type?: string; description?: string } = {}) => (
    <TextInput
      label={t(`backofficeDirectDebits.sandbox.${field}`)}
      autoComplete="off"
      required={field !== 'remittanceInfo'}
      error={errors[field]?.message}
      {...props}
      {...form.register(field)}
    />
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="bo-announce-direct-debit"
      aria-label={t('backofficeDirectDebits.sandbox.formTitle')}
    >
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {t('backofficeDirectDebits.sandbox.formTitle')}
        </Title>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 8 }}>{text('iban')}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <EuroInput
              label={t('backofficeDirectDebits.sandbox.amount')}
              required
              error={errors.amount?.message}
              {...form.register('amount')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            {text('creditorId', { description: t('backofficeDirectDebits.sandbox.creditorIdHint') })}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{text('creditorName')}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{text('mandateId')}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{text('mandateSignedOn', { type: 'date' })}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label={t('backofficeDirectDebits.sandbox.sequence')}
              required
              data={DIRECT_DEBIT_SEQUENCES.map((sequence) => ({
                value: sequence,
                label: t(`backofficeDirectDebits.sandbox.sequences.${sequence}`),
              }))}
              error={errors.sequence?.message}
              {...form.register('sequence')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{text('dueDate', { type: 'date' })}</Grid.Col>
          <Grid.Col span={12}>{text('remittanceInfo')}</Grid.Col>
        </Grid>
        <Button type="submit" loading={announce.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('backofficeDirectDebits.sandbox.submit')}
        </Button>
        {announce.isError && fieldOfError === null && (
          <Alert color="red" variant="light" role="alert">
            {t('backofficeDirectDebits.sandbox.error', {
              message: isApiError(announce.error) ? announce.error.detail : t('backoffice.errors.generic'),
            })}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** The collection just announced, as the server answered it, and « Présenter maintenant » while it waits. */
function AnnouncedCollection({
  collection,
  onChange,
}: {
  collection: DirectDebitCollection;
  onChange: (collection: DirectDebitCollection) => void;
}) {
  const { t } = useTranslation();
  const present = useMutation({
    mutationFn: () => presentDirectDebit(collection.id),
    onSuccess: onChange,
  });
  return (
    <Alert
      color={collection.status === 'returned' ? 'red' : 'teal'}
      variant="light"
      role="status"
      data-testid="bo-announced-direct-debit"
      data-status={collection.status}
      data-collection={collection.id}
    >
      <Stack gap={6}>
        {/* The alert's own title colour is too pale on its light background: dark text instead. */}
        <Text size="sm" fw={700} c={collection.status === 'returned' ? 'red.9' : '#1e5f33'}>
          {t('backofficeDirectDebits.sandbox.created')}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('backofficeDirectDebits.sandbox.collection', {
            amount: formatEuros(BigInt(collection.amount)),
            ofCreditor: ofName(collection.creditorName),
            date: formatDay(collection.dueDate),
            sequence: collection.sequence,
          })}
        </Text>
        <Group gap="xs">
          <DirectDebitBadge
            color={COLLECTION_COLORS[collection.status]}
            status={collection.status}
            label={t(`backofficeDirectDebits.collection.statuses.${collection.status}`)}
          />
          {collection.status === 'booked' && collection.number && (
            <Text size="sm">{t('backofficeDirectDebits.sandbox.booked', { number: collection.number })}</Text>
          )}
          {/* The French reason already says « Prélèvement rejeté : … » beside the badge. */}
          {collection.status === 'returned' && collection.returnMessage && (
            <Text size="sm">{collection.returnMessage}</Text>
          )}
        </Group>
        {(collection.status === 'announced' || collection.status === 'refused') && (
          <Button
            size="xs"
            variant="default"
            style={{ alignSelf: 'flex-start' }}
            loading={present.isPending}
            onClick={() => present.mutate()}
          >
            {t('backofficeDirectDebits.sandbox.present')}
          </Button>
        )}
        {present.isError && (
          <Text size="sm" c="red.9" role="alert">
            {t('backofficeDirectDebits.sandbox.error', {
              message: isApiError(present.error) ? present.error.detail : t('backoffice.errors.generic'),
            })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
