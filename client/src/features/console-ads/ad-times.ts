const pad = (n: number) => String(n).padStart(2, "0");

/** A time as a `datetime-local` input's value: the browser's own time zone, to the minute. */
export function toLocalInput(time: Date): string {
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

/** A `datetime-local` value (read in the browser's time zone) as the ISO time the server stores. */
export function fromLocalInput(value: string): string {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}
