/**
 * A linked pair of pseudo-terminals made by socat: what is written to one end comes out of the
 * other, as over a null-modem cable, so a serial slave and the gateway's serial link can talk
 * through the kernel's tty layer without hardware. socat is a test requirement (CI installs it):
 * when it is missing the pair fails loudly instead of letting serial tests pass unseen.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from './wait-for.ts';

export interface PtyPair {
  /** The end a serial slave listens on. */
  readonly slavePath: string;
  /** The end the gateway opens as its serial port. */
  readonly masterPath: string;
  /** Ends socat and removes the links; safe to call more than once. */
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;
const EXIT_TIMEOUT_MS = 1000;
/** What is kept of socat's diagnostics for an error message. */
const STDERR_TAIL = 2000;

export async function openPtyPair(): Promise<PtyPair> {
  const directory = mkdtempSync(join(tmpdir(), 'lyyp-rtu-'));
  const slavePath = join(directory, 'slave');
  const masterPath = join(directory, 'master');
  const socat = spawn(
    'socat',
    ['-d', '-d', `pty,raw,echo=0,link=${slavePath}`, `pty,raw,echo=0,link=${masterPath}`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let diagnostics = '';
  socat.stderr.setEncoding('utf8');
  socat.stderr.on('data', (chunk: string) => {
    diagnostics = (diagnostics + chunk).slice(-STDERR_TAIL);
  });
  let failure: Error | null = null;
  socat.once('error', (error: NodeJS.ErrnoException) => {
    failure =
      error.code === 'ENOENT'
        ? new Error('socat is not installed: serial tests need it for a pty pair (apt-get install socat)')
        : new Error(`socat could not be started: ${error.message}`, { cause: error });
  });
  const exited = new Promise<void>((resolve) => socat.once('close', () => resolve()));
  const running = () => socat.exitCode === null && socat.signalCode === null && failure === null;
  // A test run that dies before its cleanup must not leave socat behind.
  const killOnExit = () => socat.kill('SIGKILL');
  process.once('exit', killOnExit);

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    process.off('exit', killOnExit);
    if (running()) {
      socat.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(EXIT_TIMEOUT_MS).then(() => false)]);
      if (!stopped) socat.kill('SIGKILL');
    }
    rmSync(directory, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  const startupProblem = (): Error | null => {
    if (failure) return failure;
    if (!running()) return new Error(`socat ended before linking the ptys: ${diagnostics.trim()}`);
    if (Date.now() > deadline)
      return new Error(`socat did not link the ptys within ${READY_TIMEOUT_MS} ms: ${diagnostics.trim()}`);
    return null;
  };
  while (!(existsSync(slavePath) && existsSync(masterPath))) {
    const problem = startupProblem();
    if (problem) {
      await close();
      throw problem;
    }
    await sleep(10);
  }
  return { slavePath, masterPath, close };
}
