import { SimpleGrid } from '@mantine/core';
import { ScreeningStatusPanel } from './ScreeningStatusPanel.tsx';
import { ThresholdForm } from './ThresholdForm.tsx';

/** « Réglages »: the screening's state, and the match threshold (changed by an admin, read by compliance). */
export function SettingsTab() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <ScreeningStatusPanel />
      <ThresholdForm />
    </SimpleGrid>
  );
}
