/** The load generator's process (mixedLoad.ts): reads a plan on stdin, prints autocannon's result as JSON. */
import { runCannon, type CannonPlan } from './mixedLoad';

let input = '';
process.stdin.on('data', (b: Buffer) => (input += b.toString()));
process.stdin.on('end', () => {
  runCannon(JSON.parse(input) as CannonPlan).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});
