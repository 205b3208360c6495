// Only what the two charts use, so the analytics chunk carries no unused Chart.js code.
// Imported only by the chart components, which the lazy /analytics route alone reaches.
import { ArcElement, CategoryScale, Chart, DoughnutController, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';

Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Tooltip, Legend);
