export declare function parseMinimum(range: string): [number, number, number];
export declare function satisfiesMinimum(version: string, range: string): boolean;
export declare function runtimeProblem(options: {
  version: string;
  execPath: string;
  range: string;
  command: string;
}): string | null;
