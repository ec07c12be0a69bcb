/** The money domain: splits, balances, settlements, currencies and payment links, all in integer minor units. */
export { allocate, splitEvenly } from './allocate.js';
export { currencyDigits, convertMinor, RATE_PATTERN } from './currency.js';
export { splitProblem, splitExpense, splitConverted, type SplitInput } from './split.js';
export { expenseBalances, sumNets, type ExpenseLike, type Balance } from './balances.js';
export { planTransfers, greedyTransfers, settleThrough, type Transfer } from './settle.js';
export { paymentLinks } from './links.js';
