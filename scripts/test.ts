/**
 * `npm test`: the type check, lint, format check and the functions' Deno tests run beside the
 * unit tests (whose first seconds prepare databases on one core), each one's output printed
 * whole when it ends; then the browser tests, which want the machine to themselves. Fails if
 * any step fails.
 */
import { spawn } from 'node:child_process';

const BESIDE = ['typecheck', 'lint', 'format:check', 'test:functions'];

function npmRun(script: string, live = false): Promise<number> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', script], { stdio: live ? 'inherit' : 'pipe' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      process.stdout.write(output);
      done(code ?? 1);
    });
  });
}

const scripts = [...BESIDE, 'test:unit'];
const codes = await Promise.all(scripts.map((script) => npmRun(script, script === 'test:unit')));
const failed = scripts.filter((_, i) => codes[i] !== 0);
if (failed.length > 0) {
  console.error(`npm test: ${failed.join(', ')} failed; the browser tests were not run.`);
  process.exit(1);
}
process.exit(await npmRun('test:e2e', true));
