import type { Receipt } from '../../../shared/receipts';
import { rateInputText } from '../../ui/amountInput';
import { displayCurrency, formatMoney } from '../../ui/money';

type ReceiptMoney = Pick<Receipt, 'amount' | 'currency' | 'rate' | 'home_amount'>;

/** True for a receipt in another currency than the home one (it has the rate it was converted at). */
export function isForeign(receipt: Pick<Receipt, 'rate'>): boolean {
  return receipt.rate !== null;
}

/** The amount as printed and, in a foreign currency, what it counts as at home: 'RM 45.60 · $9.71'; '$12.00' at home. */
export function receiptAmountText(receipt: ReceiptMoney): string {
  const printed = formatMoney(receipt.amount, receipt.currency);
  return isForeign(receipt) ? `${printed} · ${formatMoney(receipt.home_amount)}` : printed;
}

/** The rate a foreign receipt was converted at, in words: '1 MYR = 0.213 USD'; null at home. */
export function receiptRateText(receipt: Pick<Receipt, 'currency' | 'rate'>): string | null {
  return receipt.rate === null ? null : `1 ${receipt.currency} = ${rateInputText(receipt.rate)} ${displayCurrency()}`;
}
