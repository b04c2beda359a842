/** Times the generator's phases and prints one line per phase as it ends. */
export class PhaseClock {
  readonly phases: { name: string; seconds: number }[] = [];
  private readonly started = performance.now();

  constructor(private readonly log: (line: string) => void) {}

  async run<T>(name: string, work: () => Promise<T>, describe: (result: T) => string = () => ''): Promise<T> {
    const start = performance.now();
    const result = await work();
    const seconds = (performance.now() - start) / 1000;
    this.phases.push({ name, seconds });
    this.log(`  ${name.padEnd(34)} ${seconds.toFixed(1).padStart(7)} s  ${describe(result)}`.trimEnd());
    return result;
  }

  totalSeconds(): number {
    return (performance.now() - this.started) / 1000;
  }
}

export const formatCount = (count: number) => count.toLocaleString('en-US');
