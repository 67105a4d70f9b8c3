import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigation } from '../site-context.tsx';

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A real `<a href>` (crawlable, works without JavaScript, opens in a new tab) that moves between
 * pages without reloading when the current site can show the target itself.
 */
export function SiteLink({ to, onClick, ...rest }: SiteLinkProps) {
  const navigation = useNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!navigation.handles(to)) return;
    event.preventDefault();
    navigation.navigate(to);
  };
  return <a href={to} onClick={handleClick} {...rest} />;
}
