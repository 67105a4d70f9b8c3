import type { ReactNode } from 'react';
import { m } from './strings.ts';
import { useInstitution } from './site-context.tsx';
import { Footer } from './components/Footer.tsx';
import { Header } from './components/Header.tsx';
import { SandboxNotice } from './components/SandboxNotice.tsx';
// Every page's styles ship with the chrome (they are small): a page chunk then carries no CSS of
// its own, and the pre-render can inline the whole stylesheet once.
import './components/blocks.module.css';
import './pages/contact.module.css';
import './pages/home.module.css';
import './pages/offer.module.css';
import './pages/pages.module.css';
import s from './site.module.css';

/** Skip link, sandbox banner, fixed top bar, the page, footer. */
export function SiteChrome({ children }: { children: ReactNode }) {
  const institution = useInstitution();
  return (
    <div className={s.site}>
      <a className={s.skip} href="#contenu">
        {m.common.skip}
      </a>
      {institution.sandbox && <SandboxNotice />}
      <Header />
      <main id="contenu" className={s.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
