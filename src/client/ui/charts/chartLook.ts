// What every chart of the app shares besides Chart.js itself (ui/charts/chartSetup): free of
// chart.js code, so the modules that build chart data stay unit-testable and light.

/** Colours read from the MUI theme so the charts follow light and dark mode. */
export interface ChartColors {
  line: string;
  text: string;
  grid: string;
  /** Border between doughnut slices: the paper behind the chart. */
  surface: string;
}

/** How the charts are drawn beyond colour: still when the person asked for reduced motion. */
export interface ChartLook {
  colors: ChartColors;
  animate: boolean;
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/** An axis amount, short: '$0', '$950', '$1.4K', '$1.4M' (in `currency`, US dollars unless told). */
export function compactMoney(amount: number, currency = 'USD'): string {
  let format = compactFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
    compactFormats.set(currency, format);
  }
  return format.format(amount);
}
