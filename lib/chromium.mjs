/**
 * How the tests and the benchmark launch Chromium: Debian's package (never a
 * downloaded browser), at CHROMIUM_PATH or /usr/bin/chromium, with the flags
 * a headless run on a server needs.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
