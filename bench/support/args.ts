/** A benchmark's command line: `--name value` options and bare `--flag`s after the script. */
const args = process.argv.slice(2);

/** The value after `--name`, or undefined when it is not given. */
export function arg(name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Whether `--name` is given. */
export function flag(name: string): boolean {
  return args.includes(`--${name}`);
}
