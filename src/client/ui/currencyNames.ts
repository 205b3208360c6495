/**
 * The currencies a person can choose, and their names in words. Read from Intl (the same list
 * shared/currency's isCurrencyCode checks against), on first use only: the first screen does not
 * need it.
 */
let codes: readonly string[] | undefined;
let names: Intl.DisplayNames | undefined;

/** Every ISO 4217 code the runtime knows, A to Z. */
export function currencyCodes(): readonly string[] {
  codes ??= Intl.supportedValuesOf('currency');
  return codes;
}

/** 'Malaysian Ringgit' for MYR; the code itself when Intl has no name for it. */
export function currencyName(code: string): string {
  // Intl throws on anything not shaped like a code.
  if (!/^[A-Z]{3}$/.test(code)) return code;
  names ??= new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'code' });
  return names.of(code) ?? code;
}

/** 'MYR · Malaysian Ringgit': how a choice of currency reads. */
export function currencyLabel(code: string): string {
  const name = currencyName(code);
  return name === code ? code : `${code} · ${name}`;
}
