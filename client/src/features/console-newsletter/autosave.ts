/**
 * The composer's draft autosave, apart from React so its timing is unit-tested with fake timers.
 * A change waits for a pause in typing (`delayMs`), then the newest value is saved over the version
 * the editor holds; the answer's version is the next save's. One save at a time: changes made while
 * one is under way are saved after it. Nothing typed is ever dropped: a failed save keeps the value
 * as unsaved (saved again on the next change or `flush`), and a conflict (someone saved the issue
 * elsewhere, answered 409) stops autosaving until the editor chooses whose text to keep.
 */
export type SaveState =
  | { status: "saved" }
  | { status: "unsaved" }
  | { status: "saving" }
  /** Not sent: the value fails the contract (e.g. no title); saved once it passes. */
  | { status: "invalid"; message: string }
  /** The request failed; the value is kept and saved again on the next change or 'Try again'. */
  | { status: "failed"; message: string }
  /** Saved elsewhere meanwhile: nothing is saved until `keepMine` or `takeTheirs`. */
  | { status: "conflict"; message: string };

interface AutosaveOptions<T> {
  /** The version of the issue the editor loaded. */
  version: number;
  delayMs: number;
  /** Saves `value` over `version`; resolves to the stored version. */
  save: (value: T, version: number) => Promise<number>;
  /** Why `value` may not be saved yet, or null when it may. */
  check?: (value: T) => string | null;
  isConflict: (error: unknown) => boolean;
  describe: (error: unknown) => string;
  onState: (state: SaveState) => void;
}

export class Autosave<T> {
  private version: number;
  private latest: T | undefined;
  private dirty = false;
  private conflicted = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private state: SaveState = { status: "saved" };

  constructor(private readonly options: AutosaveOptions<T>) {
    this.version = options.version;
  }

  get current(): SaveState {
    return this.state;
  }

  get savedVersion(): number {
    return this.version;
  }

  /** The editor changed the draft: saved once typing pauses (not while a conflict is open). */
  change(value: T): void {
    this.latest = value;
    this.dirty = true;
    if (this.conflicted) return;
    this.emit({ status: "unsaved" });
    this.clearTimer();
    this.timer = setTimeout(() => void this.saveNow(), this.options.delayMs);
  }

  /**
   * Saves what is unsaved now, without waiting for the pause (before a preview, a test send or a
   * send). Resolves true when everything typed is stored.
   */
  async flush(): Promise<boolean> {
    this.clearTimer();
    // A save under way saves what changed meanwhile once it is done (the timer is cleared).
    if (this.running) await this.running;
    if (this.dirty && !this.conflicted) await this.saveNow();
    return !this.dirty;
  }

  /** Conflict, 'Keep my version': saves the editor's text over `theirVersion`. */
  keepMine(theirVersion: number): Promise<boolean> {
    this.version = theirVersion;
    this.conflicted = false;
    return this.flush();
  }

  /** Conflict, 'Load their version': the editor's unsaved text is dropped, on their say. */
  takeTheirs(theirVersion: number): void {
    this.clearTimer();
    this.version = theirVersion;
    this.conflicted = false;
    this.dirty = false;
    this.emit({ status: "saved" });
  }

  dispose(): void {
    this.clearTimer();
  }

  private saveNow(): Promise<void> {
    this.clearTimer();
    if (this.running) {
      // Saved after the one under way (its completion looks at `dirty`).
      return this.running;
    }
    if (!this.dirty || this.conflicted) return Promise.resolve();
    const value = this.latest as T;
    const problem = this.options.check?.(value) ?? null;
    if (problem) {
      this.emit({ status: "invalid", message: problem });
      return Promise.resolve();
    }
    this.dirty = false;
    this.emit({ status: "saving" });
    this.running = this.options.save(value, this.version).then(
      (version) => {
        this.version = version;
        this.running = null;
        if (!this.dirty) this.emit({ status: "saved" });
        else if (this.timer === undefined) return this.saveNow();
        else this.emit({ status: "unsaved" });
      },
      (error: unknown) => {
        this.running = null;
        // What failed to be saved is unsaved again, unless a newer value already is.
        this.dirty = true;
        if (this.options.isConflict(error)) {
          this.conflicted = true;
          this.clearTimer();
          this.emit({ status: "conflict", message: this.options.describe(error) });
        } else {
          this.emit({ status: "failed", message: this.options.describe(error) });
        }
      },
    );
    return this.running;
  }

  private clearTimer() {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private emit(state: SaveState) {
    this.state = state;
    this.options.onState(state);
  }
}
