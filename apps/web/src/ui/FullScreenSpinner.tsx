import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the session is being resolved or an area's code is loading. */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Loader size="lg" aria-label={t('common.loading')} />
    </Center>
  );
}
