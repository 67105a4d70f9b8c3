import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import classes from './BottomNav.module.css';
import { isActiveEntry, NAV_ITEMS } from './nav-items.ts';
import { UnreadBadge } from './messages/UnreadBadge.tsx';

/** Mobile (< 768 px) navigation, fixed at the bottom. */
export function BottomNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className={classes.bar} aria-label={t('customer.nav.label')}>
      {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => {
        const active = isActiveEntry(pathname, to, end);
        return (
          <UnstyledButton
            key={to}
            component={Link}
            to={to}
            className={classes.item}
            aria-current={active ? 'page' : undefined}
          >
            <Icon size={22} stroke={active ? 2.2 : 1.8} aria-hidden />
            <span>{t(label)}</span>
            {to === '/profil' && (
              <span className={classes.badge}>
                <UnreadBadge size="xs" />
              </span>
            )}
          </UnstyledButton>
        );
      })}
    </nav>
  );
}
