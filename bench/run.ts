// `npm run bench`: runs every bench/*.bench.ts in name order (or those named, see main) and prints each
// figure against its target.
// Benchmarks are never part of `npm test`: timings depend on the machine, so they are recorded, not asserted.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type Benchmark = {
  /** What is measured, e.g. 'load board list, 25 rows'. */
  name: string;
  /** The target in words, e.g. 'p95 under 150 ms'. */
  target: string;
  /** Measures and says whether the target was met; figure is the measured value in words. */
  run(): Promise<{ figure: string; met: boolean }>;
};

const benchDir = path.dirname(fileURLToPath(import.meta.url));

function describeMachine(): string {
  const cpus = os.cpus();
  const memoryGb = (os.totalmem() / 1024 ** 3).toFixed(1);
  return [
    `CPU: ${cpus[0]?.model.trim() ?? 'unknown'} (${cpus.length} cores)`,
    `memory: ${memoryGb} GB`,
    `Node ${process.version}`,
    `${os.type()} ${os.release()}`,
  ].join(', ');
}

function isBenchmark(value: unknown): value is Benchmark {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.target === 'string' &&
    typeof candidate.run === 'function'
  );
}

async function main(): Promise<void> {
  console.log(`Machine: ${describeMachine()}`);
  console.log(`Date: ${new Date().toISOString()}`);

  // `npm run bench -- socket` runs only the benchmarks whose file name contains one of the words given.
  const only = process.argv.slice(2);
  const files = readdirSync(benchDir)
    .filter((file) => file.endsWith('.bench.ts'))
    .filter((file) => only.length === 0 || only.some((word) => file.includes(word)))
    .sort();
  if (files.length === 0) {
    console.log(
      only.length > 0
        ? `No benchmark file name contains ${only.join(' or ')}.`
        : 'No benchmarks yet: add a bench/<name>.bench.ts (see bench/README.md).',
    );
    return;
  }

  let missed = 0;
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { default?: unknown };
    const benchmark = module.default;
    if (!isBenchmark(benchmark)) {
      console.error(`${file}: the default export is not { name, target, run }.`);
      missed += 1;
      continue;
    }
    console.log(`\n${benchmark.name} (${file})`);
    console.log(`  target: ${benchmark.target}`);
    try {
      const { figure, met } = await benchmark.run();
      console.log(`  result: ${figure} - ${met ? 'met' : 'MISSED'}`);
      if (!met) missed += 1;
    } catch (error) {
      console.error(`  failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      missed += 1;
    }
  }
  console.log(`\n${files.length - missed} of ${files.length} benchmarks met their target.`);
  if (missed > 0) process.exitCode = 1;
}

await main();
