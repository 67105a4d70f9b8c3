import { useState, type FormEvent } from 'react';
import { Alert, Button, FileInput, Group, Stack } from '@mantine/core';
import { IconFileCode, IconUpload } from '@tabler/icons-react';
import { MAX_SANCTIONS_LIST_BYTES } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useUploadSanctionsList } from '../../api/backoffice-screening.ts';
import { Section } from '../Section.tsx';

/**
 * « Charger une liste »: the XML file of the EU consolidated list. The answer says what changed — the
 * new version's counts, or that the file is the version in force — or, for a refused file, the
 * server's French reason (nothing changed then).
 */
export function ListUploadForm() {
  const { t } = useTranslation();
  const upload = useUploadSanctionsList();
  const [file, setFile] = useState<File | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setInvalid(t('backofficeScreening.lists.upload.required'));
    if (file.size > MAX_SANCTIONS_LIST_BYTES)
      return setInvalid(t('backofficeScreening.lists.upload.tooLarge'));
    setInvalid(null);
    upload.mutate(file, { onSuccess: () => setFile(null) });
  };

  const result = upload.data;
  return (
    <Section
      order={2}
      title={t('backofficeScreening.lists.upload.title')}
      hint={t('backofficeScreening.lists.upload.hint')}
      testId="bo-screening-upload"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <FileInput
              label={t('backofficeScreening.lists.upload.file')}
              placeholder={t('backofficeScreening.lists.upload.placeholder')}
              accept=".xml,application/xml,text/xml"
              leftSection={<IconFileCode size={16} aria-hidden />}
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setInvalid(null);
                upload.reset();
              }}
              error={invalid}
              clearable
              required
              // Mantine draws this placeholder as text, in a grey below 4.5:1: a darker one.
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              style={{ flex: '1 1 260px', minWidth: 0 }}
            />
            <Button
              type="submit"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={upload.isPending}
            >
              {t('backofficeScreening.lists.upload.submit')}
            </Button>
          </Group>
          {result && (
            <Alert
              color={result.unchanged ? 'blue' : 'teal'}
              variant="light"
              role="status"
              data-testid="bo-screening-upload-result"
              data-unchanged={result.unchanged}
            >
              {result.unchanged
                ? t('backofficeScreening.lists.upload.unchanged')
                : t('backofficeScreening.lists.upload.done', {
                    number: result.version.number,
                    entries: result.version.entryCount,
                    added: result.version.added,
                    removed: result.version.removed,
                    changed: result.version.changed,
                  })}
            </Alert>
          )}
          {upload.isError && (
            <Alert color="red" variant="light" role="alert" data-testid="bo-screening-upload-error">
              {t('backoffice.errors.withDetail', {
                message: isApiError(upload.error) ? upload.error.detail : t('backoffice.errors.generic'),
              })}
            </Alert>
          )}
        </Stack>
      </form>
    </Section>
  );
}
