import type { BrowserContext } from "@playwright/test";

export declare const LIGHTHOUSE_PAGES: string[];
export declare const FIRST_LOAD_PAGES: string[];
export declare const FIRST_LOAD_BUDGET_KB: number;
export declare const LIGHTHOUSE_PHONE: {
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  isMobile: boolean;
  hasTouch: boolean;
  userAgent: string;
};
export interface ScriptRow {
  url: string;
  raw: number;
  gzip: number;
  bytes: Buffer;
}
export declare function firstLoadScripts(
  context: BrowserContext,
  url: string,
  quietMs: number,
): Promise<ScriptRow[]>;
export declare function totalKb(rows: readonly ScriptRow[]): number;
