/** Types of budgets.mjs (see that file for the documentation). */
export declare const pageBudgets: ReadonlyArray<{
  type: string;
  path: string;
  jsBudgetKb: number;
  scaledJsBudgetKb: number;
  cssBudgetKb: number;
  jsCssBudgetKb?: number;
}>;
export declare const lighthouseBudget: Record<'accessibility' | 'best-practices' | 'seo' | 'performance', number>;
export declare const totalBlockingTimeBudgetMs: number;
export declare const searchBudgets: {
  firstQueryKb: number;
  phoneMs: number;
  desktopMs: number;
  scaledGrowth: number;
};
export declare const scaleBudgets: {buildTimeFactor: number; peakMb: number};
export declare const factsBudgets: {extractionSeconds: number};
