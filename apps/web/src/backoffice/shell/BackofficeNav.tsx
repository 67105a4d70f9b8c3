import { Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isSandbox } from '../../app/institution.ts';
import { useCan, type Permission } from '../permissions.ts';

/** The back office's screens, in menu order, each with the right it needs. */
export const BACKOFFICE_VIEWS = [
  { view: 'utilisateurs', permission: 'customers' },
  { view: 'contact', permission: 'contactInbox' },
  { view: 'contestations', permission: 'directDebitClaims' },
  { view: 'criblage', permission: 'screening' },
  { view: 'surveillance', permission: 'monitoring' },
  { view: 'retenus', permission: 'heldCredits' },
  { view: 'fraudes', permission: 'fraudReports' },
  { view: 'tiers', permission: 'psd2Tpps' },
  { view: 'audit', permission: 'auditLog' },
  { view: 'operateurs', permission: 'operators' },
  { view: 'sandbox', permission: 'sandbox' },
  { view: 'boutique', permission: 'sandbox' },
] as const satisfies readonly { view: string; permission: Permission }[];
export type BackofficeView = (typeof BACKOFFICE_VIEWS)[number]['view'];

/** The views of the sandbox's simulated networks and merchant: shown in sandbox mode only. */
const SANDBOX_ONLY: ReadonlySet<BackofficeView> = new Set<BackofficeView>(['sandbox', 'boutique']);

/** The views this operator may open: a role never sees an entry it cannot use. */
function useVisibleViews(): BackofficeView[] {
  const can = useCan();
  return BACKOFFICE_VIEWS.filter((v) => can(v.permission) && (!SANDBOX_ONLY.has(v.view) || isSandbox)).map(
    (v) => v.view,
  );
}

/**
 * The current view, kept in the URL (`?vue=audit`) so a reload or a shared link keeps it; an
 * unknown or forbidden one falls back to « Utilisateurs ».
 */
export function useBackofficeView(): [BackofficeView, (view: BackofficeView) => void] {
  const [params, setParams] = useSearchParams();
  const visible = useVisibleViews();
  const asked = params.get('vue');
  const current = visible.find((v) => v === asked) ?? 'utilisateurs';
  const go = (view: BackofficeView) =>
    setParams(() => (view === 'utilisateurs' ? new URLSearchParams() : new URLSearchParams({ vue: view })));
  return [current, go];
}

/** « Utilisateurs », « Messages de contact », « Contestations de prélèvements », « Criblage », « Surveillance », « Retenus » (the held credits), « Fraudes » (the fraud reports), « Tiers PSD2 » (the open-banking providers), « Journal d'audit », « Opérateurs », « Outils sandbox », « Boutique de test ». */
export function BackofficeNav() {
  const { t } = useTranslation();
  const visible = useVisibleViews();
  const [current, go] = useBackofficeView();
  return (
    <Box
      component="nav"
      aria-label={t('backoffice.nav.label')}
      maw={1200}
      mx="auto"
      mb="lg"
      data-testid="bo-nav"
    >
      <Group gap={2} wrap="wrap">
        {visible.map((view) => (
          <Button
            key={view}
            component="a"
            href={view === 'utilisateurs' ? '?' : `?vue=${view}`}
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              go(view);
            }}
            variant={view === current ? 'filled' : 'default'}
            size="sm"
            // Tighter than a button's own padding, text and weight: an admin's twelve tabs (sandbox
            // tools included) hold on one row at 1280 px.
            px={2}
            fz={12}
            fw={500}
            aria-current={view === current ? 'page' : undefined}
          >
            {t(`backoffice.nav.${view}`)}
          </Button>
        ))}
      </Group>
    </Box>
  );
}
