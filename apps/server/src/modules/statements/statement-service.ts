import { statementMonthOf, statementPeriod, type Cents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { notFound, validation } from '../../errors.ts';
import { periodBalances, statementAccount, statementLines, useOneSnapshot } from './queries.ts';
import { holderOf, bankOf, parseAccountId } from './statement-parties.ts';
import type { Statement, StatementLine } from './statement.ts';

/**
 * One month of one of the acting customer's accounts, read from the ledger in one snapshot. Somebody
 * else's, unknown and malformed account ids answer 404 « Compte introuvable. »; a malformed month
 * 400; a month before the account's opening or after the current one 404 with its own detail.
 */
export async function buildStatement(
  ctx: AppContext,
  customerId: string,
  accountIdText: string,
  month: string,
): Promise<Statement> {
  const accountId = parseAccountId(accountIdText);
  const period = statementPeriod(month);
  if (!period) throw validation('Mois attendu au format AAAA-MM (par exemple 2025-03).');
  const issuedAt = ctx.clock.now();

  return ctx.db.tx(async (q) => {
    await useOneSnapshot(q);
    const account = await statementAccount(q, customerId, accountId);
    if (!account) throw notFound('Compte introuvable.');
    const current = statementMonthOf(issuedAt);
    if (month > current) throw notFound('Aucun relevé pour ce mois : il n’a pas encore commencé.');
    if (month < statementMonthOf(account.opened_at))
      throw notFound('Aucun relevé pour ce mois : le compte n’était pas encore ouvert.');

    const provisional = month === current;
    const end = provisional ? issuedAt : period.end;
    const [balances, rows] = await Promise.all([
      periodBalances(q, account.account_id, period.start, end),
      statementLines(q, account.account_id, period.start, end),
    ]);

    let running = balances.opening;
    let totalCredits = 0n;
    let totalDebits = 0n;
    let creditCount = 0;
    let debitCount = 0;
    const lines: StatementLine[] = rows.map((r) => {
      running += r.amount;
      if (r.amount > 0n) {
        totalCredits += r.amount;
        creditCount += 1;
      } else {
        totalDebits -= r.amount;
        debitCount += 1;
      }
      return {
        entryId: r.entry_id,
        number: r.number,
        kind: r.kind,
        amount: r.amount as Cents,
        balance: running as Cents,
        counterpartyName: r.counterparty_name,
        counterpartyIban: r.counterparty_iban,
        reference: r.reference,
        description: r.description,
        bookedAt: r.posted_at,
      };
    });
    const closing = balances.opening + balances.movement;
    checkAgainstLedger(account.account_id, month, {
      closing,
      running,
      cachedAtEnd: balances.cached - balances.after_end,
    });

    return {
      month,
      start: period.start,
      end,
      provisional,
      issuedAt,
      account: {
        id: account.account_id,
        name: account.account_name,
        iban: account.iban,
        currency: account.currency,
        kind: account.kind,
      },
      holder: holderOf(account),
      bank: bankOf(ctx),
      opening: balances.opening as Cents,
      closing: closing as Cents,
      totalCredits: totalCredits as Cents,
      totalDebits: totalDebits as Cents,
      creditCount,
      debitCount,
      lines,
    };
  });
}

/**
 * A statement never goes out unless its balances agree with the ledger two ways: the lines add up
 * from the opening balance (Σ of the postings booked before the period) to the closing one, and the
 * closing balance is the cached booked balance less what was booked after the period. (The
 * `balance_after` of each line is the ledger's balance in lock order; two payments of one account
 * booked within the same milliseconds may carry them in the other order than their timestamps, so
 * the tests compare them line by line on histories booked one after another, and the service does
 * not refuse a statement for it.) A disagreement is a broken ledger: a bare 500, logged.
 */
function checkAgainstLedger(
  accountId: bigint,
  month: string,
  b: { closing: bigint; running: bigint; cachedAtEnd: bigint },
): void {
  if (b.running !== b.closing || b.cachedAtEnd !== b.closing)
    throw new Error(
      `statement ${month} of account ${accountId} disagrees with the ledger: lines sum to ${b.running}, ` +
        `closing ${b.closing}, cached balance at the end ${b.cachedAtEnd}`,
    );
}
