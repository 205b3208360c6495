// Only what the app's charts use (lines and a doughnut), so the analytics chunk carries no unused
// Chart.js code. Imported only by chart components, which are all loaded lazily into that chunk:
// the /analytics route and the dashboard's forecast chart.
import { ArcElement, CategoryScale, Chart, DoughnutController, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';

Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Tooltip, Legend);
