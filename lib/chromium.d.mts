/** Launch options for Debian's Chromium (see chromium.mjs). */
export declare const chromiumLaunchOptions: {executablePath: string; args: string[]};
