// @ts-check
/**
 * Named steps with their own log files: every command the harness runs goes through `runStep`, so a failure
 * always says which step failed and where its log is.
 */
import {spawn} from 'node:child_process';
import {createWriteStream, mkdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

/** A step of the harness that failed: the message names the step and its log file. */
export class StepError extends Error {
  /**
   * @param {string} step the step's name, as the harness prints it
   * @param {string} problem what went wrong
   * @param {string | undefined} log the log file of the step, when it has one
   */
  constructor(step, problem, log) {
    super(`Product server: step "${step}" failed: ${problem}${log ? `\n  log: ${log}\n${tail(log)}` : ''}`);
    this.name = 'StepError';
    this.step = step;
    this.log = log;
  }
}

/**
 * The last lines of a log file, indented, for an error message.
 * @param {string} file
 * @param {number} [lines]
 */
export function tail(file, lines = 15) {
  try {
    return readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .map((line) => `  | ${line}`)
      .join('\n');
  } catch {
    return '  | (no log written)';
  }
}

/**
 * Prints a progress line on standard error (standard output is kept for what callers parse).
 * @param {string} message
 */
export function say(message) {
  process.stderr.write(`[product-server] ${message}\n`);
}

/**
 * Runs one command as a named step, its output appended to `<logDir>/<logName>.log`.
 * @param {string} step the step's name for messages
 * @param {string} command the program
 * @param {string[]} args its arguments
 * @param {{cwd: string, logDir: string, logName: string, env?: NodeJS.ProcessEnv, uid?: number, gid?: number}} options
 * @returns {Promise<number>} the step's duration in seconds, once the command has exited 0
 * @throws {StepError} when the command cannot start or exits with another status
 */
export function runStep(step, command, args, options) {
  mkdirSync(options.logDir, {recursive: true});
  const log = path.join(options.logDir, `${options.logName}.log`);
  const out = createWriteStream(log, {flags: 'a'});
  out.write(`$ ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  say(`${step}…`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      uid: options.uid,
      gid: options.gid,
    });
    child.stdout.pipe(out, {end: false});
    child.stderr.pipe(out, {end: false});
    child.on('error', (error) => {
      out.end();
      reject(new StepError(step, `could not run ${command}: ${error.message}`, log));
    });
    child.on('close', (code, signal) => {
      out.end(() => {
        if (code === 0) {
          const seconds = Math.round((Date.now() - started) / 100) / 10;
          say(`${step}: done in ${seconds.toFixed(0)} s`);
          resolve(seconds);
        } else {
          reject(new StepError(step, `${command} exited with ${signal ?? code}`, log));
        }
      });
    });
  });
}
