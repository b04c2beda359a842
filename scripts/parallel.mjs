// Runs npm scripts at the same time and fails when any of them fails (ADR 0191): the static
// checks are one process each, so one after another they left a core of CI's two idle. Each
// script's output is held and printed whole when it ends, so that outputs do not interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) throw new Error('usage: node scripts/parallel.mjs <npm script>...');

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> npm run ${script}\n${Buffer.concat(output).toString()}`);
      console.log(`${script}: ${status === 0 ? 'passed' : `failed (${status})`} in ${seconds} s`);
      resolve(status);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

const statuses = await Promise.all(scripts.map(run));
process.exitCode = statuses.some((status) => status !== 0) ? 1 : 0;
