/**
 * The costs and charges illustration of MiFID II (Delegated Regulation 2017/565, Art. 50(10)): what
 * the ex-ante costs of a share class take from an investment over its recommended holding period,
 * each year and in total, as an amount and as a percentage of the amount invested.
 *
 * The method (docs/distribution-data.md), stated to the investor with the figures:
 * - the amount is invested on the first day, and the gross return before costs is nil, so that the
 *   figures show the costs alone and not a forecast;
 * - the entry cost is taken from the amount invested, on the first day;
 * - the ongoing costs (management fee included), the transaction costs and the incidental costs
 *   (performance fees) are taken each year from the value at the start of that year;
 * - the exit cost is taken from the value redeemed at the end of the last year.
 * So a cost rate applies to what remains invested, which is how a fund's fees are charged, and the
 * years add up exactly to the total.
 */

/** The ex-ante costs of a share class, each a fraction (1.15 % is 0.0115), as the EMT states them. */
export type ExAnteCosts = {
  /** One-off, of the amount invested: the maximum entry cost not acquired to the fund (EMT 07020). */
  entry: number;
  /** One-off, of the amount redeemed: the maximum exit cost not acquired to the fund (EMT 07050). */
  exit: number;
  /** A year, of the value: the gross ongoing costs, management fee (EMT 07110) included (EMT 07100). */
  ongoing: number;
  /** A year, of the value: the transaction costs (EMT 07130). */
  transaction: number;
  /** A year, of the value: the incidental costs, performance fees (EMT 07140). */
  incidental: number;
};

export const ILLUSTRATION_AMOUNT = 10_000;
/** A holding period the illustration accepts: the recommended ones of real funds are 1 to 30 years. */
export const MAX_ILLUSTRATION_YEARS = 50;

export type IllustrationYear = {
  year: number;
  entry: number;
  ongoing: number;
  transaction: number;
  incidental: number;
  exit: number;
  /** Every cost of the year. */
  total: number;
  /** `total` as a fraction of the amount invested. */
  share: number;
  /** The value at the end of the year, after its costs (and, the last year, after the exit cost). */
  valueAfter: number;
};

export type CostIllustration = {
  amount: number;
  years: IllustrationYear[];
  total: { entry: number; ongoing: number; transaction: number; incidental: number; exit: number; total: number; share: number };
  /**
   * What the costs take from the return each year on average, as a fraction: with a nil gross
   * return, the yearly rate that turns the amount invested into what is redeemed.
   */
  annualEffect: number;
};

export class IllustrationError extends Error {}

const FIELDS = ['entry', 'exit', 'ongoing', 'transaction', 'incidental'] as const;

/**
 * The illustration for `amount` held `years` full years. Throws an IllustrationError for a holding
 * period that is not a whole number of years between 1 and MAX_ILLUSTRATION_YEARS, or a cost that
 * is not a fraction between 0 and 1 (a negative cost, a percentage typed as 2 for 2 %).
 */
export function costIllustration(costs: ExAnteCosts, years: number, amount = ILLUSTRATION_AMOUNT): CostIllustration {
  if (!Number.isInteger(years) || years < 1 || years > MAX_ILLUSTRATION_YEARS) throw new IllustrationError(`holding period of ${years} years`);
  if (!Number.isFinite(amount) || amount <= 0) throw new IllustrationError(`amount ${amount}`);
  for (const field of FIELDS) {
    const rate = costs[field];
    if (!Number.isFinite(rate) || rate < 0 || rate >= 1) throw new IllustrationError(`${field} cost ${rate}`);
  }
  const yearly = costs.ongoing + costs.transaction + costs.incidental;
  if (yearly >= 1) throw new IllustrationError(`yearly costs of ${yearly}`);

  const rows: IllustrationYear[] = [];
  let value = amount;
  for (let year = 1; year <= years; year += 1) {
    const entry = year === 1 ? amount * costs.entry : 0;
    value -= entry;
    const ongoing = value * costs.ongoing;
    const transaction = value * costs.transaction;
    const incidental = value * costs.incidental;
    value -= ongoing + transaction + incidental;
    const exit = year === years ? value * costs.exit : 0;
    value -= exit;
    const total = entry + ongoing + transaction + incidental + exit;
    rows.push({ year, entry, ongoing, transaction, incidental, exit, total, share: total / amount, valueAfter: value });
  }
  const sum = (field: (typeof FIELDS)[number] | 'total') => rows.reduce((s, row) => s + row[field], 0);
  const total = sum('total');
  return {
    amount,
    years: rows,
    total: { entry: sum('entry'), ongoing: sum('ongoing'), transaction: sum('transaction'), incidental: sum('incidental'), exit: sum('exit'), total, share: total / amount },
    annualEffect: 1 - (value / amount) ** (1 / years),
  };
}
