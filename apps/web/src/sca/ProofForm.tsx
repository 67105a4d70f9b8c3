import { useState } from 'react';
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import type { ScaMethod } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { TotpCodeField } from '../auth/fields/index.ts';

interface ProofFormProps {
  methods: readonly ScaMethod[];
  pending: boolean;
  error: string | null;
  onCode: (code: string) => void;
  onPasskey: () => void;
  /** Extra buttons next to « Valider » (e.g. « Annuler »). */
  secondary?: React.ReactNode;
}

/** « Code de vérification » (6 digits) and/or « Utiliser ma clé d’accès », with the last error. */
export function ProofForm({ methods, pending, error, onCode, onPasskey, secondary }: ProofFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const totp = methods.includes('totp');
  const passkey = methods.includes('passkey');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setCode('');
    onCode(value);
  };

  return (
    <Stack gap="md">
      {passkey && (
        <Button
          size="md"
          variant={totp ? 'light' : 'filled'}
          leftSection={<IconFingerprint size={20} aria-hidden />}
          onClick={onPasskey}
          loading={pending && !totp}
          disabled={pending}
        >
          {t('sca.usePasskey')}
        </Button>
      )}
      {passkey && totp && <Divider label={t('sca.or')} labelPosition="center" />}
      {totp && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TotpCodeField
              label={t('sca.codeLabel')}
              description={t('sca.codeHint')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              maxLength={7}
              size="md"
              required
              data-autofocus
              error={invalid ? t('sca.codeInvalid') : undefined}
              styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
            />
            <Button type="submit" size="md" loading={pending} fullWidth>
              {t('sca.validate')}
            </Button>
          </Stack>
        </form>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {secondary}
    </Stack>
  );
}
