import { Alert, Anchor, Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Me } from '@comptoir/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useMe, useUpdateMe } from '../api/session.ts';
import { notifySuccess } from '../ui/toasts.ts';
import { EmailChangeConfirmation } from './EmailChangeConfirmation.tsx';
import { CurrentPasswordField, EmailField, NewPasswordField } from './fields/index.ts';
import { toUpdateMeRequest, updateUserForm } from './update-user-form.ts';

export function UpdateUserPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const emailToken = params.get('emailToken');
  const { data: me } = useMe();

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={640}>
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t('updateUser.title')}
        </Title>
        {emailToken ? (
          <EmailChangeConfirmation token={emailToken} />
        ) : me ? (
          <UpdateUserForm me={me} />
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text>{t('updateUser.signInFirst')}</Text>
            <Button component={Link} to="/connexion">
              {t('updateUser.signIn')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function UpdateUserForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const form = useForm({
    resolver: zodResolver(
      updateUserForm(t('updateUser.required'), { phone: me.phone !== null, address: me.address !== null }, [
        me.firstName ?? '',
        me.lastName ?? '',
      ]),
    ),
    defaultValues: {
      email: me.pendingEmail ?? me.email,
      phone: me.phone ?? '',
      address: me.address ?? '',
      postalCode: me.postalCode ?? '',
      city: me.city ?? '',
      newPassword: '',
      currentPassword: '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    update.mutate(toUpdateMeRequest(values), {
      onSuccess: (result) => {
        notifySuccess(t('updateUser.success'));
        // A new password cancels a pending change of address: the field shows the address in force.
        form.setValue('email', result.me.pendingEmail ?? result.me.email);
        form.resetField('newPassword');
        form.resetField('currentPassword');
      },
    });
  });

  const error = update.error;
  const errorMessage = !error
    ? null
    : isApiError(error) && error.code === 'wrong_password'
      ? t('updateUser.wrongPassword')
      : t('common.errorWithDetail', { detail: isApiError(error) ? error.detail : t('errors.generic') });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailField
          label={t('updateUser.email')}
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t('updateUser.firstName')} value={me.firstName ?? ''} readOnly disabled />
          <TextInput label={t('updateUser.lastName')} value={me.lastName ?? ''} readOnly disabled />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('identityChange.namesNotEditable')}{' '}
          <Anchor component={Link} to="/profil">
            {t('identityChange.goToProfile')}
          </Anchor>
        </Text>
        <TextInput
          label={t('myProfile.updateUser.phone')}
          description={t('myProfile.updateUser.phoneHint')}
          type="tel"
          autoComplete="tel"
          required={me.phone !== null}
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextInput
          label={t('myProfile.updateUser.address')}
          autoComplete="street-address"
          required={me.address !== null}
          error={errors.address?.message}
          {...form.register('address')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('myProfile.updateUser.postalCode')}
            autoComplete="postal-code"
            required={me.address !== null}
            error={errors.postalCode?.message}
            {...form.register('postalCode')}
          />
          <TextInput
            label={t('myProfile.updateUser.city')}
            autoComplete="address-level2"
            required={me.address !== null}
            error={errors.city?.message}
            {...form.register('city')}
          />
        </SimpleGrid>
        <NewPasswordField
          label={t('updateUser.newPassword')}
          description={t('updateUser.newPasswordHint')}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <CurrentPasswordField
          label={t('updateUser.currentPassword')}
          required
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <Button type="submit" size="md" loading={update.isPending}>
          {t('updateUser.submit')}
        </Button>
        {update.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            <Text size="sm">{t('updateUser.success')}</Text>
            {update.data.emailChangePending && (
              <Text size="sm" mt={4}>
                {t('updateUser.emailChangePending', {
                  email: update.data.me.pendingEmail ?? form.getValues('email'),
                })}
              </Text>
            )}
          </Alert>
        )}
        {errorMessage && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage}
          </Alert>
        )}
        <Anchor component={Link} to="/profil" size="sm">
          {t('updateUser.backToProfile')}
        </Anchor>
      </Stack>
    </form>
  );
}
