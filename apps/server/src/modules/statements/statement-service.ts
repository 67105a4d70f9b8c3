// Error codes thrown here: account_not_found, statement_before_opening, statement_month_invalid,
//   statement_month_not_started.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { statementMonthOf, statementPeriod, type Cents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import {
  periodBalances,
  periodTotals,
  statementAccount,
  statementLinesPage,
  useOneSnapshot,
} from './queries.ts';
import { holderOf, bankOf, parseAccountId } from './statement-parties.ts';
import { directDebitLine, type Statement, type StatementLine, type StatementLines } from './statement.ts';

/** Lines read from the database at a time: the memory a statement holds, whatever its length. */
export const LINES_PAGE = 500;

/**
 * One month of one of the acting customer's accounts, read from the ledger in one snapshot (one
 * read-only repeatable-read transaction, which `write` runs inside). Somebody else's, unknown and
 * malformed account ids answer 404 « Compte introuvable. »; a malformed month 400; a month before
 * the account's opening or after the current one 404 with its own detail: all of these before
 * `write` is called. `write` gets the statement's head and its lines, read a page at a time as it
 * asks for them, the event loop free between pages; the lines are checked against the ledger as
 * they go by, and once the last one is read.
 */
export async function streamStatement(
  ctx: AppContext,
  customerId: string,
  accountIdText: string,
  month: string,
  write: (statement: Statement, lines: StatementLines) => Promise<void>,
): Promise<void> {
  const accountId = parseAccountId(accountIdText);
  const period = statementPeriod(month);
  if (!period) throw new AppError('statement_month_invalid');
  const issuedAt = ctx.clock.now();

  await ctx.db.tx(async (q) => {
    await useOneSnapshot(q);
    const account = await statementAccount(q, customerId, accountId);
    if (!account) throw new AppError('account_not_found');
    const current = statementMonthOf(issuedAt);
    if (month > current) throw new AppError('statement_month_not_started');
    if (month < statementMonthOf(account.opened_at)) throw new AppError('statement_before_opening');

    const provisional = month === current;
    const end = provisional ? issuedAt : period.end;
    const balances = await periodBalances(q, account.account_id, period.start, end);
    const totals = await periodTotals(q, account.account_id, period.start, end);
    const closing = balances.opening + balances.movement;
    checkAgainstLedger(account.account_id, month, {
      closing,
      running: balances.opening + totals.credits - totals.debits,
      cachedAtEnd: balances.cached - balances.after_end,
    });

    const statement: Statement = {
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
      opening: balances.opening,
      closing: closing as Cents,
      totalCredits: totals.credits,
      totalDebits: totals.debits,
      creditCount: totals.credit_count,
      debitCount: totals.debit_count,
      lineCount: totals.credit_count + totals.debit_count,
    };
    const read = { running: balances.opening, count: 0, finished: false };
    await write(statement, readLines(q, statement, read));
    if (!read.finished) return; // the writer stopped early (the client went away): nothing to check
    checkAgainstLedger(account.account_id, month, { closing, running: read.running, cachedAtEnd: closing });
    if (read.count !== statement.lineCount)
      throw new Error(
        `statement ${month} of account ${account.account_id} has ${read.count} lines, expected ${statement.lineCount}`,
      );
  });
}

/** The lines, a page at a time, each with the balance after it computed from the opening one. */
async function* readLines(
  q: Queryable,
  s: Statement,
  read: { running: bigint; count: number; finished: boolean },
): AsyncGenerator<StatementLine[]> {
  let after: bigint | null = null;
  for (;;) {
    const rows = await statementLinesPage(q, s.account.id, s.start, s.end, after, LINES_PAGE);
    if (rows.length === 0) break;
    const lines = rows.map((r): StatementLine => {
      read.running += r.amount;
      return {
        entryId: r.entry_id,
        number: r.number,
        kind: r.kind,
        amount: r.amount,
        balance: read.running as Cents,
        counterpartyName: r.counterparty_name,
        counterpartyIban: r.counterparty_iban,
        reference: r.reference,
        description: r.description,
        bookedAt: r.posted_at,
        directDebit: directDebitLine(r.kind, r.direct_debit, r.reference),
      };
    });
    read.count += lines.length;
    after = rows.at(-1)!.posting_id;
    yield lines;
    if (rows.length < LINES_PAGE) break;
    await nextTurn();
  }
  read.finished = true;
}

/**
 * The whole statement with its lines in memory (tests, and checks on small months): the same
 * snapshot and checks as `streamStatement`.
 */
export async function buildStatement(
  ctx: AppContext,
  customerId: string,
  accountIdText: string,
  month: string,
): Promise<Statement & { lines: StatementLine[] }> {
  let whole: (Statement & { lines: StatementLine[] }) | null = null;
  await streamStatement(ctx, customerId, accountIdText, month, async (statement, pages) => {
    const lines: StatementLine[] = [];
    for await (const page of pages) lines.push(...page);
    whole = { ...statement, lines };
  });
  return whole!;
}

/**
 * A statement never goes out unless its balances agree with the ledger two ways: the lines add up
 * from the opening balance (Σ of the postings booked before the period) to the closing one, and the
 * closing balance is the cached booked balance less what was booked after the period. (The
 * `balance_after` of each line is the ledger's balance in lock order; two payments of one account
 * booked within the same milliseconds may carry them in the other order than their timestamps, so
 * the tests compare them line by line on histories booked one after another, and the service does
 * not refuse a statement for it.) A disagreement is a broken ledger: a bare 500 (or, found once the
 * file has started, a download cut short), logged.
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
