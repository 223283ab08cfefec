export declare const pageBudgets: ReadonlyArray<{type: string; path: string; jsBudgetKb: number}>;
export declare const lighthouseBudget: Record<'accessibility' | 'best-practices' | 'seo' | 'performance', number>;
