import strings from '../i18n/fr/marketing.json';

/** The marketing copy (i18n/fr/marketing.json), read as typed properties: no i18n runtime on public pages. */
export const m = strings.marketing;

/** Replaces `{key}` placeholders: `fill('Contact — {name}', { name: 'Comptoir' })`. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    return value === undefined ? whole : String(value);
  });
}
