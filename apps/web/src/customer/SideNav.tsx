import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isActiveEntry, NAV_ITEMS } from './nav-items.ts';
import { UnreadBadge } from './messages/UnreadBadge.tsx';

/** Desktop (≥ 768 px) navigation. */
export function SideNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack component="nav" gap={4} aria-label={t('customer.nav.label')}>
      {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => {
        const active = isActiveEntry(pathname, to, end);
        return (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={t(label)}
            leftSection={<Icon size={20} stroke={1.8} aria-hidden />}
            rightSection={to === '/profil' ? <UnreadBadge /> : undefined}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
            fw={600}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
    </Stack>
  );
}
