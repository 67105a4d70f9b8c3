import {
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { pathOf, SIGN_IN_PATH, SIGN_UP_PATH, type PageKey } from '../routes.ts';
import { fill, m } from '../strings.ts';
import { useInstitution, useNavigation } from '../site-context.tsx';
import { Icon } from './Icon.tsx';
import { Logo } from './Logo.tsx';
import { SiteLink } from './SiteLink.tsx';
import h from './header.module.css';
import s from '../site.module.css';

type MenuId = 'payments' | 'accounts' | 'about' | 'login';
type LinkPage = Exclude<PageKey, 'home' | 'privacy'>;

/** The three menus of docs/product/marketing-site.md, in order. */
export const MENUS: readonly { id: Exclude<MenuId, 'login'>; label: string; pages: readonly LinkPage[] }[] = [
  { id: 'payments', label: m.nav.menus.payments, pages: ['cartedigital', 'virements', 'prelevements'] },
  { id: 'accounts', label: m.nav.menus.accounts, pages: ['compteshome', 'offre', 'agregation'] },
  {
    id: 'about',
    label: m.nav.menus.about,
    pages: ['valeurs', 'blog', 'faq', 'temoignagesclient', 'contact'],
  },
];

/** The burger menu closes once the page has scrolled this far from where it was opened. */
export const BURGER_SCROLL_CLOSE_PX = 80;

/**
 * Fixed top bar: logo, the three menus and « Connexion » (disclosure buttons: Enter/Space open,
 * Escape closes and gives focus back, leaving the menu closes it), and under 900 px a burger whose
 * menu closes on a link click, a scroll of more than 80 px or a click outside.
 */
export function Header() {
  const institution = useInstitution();
  const { path } = useNavigation();
  const [openMenu, setOpenMenu] = useState<MenuId | null>(null);
  const [burgerOpen, setBurgerOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const mobileMenuRef = useRef<HTMLDivElement>(null);

  // A new page closes every menu: adjusted while rendering the new path, not in an effect after it.
  const [menusPath, setMenusPath] = useState(path);
  if (menusPath !== path) {
    setMenusPath(path);
    setOpenMenu(null);
    setBurgerOpen(false);
  }

  // Listeners are in place as soon as a menu shows (layout effects: a key pressed or a scroll made
  // right after opening is seen, and the scroll is measured from where the menu was opened).
  // A click outside the header closes an open dropdown.
  useLayoutEffect(() => {
    if (openMenu === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpenMenu(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openMenu]);

  // The burger's three closing rules (plus Escape).
  useLayoutEffect(() => {
    if (!burgerOpen) return;
    const startY = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - startY) > BURGER_SCROLL_CLOSE_PX) setBurgerOpen(false);
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (mobileMenuRef.current?.contains(target) || burgerRef.current?.contains(target)) return;
      setBurgerOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setBurgerOpen(false);
      burgerRef.current?.focus();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [burgerOpen]);

  const toggle = (id: MenuId) => {
    setBurgerOpen(false);
    setOpenMenu((current) => (current === id ? null : id));
  };
  const close = () => setOpenMenu(null);

  return (
    <header className={h.header} ref={headerRef}>
      <div className={`${s.container} ${h.bar}`}>
        <Logo
          className={h.logo}
          label={fill(m.common.homeLink, { name: institution.name })}
          name={institution.name}
        />

        <nav className={h.nav} aria-label={m.nav.label}>
          <ul className={h.navList}>
            {MENUS.map((menu) => (
              <li key={menu.id}>
                <Dropdown
                  id={menu.id}
                  label={menu.label}
                  open={openMenu === menu.id}
                  onToggle={() => toggle(menu.id)}
                  onClose={close}
                  buttonClassName={h.menuButton}
                  panelClassName={h.panel}
                >
                  {menu.pages.map((page) => (
                    <PanelLink key={page} to={pathOf(page)} current={path} onNavigate={close}>
                      {m.nav.links[page]}
                    </PanelLink>
                  ))}
                </Dropdown>
              </li>
            ))}
          </ul>
        </nav>

        <div className={h.end}>
          <Dropdown
            id="login"
            label={m.nav.login}
            open={openMenu === 'login'}
            onToggle={() => toggle('login')}
            onClose={close}
            buttonClassName={h.login}
            panelClassName={`${h.panel} ${h.panelEnd}`}
          >
            <PanelLink to={SIGN_UP_PATH} current={path} onNavigate={close}>
              {m.nav.openAccount}
            </PanelLink>
            <PanelLink to={SIGN_IN_PATH} current={path} onNavigate={close}>
              {m.nav.signIn}
            </PanelLink>
          </Dropdown>
          <button
            ref={burgerRef}
            type="button"
            className={h.burger}
            aria-expanded={burgerOpen}
            aria-controls="menu-mobile"
            aria-label={burgerOpen ? m.nav.menuClose : m.nav.menuOpen}
            onClick={() => {
              setOpenMenu(null);
              setBurgerOpen((open) => !open);
            }}
          >
            <Icon name={burgerOpen ? 'close' : 'menu'} />
          </button>
        </div>

        <div id="menu-mobile" ref={mobileMenuRef} className={h.mobileMenu} hidden={!burgerOpen}>
          <nav aria-label={m.nav.mobileLabel}>
            {MENUS.map((menu) => (
              <div key={menu.id} className={h.mobileGroup}>
                <span className={h.mobileGroupTitle} id={`menu-mobile-${menu.id}`}>
                  {menu.label}
                </span>
                <ul className={h.mobileList} aria-labelledby={`menu-mobile-${menu.id}`}>
                  {menu.pages.map((page) => (
                    <PanelLink
                      key={page}
                      to={pathOf(page)}
                      current={path}
                      onNavigate={() => setBurgerOpen(false)}
                    >
                      {m.nav.links[page]}
                    </PanelLink>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
      </div>
    </header>
  );
}

interface DropdownProps {
  id: MenuId;
  label: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  buttonClassName: string | undefined;
  panelClassName: string | undefined;
  children: ReactNode;
}

/** A disclosure menu of links (the pattern WAI-ARIA recommends for site navigation). */
function Dropdown({
  id,
  label,
  open,
  onToggle,
  onClose,
  buttonClassName,
  panelClassName,
  children,
}: DropdownProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLUListElement>(null);
  const focusFirst = useRef(false);
  const panelId = `menu-${id}`;

  useLayoutEffect(() => {
    if (open && focusFirst.current) panelRef.current?.querySelector('a')?.focus();
    focusFirst.current = false;
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      onClose();
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = Array.from(panelRef.current?.querySelectorAll('a') ?? []);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index === -1) {
      if (event.target !== buttonRef.current || event.key !== 'ArrowDown') return;
      event.preventDefault();
      if (open) links[0]?.focus();
      else {
        focusFirst.current = true;
        onToggle();
      }
      return;
    }
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    links[(next + links.length) % links.length]?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) onClose();
  };

  return (
    <div className={h.dropdown} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
      >
        {label}
        <Icon name="chevronDown" size={18} />
      </button>
      <ul ref={panelRef} id={panelId} className={panelClassName} hidden={!open}>
        {children}
      </ul>
    </div>
  );
}

function PanelLink({
  to,
  current,
  onNavigate,
  children,
}: {
  to: string;
  current: string;
  onNavigate: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <SiteLink
        to={to}
        className={h.panelLink}
        aria-current={current === to ? 'page' : undefined}
        onClick={onNavigate}
      >
        {children}
      </SiteLink>
    </li>
  );
}
