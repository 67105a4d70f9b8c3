import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconDownload, IconEye, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import type { BackofficeDocument } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { fetchDocumentBlob, useCustomerDocuments } from '../../api/backoffice.ts';
import { formatDateTime } from '../format.ts';
import { Section } from '../Section.tsx';

/** Identity document first, then selfie, then proof of address; current before replaced, newest first. */
const KIND_ORDER: readonly BackofficeDocument['kind'][] = [
  'id_front',
  'id_back',
  'passport',
  'selfie',
  'proof_of_address',
];
const byReviewOrder = (a: BackofficeDocument, b: BackofficeDocument): number =>
  Number(b.current) - Number(a.current) ||
  KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
  b.uploadedAt.localeCompare(a.uploadedAt);

const isShownInline = (document: BackofficeDocument): boolean =>
  document.mime === 'image/jpeg' || document.mime === 'image/png';

const EXTENSIONS: Record<BackofficeDocument['mime'], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/** Saves a Blob under a name, through a short-lived object URL (never a public link). */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The application's documents: images shown, PDFs (and HEIC) downloaded. Files are fetched only
 * when the operator asks, because the server writes every fetch to the audit log.
 */
export function DocumentsSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const documents = useCustomerDocuments(customerId, true);
  const [showReplaced, setShowReplaced] = useState(false);
  const [viewing, setViewing] = useState<BackofficeDocument | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const kindLabel = (document: BackofficeDocument) => t(`backoffice.documents.kinds.${document.kind}`);
  const dateOf = (document: BackofficeDocument) =>
    formatDateTime(document.uploadedAt, t('backoffice.panel.dateFormat'));
  const fileName = (document: BackofficeDocument) =>
    `${document.kind}-${document.uploadedAt.slice(0, 10)}.${EXTENSIONS[document.mime]}`;

  const download = async (document: BackofficeDocument) => {
    setDownloadError(null);
    setDownloading(document.id);
    try {
      saveBlob(await fetchDocumentBlob(document.id), fileName(document));
    } catch (error) {
      setDownloadError(
        t('backoffice.errors.withDetail', {
          message: isApiError(error) ? error.detail : t('backoffice.errors.generic'),
        }),
      );
    } finally {
      setDownloading(null);
    }
  };

  const all = documents.data ?? [];
  const hasReplaced = all.some((document) => !document.current);
  const list = all.filter((document) => showReplaced || document.current).sort(byReviewOrder);

  return (
    <Section
      title={t('backoffice.documents.title')}
      hint={t('backoffice.documents.audited')}
      testId="bo-documents"
    >
      {documents.isPending ? (
        <Center py="md" role="status">
          <Loader size="sm" aria-label={t('backoffice.documents.loading')} />
        </Center>
      ) : documents.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(documents.error) ? documents.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : all.length === 0 ? (
        <Text c="dimmed">{t('backoffice.documents.none')}</Text>
      ) : (
        <Stack gap="md">
          {hasReplaced && (
            <Checkbox
              label={t('backoffice.documents.showReplaced')}
              checked={showReplaced}
              onChange={(event) => setShowReplaced(event.currentTarget.checked)}
            />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {list.map((document) => (
              <Paper
                key={document.id}
                withBorder
                radius="md"
                p="sm"
                data-testid="bo-document"
                data-kind={document.kind}
                bg={viewing?.id === document.id ? 'comptoir.0' : undefined}
              >
                <Stack gap={6}>
                  <Group gap="xs" wrap="nowrap">
                    {document.mime === 'application/pdf' ? (
                      <IconFileTypePdf size={20} aria-hidden />
                    ) : (
                      <IconPhoto size={20} aria-hidden />
                    )}
                    <Text fw={600} size="sm">
                      {kindLabel(document)}
                    </Text>
                    {!document.current && (
                      <Badge size="xs" color="gray" variant="dot" tt="none">
                        {t('backoffice.documents.replaced')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {dateOf(document)} · {EXTENSIONS[document.mime].toUpperCase()} ·{' '}
                    {t('backoffice.documents.size', { size: Math.max(1, Math.round(document.size / 1024)) })}
                  </Text>
                  <Group gap="xs">
                    {isShownInline(document) && (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconEye size={14} aria-hidden />}
                        onClick={() => setViewing(document)}
                        aria-label={`${t('backoffice.documents.show')} : ${kindLabel(document)}`}
                      >
                        {t('backoffice.documents.show')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      loading={downloading === document.id}
                      onClick={() => void download(document)}
                      aria-label={`${t('backoffice.documents.download')} : ${kindLabel(document)}`}
                    >
                      {t('backoffice.documents.download')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
          {downloadError && (
            <Alert color="red" variant="light" role="alert">
              {downloadError}
            </Alert>
          )}
          {viewing && (
            <DocumentViewer
              key={viewing.id}
              document={viewing}
              title={t('backoffice.documents.viewerTitle', {
                kind: kindLabel(viewing),
                date: dateOf(viewing),
              })}
              alt={t('backoffice.documents.imageAlt', { kind: kindLabel(viewing), date: dateOf(viewing) })}
              onClose={() => setViewing(null)}
            />
          )}
        </Stack>
      )}
    </Section>
  );
}

function DocumentViewer({
  document,
  title,
  alt,
  onClose,
}: {
  document: BackofficeDocument;
  title: string;
  alt: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);

  // The viewer opens below the list: bring it into view and give it the focus.
  useEffect(() => {
    frame.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    frame.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchDocumentBlob(document.id, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      (cause: unknown) => {
        if (cause instanceof DOMException && cause.name === 'AbortError') return;
        setError(
          t('backoffice.errors.withDetail', {
            message: isApiError(cause) ? cause.detail : t('backoffice.errors.generic'),
          }),
        );
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [document.id, t]);

  return (
    <Paper
      ref={frame}
      withBorder
      radius="md"
      p="sm"
      data-testid="bo-document-viewer"
      tabIndex={-1}
      role="region"
      aria-label={title}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {title}
          </Text>
          <CloseButton onClick={onClose} aria-label={t('backoffice.documents.closeViewer')} />
        </Group>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : url ? (
          <img
            src={url}
            alt={alt}
            style={{
              display: 'block',
              maxWidth: '100%',
              maxHeight: '70vh',
              margin: '0 auto',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'var(--mantine-color-gray-1)',
            }}
          />
        ) : (
          <Center py="lg" role="status">
            <Loader size="sm" aria-label={t('backoffice.documents.loadingFile')} />
          </Center>
        )}
      </Stack>
    </Paper>
  );
}
