import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import type { MonitoringCase } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { NoteText } from '../screening/NoteText.tsx';
import { useOperatorId } from '../screening/use-operator-id.ts';
import { Section } from '../Section.tsx';
import { AddNoteDialog } from './AddNoteDialog.tsx';
import { caseActions, operatorName } from './monitoring-text.ts';

/** The operators' notes, oldest first, and « Ajouter une note » while the case is undecided. */
export function NotesSection({ monitoringCase, name }: { monitoringCase: MonitoringCase; name: string }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const { note: canNote } = caseActions(monitoringCase, useOperatorId());
  const { notes } = monitoringCase;
  return (
    <Section title={t('backofficeMonitoring.notes.title')} testId="bo-monitoring-notes">
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backofficeMonitoring.notes.empty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0}>
          {notes.map((note) => (
            <Stack
              key={`${note.at}-${note.by.id}`}
              gap={2}
              component="li"
              style={{ listStyle: 'none' }}
              data-testid="bo-monitoring-note"
            >
              <Text size="sm" fw={600}>
                {t('backofficeMonitoring.notes.by', {
                  name: operatorName(note.by),
                  date: formatDateTime(note.at, t('backoffice.panel.dateFormat')),
                })}
              </Text>
              <NoteText>{note.note}</NoteText>
            </Stack>
          ))}
        </Stack>
      )}
      {canNote && (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconNotes size={16} aria-hidden />}
          onClick={() => setAdding(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('backofficeMonitoring.notes.add')}
        </Button>
      )}
      {adding && <AddNoteDialog caseId={monitoringCase.id} name={name} onClose={() => setAdding(false)} />}
    </Section>
  );
}
