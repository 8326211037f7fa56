export declare const chromiumArgs: string[];
export declare function findChromium(): string | null;
export declare function chromiumExecutable(): string;
export declare function installHint(): string;
