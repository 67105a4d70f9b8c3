import { SiteLink } from './SiteLink.tsx';

/** The wordmark, a link to the home page. */
export function Logo({
  className,
  label,
  name,
}: {
  className: string | undefined;
  label: string;
  name: string;
}) {
  return (
    <SiteLink to="/" className={className} aria-label={label}>
      <svg width="30" height="30" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#006a7e" />
        <path d="M43 22a15 15 0 1 0 0 20" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
      </svg>
      <span>{name}</span>
    </SiteLink>
  );
}
