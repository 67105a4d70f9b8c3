import { useEffect, useRef } from 'react';
import { Alert, Anchor, Box, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Transfer } from '@comptoir/contracts';
import { openDocumentRequests } from '../documents/document-dialog.ts';
import type { FormProblem } from './transfer-form.ts';
import { REFUSAL_MESSAGES, type TransferRefusal } from './transfer-errors.ts';

/** Whatever stops a transfer, as the form shows it under itself. */
export type Problem = FormProblem | TransferRefusal | { kind: 'rejected'; transfer: Transfer };

/**
 * The messages of docs/product/transfers.md#rules-in-this-order, word for word. The compliance hold's link opens the document-request dialog,
 * where the customer uploads what was asked; once it is sent, the refusal says it is under review
 * (no link: there is nothing more to send).
 */
export function TransferProblemAlert({ problem }: { problem: Exclude<Problem, { kind: 'reference' }> }) {
  const ref = useRef<HTMLDivElement>(null);
  // Under the form, the message can sit below a phone's screen (and its bottom bar): bring it up.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'center' });
  }, [problem]);
  return (
    <Box ref={ref}>
      <ProblemMessage problem={problem} />
    </Box>
  );
}

function ProblemMessage({ problem }: { problem: Exclude<Problem, { kind: 'reference' }> }) {
  const { t } = useTranslation();
  const icon = <IconAlertCircle aria-hidden />;

  if (problem.kind === 'rejected') {
    const { transfer } = problem;
    return (
      <Alert color="red" variant="light" role="alert" icon={icon} title={t('transfers.errors.rejectedTitle')}>
        <Stack gap={4}>
          <Text size="sm" fw={600} data-testid="transfer-rejected-reason">
            {transfer.reasonMessage ?? t('transfers.errors.rejectedFallback')}
          </Text>
          <Text size="sm">{t('transfers.errors.rejectedFundsBack')}</Text>
          <Text size="sm">
            {t('transfers.errors.rejectedNumber')}{' '}
            <Text span ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {transfer.number}
            </Text>
          </Text>
        </Stack>
      </Alert>
    );
  }

  if (problem.kind === 'hold') {
    return (
      <Alert color="red" variant="light" role="alert" icon={icon}>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('transfers.errors.hold')}
          </Text>
          <Anchor
            component="button"
            type="button"
            onClick={openDocumentRequests}
            size="sm"
            c="red.9"
            underline="always"
            ta="left"
          >
            {t('transfers.errors.holdLink')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  if (problem.kind === 'review') {
    return (
      <Alert color="orange" variant="light" role="alert" icon={icon}>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('transfers.errors.review')}
          </Text>
          <Text size="sm">{t('transfers.errors.reviewHint')}</Text>
        </Stack>
      </Alert>
    );
  }

  const message =
    problem.kind === 'incomplete'
      ? t('transfers.errors.incomplete')
      : problem.kind === 'server'
        ? t('transfers.errors.server', { message: problem.detail })
        : t(REFUSAL_MESSAGES[problem.kind]);
  return (
    <Alert color="red" variant="light" role="alert" icon={icon}>
      <Text size="sm" fw={500}>
        {message}
      </Text>
    </Alert>
  );
}
