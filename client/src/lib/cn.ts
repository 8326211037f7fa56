import { type ClassValue, clsx } from "clsx";
import { mergeClasses } from "./class-merge";

/** Joins class names, letting later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
