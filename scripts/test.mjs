// `npm test`: every check of the repository in one run, ending with the plain line `N passed, N failed`.
//
// Stages, in order; a failing stage does not stop the later ones, so the count is always complete:
//   type check   tsc -p for each workspace (one check each), beside
//   lint         eslint . (one check)
//   vitest       domain rules, server integration on real PostgreSQL, web components (one per test)
//   playwright   end-to-end specs in Chromium against a fresh database (one per test)
// A stage that ends without a report counts as one failure.
//
// Flags for quick local runs: --skip-typecheck, --skip-lint, --skip-vitest, --skip-e2e.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TYPECHECKED_WORKSPACES } from './typecheck.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const knownFlags = ['--skip-typecheck', '--skip-lint', '--skip-vitest', '--skip-e2e'];
const flags = process.argv.slice(2);
if (flags.includes('--help') || flags.includes('-h')) {
  console.log(`Usage: npm test [-- ${knownFlags.map((flag) => `[${flag}]`).join(' ')}]`);
  process.exit(0);
}
const unknownFlags = flags.filter((flag) => !knownFlags.includes(flag));
if (unknownFlags.length > 0) {
  console.error(`Unknown option ${unknownFlags.join(', ')}. Known options: ${knownFlags.join(', ')}.`);
  process.exit(2);
}
const skip = (flag) => flags.includes(flag);

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
};
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'test-reports-'));

function run(command, args, { cwd = root, extraEnv = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [command, ...args], {
      cwd,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** @type {{ name: string, passed: number, failed: number, note?: string, seconds: number }[]} */
const results = [];
/** The failed tests of every stage, each with the start of its error, printed again just above the summary. */
/** @type {{ stage: string, title: string, error: string }[]} */
const failures = [];

// The first lines of an error, without terminal colours: enough to tell a timeout from a wrong value.
const errorStart = (message = '') =>
  String(message)
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 4)
    .map((line) => line.slice(0, 300))
    .join('\n      ');

async function stage(name, body) {
  console.log(`\n=== ${name} ===`);
  const startedAt = Date.now();
  let outcome;
  try {
    outcome = await body();
  } catch (error) {
    outcome = { passed: 0, failed: 1, note: error instanceof Error ? error.message : String(error) };
  }
  results.push({ name, ...outcome, seconds: (Date.now() - startedAt) / 1000 });
}

/** A stage that is one check: it passes when the command exits with 0. */
async function singleCheck(command, args) {
  const code = await run(command, args);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit code ${code}` };
}

/** When a runner exits with an error but its report names no failure, the run itself failed: count one. */
function withExitCode(counts, code) {
  if (code !== 0 && counts.failed === 0) {
    return { ...counts, failed: 1, note: `exit code ${code} without a failing test in the report` };
  }
  return counts;
}

// The type checks and the lint each keep one core busy for minutes: they run side by side.
const typeChecks = async () => {
  if (skip('--skip-typecheck')) return;
  for (const workspace of TYPECHECKED_WORKSPACES) {
    await stage(`type check ${workspace}`, () =>
      singleCheck(bin('tsc'), ['-p', `${workspace}/tsconfig.json`]),
    );
  }
};
const lint = async () => {
  if (skip('--skip-lint')) return;
  await stage('lint', () => singleCheck(bin('eslint'), ['.']));
};
await Promise.all([typeChecks(), lint()]);

if (!skip('--skip-vitest')) {
  await stage('vitest', async () => {
    const reportFile = path.join(reportDir, 'vitest.json');
    const code = await run(bin('vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${reportFile}`,
    ]);
    const report = readJson(reportFile);
    if (!report) return { passed: 0, failed: 1, note: `no report (exit code ${code})` };
    // A test file that fails to load has no test results of its own; count it as one failure.
    const files = report.testResults ?? [];
    const brokenFiles = files.filter(
      (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
    );
    const relative = (file) => path.relative(root, file.name ?? '');
    for (const file of brokenFiles) {
      failures.push({ stage: 'vitest', title: relative(file), error: errorStart(file.message) });
    }
    for (const file of files) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const title = `${relative(file)} > ${test.fullName ?? test.title}`;
        failures.push({ stage: 'vitest', title, error: errorStart(test.failureMessages?.[0]) });
      }
    }
    return withExitCode(
      { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + brokenFiles.length },
      code,
    );
  });
}

/** Walks Playwright's report: a test that ended unexpected (or passed only on a retry) is listed. */
function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const suiteTitles = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failed = (test.results ?? []).find(
          (result) => result.status !== 'passed' && result.status !== 'skipped',
        );
        const title = `${[...suiteTitles, spec.title].join(' > ')}${test.status === 'flaky' ? ' (passed on retry)' : ''}`;
        failures.push({ stage: 'playwright', title, error: errorStart(failed?.error?.message) });
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], suiteTitles);
  }
}

if (!skip('--skip-e2e')) {
  await stage('playwright', async () => {
    const reportFile = path.join(reportDir, 'playwright.json');
    const code = await run(bin('playwright'), ['test', '--reporter=list,json'], {
      cwd: path.join(root, 'e2e'),
      extraEnv: { PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile },
    });
    const report = existsSync(reportFile) ? readJson(reportFile) : null;
    if (!report?.stats) return { passed: 0, failed: 1, note: `no report (exit code ${code})` };
    const { expected = 0, flaky = 0, unexpected = 0 } = report.stats;
    collectPlaywrightFailures(report.suites ?? [], []);
    for (const error of report.errors ?? []) {
      failures.push({ stage: 'playwright', title: '(outside any test)', error: errorStart(error.message) });
    }
    // Errors outside any test (a web server that does not start, a spec that does not load).
    const globalErrors = (report.errors ?? []).length > 0 && unexpected === 0 ? 1 : 0;
    return withExitCode({ passed: expected + flaky, failed: unexpected + globalErrors }, code);
  });
}

rmSync(reportDir, { recursive: true, force: true });

const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
const nameWidth = Math.max(0, ...results.map((result) => result.name.length));

if (failures.length > 0) {
  console.log('\n=== Failures ===');
  for (const failure of failures) console.log(`${failure.stage}  ${failure.title}\n      ${failure.error}`);
}

console.log('\n=== Summary ===');
for (const result of results) {
  const counts = `${result.passed} passed, ${result.failed} failed`;
  const note = result.note ? `  (${result.note})` : '';
  console.log(
    `${result.failed > 0 ? 'FAIL' : 'ok  '}  ${result.name.padEnd(nameWidth)}  ${counts}  ${result.seconds.toFixed(1)} s${note}`,
  );
}
if (flags.length > 0) console.log(`Skipped by option: ${flags.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
