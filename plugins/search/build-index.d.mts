/** Types of build-index.mjs (see that file for the documentation). */
export declare const excludeSelectors: string[];
export declare const weights: {
  title: number;
  description: number;
  operationTitle: number;
  operationDescription: number;
  definition: number;
};
export declare const titleWeights: Record<string, number>;
export declare function definedTerms(html: string): string[];
export declare function prepareForIndex(html: string, page?: {url?: string; hasChildren?: boolean}): string;
export declare function pageUrlOf(relativeFile: string): string;
export declare function buildIndex(site: string): Promise<number>;
