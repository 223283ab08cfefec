/** Types of scale-site.mjs (see that file for the documentation). */
export declare function makeScaledSite(siteDir: string, factor: number): string;
export declare function removeScaledSite(dir: string): void;
