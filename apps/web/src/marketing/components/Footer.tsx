import { content } from '../content.ts';
import { pathOf } from '../routes.ts';
import { fill, m } from '../strings.ts';
import { useInstitution } from '../site-context.tsx';
import { MENUS } from './Header.tsx';
import { Icon } from './Icon.tsx';
import { Logo } from './Logo.tsx';
import { SiteLink } from './SiteLink.tsx';
import f from './footer.module.css';
import s from '../site.module.css';

/**
 * Page links, social links and the legal mentions of the institution profile. The supervisor and
 * the licence number appear only when configured — never in sandbox mode, where the profile has none.
 */
export function Footer() {
  const institution = useInstitution();
  const { address } = institution;
  const groups = [
    ...MENUS.map((menu) => ({
      id: menu.id,
      title: menu.label,
      links: menu.pages.map((page) => ({ to: pathOf(page), label: m.nav.links[page] })),
    })),
    {
      id: 'help',
      title: m.footer.groups.help,
      links: [
        { to: '/', label: m.common.breadcrumbHome },
        { to: pathOf('privacy'), label: m.footer.privacy },
      ],
    },
  ];

  return (
    <footer className={f.footer}>
      <div className={s.container}>
        <div className={f.top}>
          <div className={f.brand}>
            <Logo
              className={f.logo}
              label={fill(m.common.homeLink, { name: institution.name })}
              name={institution.name}
            />
            <p>{m.footer.software}</p>
            {content.socialLinks.length > 0 && (
              <div>
                <h2 className={f.groupTitle} id="footer-social">
                  {m.footer.social}
                </h2>
                <ul className={f.social} aria-labelledby="footer-social">
                  {content.socialLinks.map((link) => (
                    <li key={link.url}>
                      <a href={link.url} rel="me noopener">
                        <Icon name={link.network === 'mastodon' ? 'mastodon' : 'video'} size={20} />
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <nav className={f.groups} aria-label={m.footer.navLabel}>
            {groups.map((group) => (
              <div key={group.id}>
                <h2 className={f.groupTitle} id={`footer-${group.id}`}>
                  {group.title}
                </h2>
                <ul className={f.list} aria-labelledby={`footer-${group.id}`}>
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <SiteLink to={link.to}>{link.label}</SiteLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <div className={f.legal} data-testid="legal-mentions">
          <h2 className={s.srOnly}>{m.footer.legalTitle}</h2>
          <p className={f.legalName}>{institution.legalName}</p>
          <address>
            {address.street}, {address.postalCode} {address.city}, {address.country}
          </address>
          {institution.registration && (
            <p>{fill(m.footer.registration, { registration: institution.registration })}</p>
          )}
          {institution.supervisor && institution.licenceNumber && (
            <p>
              {fill(m.footer.supervisor, {
                supervisor: institution.supervisor,
                licence: institution.licenceNumber,
              })}
            </p>
          )}
          {institution.supervisor && !institution.licenceNumber && (
            <p>{fill(m.footer.supervisorOnly, { supervisor: institution.supervisor })}</p>
          )}
          {institution.depositGuarantee && (
            <p>{fill(m.footer.guarantee, { guarantee: institution.depositGuarantee })}</p>
          )}
          {institution.sandbox && <p>{m.footer.sandbox}</p>}
          <p>{fill(m.footer.phone, { phone: institution.phone })}</p>
        </div>
      </div>
    </footer>
  );
}
