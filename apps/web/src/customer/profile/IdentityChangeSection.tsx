import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { IDENTITY_FIELDS, type IdentityChangeRequest, type Me } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useMyIdentityChanges, useRequestIdentityChange } from '../../api/identity-changes.ts';
import { countryName, countryOptions } from '../../onboarding/countries.ts';
import { DocumentFileInput } from '../../ui/DocumentFileInput.tsx';

const STATUS_COLORS: Record<IdentityChangeRequest['status'], string> = {
  pending: 'blue',
  accepted: 'green',
  rejected: 'red',
};

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });
const shown = (field: string, value: string): string =>
  field === 'taxCountry'
    ? countryName(value)
    : field === 'birthDate'
      ? dateFormat.format(new Date(`${value}T12:00:00`))
      : value;

/**
 * docs/product/profile-and-security.md#profil: the verified identity changes only through a request the bank reviews. The
 * action opens a dialog (the fields to change, the reason, a supporting document); the latest
 * request's status is shown (en cours d'examen, acceptée, refusée with the reason).
 */
export function IdentityChangeSection({ me }: { me: Me }) {
  const { t } = useTranslation();
  const requests = useMyIdentityChanges();
  const [opened, setOpened] = useState(false);
  const [sent, setSent] = useState(false);
  const latest = requests.data?.[0];
  const pending = latest?.status === 'pending';

  return (
    <Stack gap="xs" data-testid="identity-change">
      <Text size="sm" c="dimmed">
        {t('identityChange.hint')}
      </Text>
      {latest && <LatestRequest request={latest} />}
      {sent && (
        <Text size="sm" fw={600} role="status">
          {t('identityChange.sent')}
        </Text>
      )}
      <Button
        variant="light"
        justify="flex-start"
        leftSection={<IconId size={18} aria-hidden />}
        onClick={() => {
          setSent(false);
          setOpened(true);
        }}
        disabled={pending}
        // The label wraps on a phone rather than being cut.
        h="auto"
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        data-testid="identity-change-open"
      >
        {t('identityChange.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('identityChange.dialogTitle')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('identityChange.close') }}
        data-testid="identity-change-dialog"
      >
        <RequestForm
          me={me}
          onSent={() => {
            setOpened(false);
            setSent(true);
          }}
          onCancel={() => setOpened(false)}
        />
      </Modal>
    </Stack>
  );
}

function LatestRequest({ request }: { request: IdentityChangeRequest }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="identity-change-status" data-status={request.status}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between">
          <Text size="sm" fw={600}>
            {t('identityChange.statusTitle')}
          </Text>
          <Badge color={STATUS_COLORS[request.status]} variant="light" tt="none">
            {t(`identityChange.statuses.${request.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('identityChange.requestedOn', { date: dateFormat.format(new Date(request.createdAt)) })}
        </Text>
        {IDENTITY_FIELDS.map((field) => {
          const value = request.requested[field];
          return (
            value !== null && (
              <Text key={field} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('identityChange.asked', {
                  field: t(`identityChange.fields.${field}`),
                  value: shown(field, value),
                })}
              </Text>
            )
          );
        })}
        {request.rejectionReason && (
          <Text size="sm" c="red.8" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('identityChange.rejectionReason', { reason: request.rejectionReason })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function RequestForm({ me, onSent, onCancel }: { me: Me; onSent: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const send = useRequestIdentityChange();
  const [values, setValues] = useState({ firstName: '', lastName: '', birthDate: '', taxCountry: '' });
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [nothing, setNothing] = useState(false);
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  const submit = () => {
    const fields: Record<string, string> = {};
    for (const field of IDENTITY_FIELDS) if (values[field].trim()) fields[field] = values[field].trim();
    if (Object.keys(fields).length === 0) {
      setNothing(true);
      return;
    }
    setNothing(false);
    if (!file) return;
    send.mutate({ fields: { ...fields, reason: reason.trim() }, file }, { onSuccess: onSent });
  };
  const current = (value: string | null) => (value ? t('identityChange.currentValue', { value }) : undefined);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">{t('identityChange.intro')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('identityChange.fields.firstName')}
            description={current(me.firstName)}
            value={values.firstName}
            onChange={(event) => set('firstName')(event.currentTarget.value)}
            maxLength={100}
            autoComplete="off"
            data-testid="identity-change-firstName"
          />
          <TextInput
            label={t('identityChange.fields.lastName')}
            description={current(me.lastName)}
            value={values.lastName}
            onChange={(event) => set('lastName')(event.currentTarget.value)}
            maxLength={100}
            autoComplete="off"
            data-testid="identity-change-lastName"
          />
          <TextInput
            label={t('identityChange.fields.birthDate')}
            type="date"
            value={values.birthDate}
            onChange={(event) => set('birthDate')(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('identityChange.fields.taxCountry')}
            description={current(countryName(me.taxCountry) || null)}
            data={[{ value: '', label: t('identityChange.unchanged') }, ...countryOptions()]}
            value={values.taxCountry}
            onChange={(event) => set('taxCountry')(event.currentTarget.value)}
          />
        </SimpleGrid>
        {nothing && (
          <Text size="sm" c="red.8" role="alert">
            {t('identityChange.nothing')}
          </Text>
        )}
        <Textarea
          label={t('identityChange.reason')}
          placeholder={t('identityChange.reasonPlaceholder')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
          required
          data-testid="identity-change-reason"
        />
        <DocumentFileInput
          label={t('identityChange.file')}
          description={t('identityChange.fileHint')}
          placeholder={t('identityChange.filePlaceholder')}
          clearLabel={t('identityChange.clear')}
          value={file}
          onChange={setFile}
          required
          testId="identity-change-file"
        />
        {send.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('identityChange.error', {
              message: isApiError(send.error) ? send.error.detail : t('errors.generic'),
            })}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('identityChange.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!file || reason.trim() === ''}
            loading={send.isPending}
            data-testid="identity-change-send"
          >
            {t('identityChange.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
