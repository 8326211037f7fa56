export declare function percentile(sorted: readonly number[], p: number): number;
