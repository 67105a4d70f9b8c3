// Error codes thrown here: account_not_found.
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { StatementAccountRow } from './queries.ts';
import type { StatementBank, StatementHolder } from './statement.ts';

/** An account id as the path gives it; anything that cannot be one answers like an unknown account. */
export function parseAccountId(text: string): bigint {
  if (!/^[1-9]\d{0,17}$/.test(text)) throw new AppError('account_not_found');
  return BigInt(text);
}

const COUNTRY_NAMES = new Intl.DisplayNames(['fr'], { type: 'region' });

function countryName(code: string | null): string | null {
  if (!code) return null;
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return COUNTRY_NAMES.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The holder as documents name them: full name, customer number, postal address. */
export function holderOf(row: StatementAccountRow): StatementHolder {
  const name = [row.first_name, row.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const cityLine = [row.postal_code, row.city]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    name: name || 'Non spécifié',
    customerNumber: row.customer_number,
    address: [row.address?.trim(), cityLine, countryName(row.residence_country)].filter(
      (line): line is string => Boolean(line),
    ),
  };
}

/** The institution profile, as statements and certificates print it. */
export function bankOf(ctx: AppContext): StatementBank {
  const i = ctx.config.institution;
  return {
    name: i.name,
    legalName: i.legalName,
    address: i.address,
    bic: i.bic,
    registration: i.registration ?? null,
    supervisor: i.supervisor ?? null,
    licenceNumber: i.licenceNumber ?? null,
    phone: i.phone,
    email: i.emails.support,
    sandbox: i.sandbox,
  };
}
