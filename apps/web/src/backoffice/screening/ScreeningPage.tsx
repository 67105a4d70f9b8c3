import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlertsTab } from './AlertsTab.tsx';
import { FreezesTab } from './FreezesTab.tsx';
import { ListsTab } from './ListsTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';

/** The page's sections, in tab order; the current one is kept in the URL (`?vue=criblage&onglet=gels`). */
const TABS = [
  { tab: 'alertes', label: 'alerts' },
  { tab: 'gels', label: 'freezes' },
  { tab: 'listes', label: 'lists' },
  { tab: 'reglages', label: 'settings' },
] as const;
type ScreeningTab = (typeof TABS)[number]['tab'];

const isTab = (value: string | null): value is ScreeningTab => TABS.some((t) => t.tab === value);

/**
 * « Criblage » (docs/screening.md, admin and compliance): the alerts queue and its decisions under
 * four eyes, the freezes and their lifting, the list's versions and its upload, the threshold and
 * the screening's state.
 */
export function ScreeningPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('onglet');
  const current: ScreeningTab = isTab(asked) ? asked : 'alertes';
  const go = (tab: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (!isTab(tab) || tab === 'alertes') next.delete('onglet');
      else next.set('onglet', tab);
      return next;
    });

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('backofficeScreening.page.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('backofficeScreening.page.hint')}
        </Text>
      </Stack>
      <Tabs value={current} onChange={go} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map(({ tab, label }) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              px={{ base: 'xs', sm: 'md' }}
              data-testid={`bo-screening-tab-${tab}`}
            >
              {t(`backofficeScreening.page.tabs.${label}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="alertes">
          <AlertsTab />
        </Tabs.Panel>
        <Tabs.Panel value="gels">
          <FreezesTab />
        </Tabs.Panel>
        <Tabs.Panel value="listes">
          <ListsTab />
        </Tabs.Panel>
        <Tabs.Panel value="reglages">
          <SettingsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
