// Runs npm scripts at the same time and fails when any fails: `node scripts/run-together.mjs lint typecheck`.
// ESLint and tsc each keep one core busy, so on two cores the pair takes about as long as the slower one.
// Each script's output is printed in one piece when it ends, so the two never interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-together.mjs SCRIPT...');
  process.exit(2);
}

const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code, signal) => {
        const status = code ?? signal;
        process.stdout.write(`${output}${output.endsWith('\n') || output === '' ? '' : '\n'}npm run ${script}: ${code === 0 ? 'ok' : `failed (${status})`}\n`);
        resolve(code === 0);
      });
    }),
);

const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
