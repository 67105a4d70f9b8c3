import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Account } from '@comptoir/contracts';
import { SPACE_NAME_MAX } from '@comptoir/contracts';
import { isApiError } from '../../api/api-error.ts';
import { useCreateSpace, useUpdateSpace } from '../../api/spaces.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { goalText, spaceForm, toCreateRequest, toUpdateRequest, type SpaceFormValues } from './space-form.ts';
import { EuroInput } from '../../ui/EuroInput.tsx';

/** « Créer un Espace » (space null) or « Modifier l’Espace »: a name and an optional goal in euros. */
export function SpaceFormModal(props: { opened: boolean; space: Account | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  const create = useCreateSpace();
  const update = useUpdateSpace();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SpaceFormValues>({
    resolver: zodResolver(
      spaceForm({ nameInvalid: t('spaces.nameInvalid'), goalInvalid: t('spaces.goalInvalid') }),
    ),
    defaultValues: { name: '', goal: '' },
  });
  const { errors } = form.formState;
  const { space, opened } = props;

  useEffect(() => {
    if (opened) form.reset({ name: space?.name ?? '', goal: goalText(space?.goal ?? null) });
  }, [opened, space, form]);

  const close = () => {
    setFailure(null);
    create.reset();
    update.reset();
    props.onClose();
  };

  const onError = (error: unknown) =>
    setFailure(t('spaces.error', { detail: isApiError(error) ? error.detail : t('errors.generic') }));

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    if (space) {
      update.mutate(
        { id: space.id, body: toUpdateRequest(values) },
        {
          onSuccess: () => {
            notifySuccess(t('spaces.updated'));
            close();
          },
          onError,
        },
      );
    } else {
      create.mutate(toCreateRequest(values), {
        onSuccess: () => {
          notifySuccess(t('spaces.created'));
          close();
        },
        onError,
      });
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={space ? t('spaces.editTitle') : t('spaces.createTitle')}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="space-form">
        <Stack gap="md">
          <TextInput
            label={t('spaces.name')}
            placeholder={t('spaces.namePlaceholder')}
            maxLength={SPACE_NAME_MAX}
            autoComplete="off"
            data-autofocus
            error={errors.name?.message}
            {...form.register('name')}
          />
          <EuroInput
            label={t('spaces.goal')}
            description={t('spaces.goalDescription')}
            placeholder={t('spaces.goalPlaceholder')}
            error={errors.goal?.message}
            {...form.register('goal')}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('spaces.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {space ? t('spaces.save') : t('spaces.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
