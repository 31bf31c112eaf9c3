#!/usr/bin/env node
/**
 * The one test command (`npm test`, and CI through .ci/run): type-check, lint, unit tests (in Node, then
 * in Chromium), build, end-to-end tests — in this order, every step even when an earlier one failed, output
 * streamed. The last line is always `N passed, N failed`: N passed counts unit, browser unit and e2e tests;
 * N failed counts failed tests plus every failed step that is not a test run (type-check, lint, build), named
 * above it.
 * Exits non-zero when anything failed. SKIP_E2E=1 skips the end-to-end tests (quick local runs only).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const scratch = mkdtempSync(path.join(tmpdir(), 'score-designer-test-'));
const unitJson = path.join(scratch, 'vitest.json');
const browserJson = path.join(scratch, 'vitest-browser.json');
const e2eJson = path.join(scratch, 'playwright.json');
const skipE2e = process.env.SKIP_E2E === '1';

let passed = 0;
let failedTests = 0;
/** Steps that failed other than by failing tests: each counts as one failure. */
const failedSteps = [];
const summary = [];

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function step(name, command, args, { env, count } = {}) {
  console.log(`\n━━ ${name}: ${[path.relative(root, command), ...args].join(' ')}`);
  const started = Date.now();
  const code = await run(command, args, env);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let note = '';
  if (count) {
    const tally = count(code);
    passed += tally.passed;
    failedTests += tally.failed;
    note = ` (${tally.passed} passed, ${tally.failed} failed)`;
    // A run that failed without a failing test (a file that does not load, a server that does not start) is a failed step.
    if (code !== 0 && tally.failed === 0) failedSteps.push(tally.why ? `${name} (${tally.why})` : name);
  } else if (code !== 0) {
    failedSteps.push(name);
  }
  summary.push(`${code === 0 ? 'ok    ' : 'FAILED'} ${name}${note} in ${seconds}s`);
  return code === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function countVitest(reportFile) {
  const report = readJson(reportFile);
  if (!report) return { passed: 0, failed: 0, why: 'no test report was written' };
  const broken = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !file.assertionResults?.length,
  );
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    why: broken.length > 0 ? `${broken.length} test file(s) failed to load` : undefined,
  };
}

function countPlaywright() {
  const report = readJson(e2eJson);
  if (!report?.stats) return { passed: 0, failed: 0, why: 'no test report was written' };
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  const errors = (report.errors ?? []).map((e) => e.message?.split('\n')[0]).filter(Boolean);
  return { passed: expected + flaky, failed: unexpected, why: errors[0] };
}

try {
  await step('typecheck (app)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  await step('typecheck (core)', bin('tsc'), ['-p', 'tsconfig.core.json', '--noEmit']);
  await step('lint', bin('eslint'), ['.']);
  await step(
    'unit tests',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitJson}`],
    {
      count: () => countVitest(unitJson),
    },
  );
  await step(
    'browser unit tests',
    bin('vitest'),
    [
      'run',
      '--config',
      'vitest.browser.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${browserJson}`,
    ],
    { count: () => countVitest(browserJson) },
  );
  const built = await step('build', bin('vite'), ['build']);
  if (skipE2e) {
    summary.push('skipped e2e tests (SKIP_E2E=1)');
  } else if (!built || !existsSync(path.join(root, 'dist', 'index.html'))) {
    failedSteps.push('e2e tests (not run: the build failed)');
    summary.push('FAILED e2e tests (not run: the build failed)');
  } else {
    await step('e2e tests', bin('playwright'), ['test', '--reporter=list,json'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eJson },
      count: countPlaywright,
    });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const failed = failedTests + failedSteps.length;
console.log(`\n━━ summary\n${summary.join('\n')}`);
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
