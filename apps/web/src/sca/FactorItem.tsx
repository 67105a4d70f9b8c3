import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceMobile, IconFingerprint, IconPencil, IconTrash } from '@tabler/icons-react';
import { format, parseISO } from 'date-fns';
import type { ScaFactor } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { useRemoveFactor, useRenameFactor } from '../api/sca.ts';
import { useStrongAuth } from './strong-auth-context.ts';

const day = (iso: string) => format(parseISO(iso), 'dd/MM/yyyy');

/** One second factor: name, kind, dates; rename in place; remove after a confirmation and an SCA. */
export function FactorItem({ factor, last }: { factor: ScaFactor; last: boolean }) {
  const { t } = useTranslation();
  const strongAuth = useStrongAuth();
  const rename = useRenameFactor();
  const remove = useRemoveFactor();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(factor.name);
  const [asking, setAsking] = useState(false);

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    rename.mutate({ id: factor.id, name: trimmed }, { onSuccess: () => setEditing(false) });
  };

  const confirmRemoval = async () => {
    setAsking(false);
    const scaToken = await strongAuth.confirm({
      action: 'factor_removal',
      details: { factorId: factor.id },
      title: t('sca.removeConfirmTitle'),
      summary: <Text>{t('sca.removeText', { name: factor.name })}</Text>,
    });
    if (scaToken) remove.mutate({ id: factor.id, scaToken });
  };

  const Icon = factor.type === 'totp' ? IconDeviceMobile : IconFingerprint;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="sca-factor">
      {editing ? (
        <form onSubmit={save}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('sca.renameLabel')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={60}
              style={{ flex: 1 }}
              data-autofocus
              error={rename.error ? rename.error.message : undefined}
            />
            <Button type="submit" loading={rename.isPending}>
              {t('sca.save')}
            </Button>
          </Group>
        </form>
      ) : (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
            <Icon size={22} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Group gap={6} wrap="nowrap" miw={0}>
                <Text fw={600} truncate>
                  {factor.name}
                </Text>
                <Badge size="xs" variant="light" visibleFrom="xs">
                  {factor.type === 'totp' ? t('sca.typeTotp') : t('sca.typePasskey')}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {t('sca.factorAdded', { date: day(factor.createdAt) })}
                {factor.lastUsedAt ? ` · ${t('sca.factorUsed', { date: day(factor.lastUsedAt) })}` : ''}
              </Text>
            </Stack>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <ActionIcon variant="subtle" aria-label={t('sca.rename')} onClick={() => setEditing(true)}>
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('sca.remove')}
              onClick={() => setAsking(true)}
              loading={remove.isPending}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
      )}
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('sca.removeTitle')}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('sca.cancel') }}
      >
        <Stack gap="md">
          <Text>{t('sca.removeText', { name: factor.name })}</Text>
          {last && <Text c="red.8">{t('sca.removeLast')}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="subtle" color="gray" onClick={() => setAsking(false)}>
              {t('sca.cancel')}
            </Button>
            <Button color="red" onClick={() => void confirmRemoval()}>
              {t('sca.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
