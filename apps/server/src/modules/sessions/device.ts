import Bowser from 'bowser';
import type { CustomerSessionView } from '@comptoir/contracts';

export type DeviceDescription = Pick<CustomerSessionView, 'device' | 'browser' | 'os'>;

const DEVICE_TYPES = new Set(['desktop', 'mobile', 'tablet', 'tv']);

/**
 * What a customer needs to recognise a session: the kind of device, the browser and the system,
 * read from the user agent stored at sign-in (`bowser`). Versions are kept to their major number.
 * An empty or unreadable user agent gives « unknown » and nulls, never an error.
 */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  const unknown: DeviceDescription = { device: 'unknown', browser: null, os: null };
  if (!userAgent?.trim()) return unknown;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(userAgent);
  } catch {
    return unknown;
  }
  const type = parsed.platform.type;
  const major = (version: string | undefined) => version?.split('.')[0];
  const named = (name: string | undefined, version: string | undefined) =>
    name ? [name, major(version)].filter(Boolean).join(' ') : null;
  return {
    device: type && DEVICE_TYPES.has(type) ? (type as DeviceDescription['device']) : 'unknown',
    browser: named(parsed.browser.name, parsed.browser.version),
    os: named(parsed.os.name, parsed.os.name === 'macOS' ? undefined : parsed.os.version),
  };
}
