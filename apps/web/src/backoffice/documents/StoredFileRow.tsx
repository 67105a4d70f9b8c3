import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';

export type StoredFileMime = 'image/jpeg' | 'image/png' | 'image/heic' | 'application/pdf';

/** The short type shown to an operator and used as the saved file's extension. */
export const FILE_TYPES: Record<StoredFileMime, string> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/heic': 'HEIC',
  'application/pdf': 'PDF',
};

/**
 * One file a customer sent, for an operator: JPEG and PNG shown inline on demand, every type
 * downloadable. Each fetch goes to the server (which audits it); nothing is kept once hidden.
 */
export function StoredFileRow({
  testId,
  label,
  mime,
  fileName,
  imageAlt,
  labels,
  fetchBlob,
  errorText,
}: {
  testId: string;
  label: string;
  mime: StoredFileMime;
  /** Saved as `${fileName}.${extension}`. */
  fileName: string;
  imageAlt: string;
  labels: { show: string; hide: string; download: string };
  fetchBlob: () => Promise<Blob>;
  errorText: (cause: unknown) => string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inline = mime === 'image/jpeg' || mime === 'image/png';

  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const open = async (save: boolean) => {
    setError(null);
    setBusy(true);
    try {
      const objectUrl = URL.createObjectURL(await fetchBlob());
      if (save) {
        const link = document.createElement('a');
        link.href = objectUrl;
        link.download = `${fileName}.${FILE_TYPES[mime].toLowerCase()}`;
        document.body.append(link);
        link.click();
        link.remove();
        window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
      } else {
        setUrl(objectUrl);
      }
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} data-testid={testId}>
      <Group gap="xs">
        <Text size="sm">{label}</Text>
        {inline &&
          (url ? (
            <Button size="compact-xs" variant="subtle" onClick={() => setUrl(null)}>
              {labels.hide}
            </Button>
          ) : (
            <Button size="compact-xs" variant="light" loading={busy} onClick={() => void open(false)}>
              {labels.show}
            </Button>
          ))}
        <Button size="compact-xs" variant="default" onClick={() => void open(true)}>
          {labels.download}
        </Button>
      </Group>
      {url && (
        <img
          src={url}
          alt={imageAlt}
          style={{
            display: 'block',
            maxWidth: '100%',
            maxHeight: '60vh',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        />
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
