// Only what the app's charts use (lines, a doughnut, bars), so no chunk carries unused Chart.js
// code. Imported only by chart components, all loaded lazily: the /analytics route, the
// dashboard's forecast chart and a household's spending.
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  DoughnutController,
  ArcElement,
  BarController,
  BarElement,
  Tooltip,
  Legend,
);
