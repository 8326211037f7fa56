/**
 * Nothing a visitor does before the page's code runs is lost (decision 0020). The server-rendered
 * page shows its controls a second or more before React has hydrated them; a tap, a key or typed
 * text in that gap would otherwise do nothing (or, for a form, submit it natively to the page's own
 * address). `installEarlyEvents` is built into index.html as the first inline script (the Vite
 * plugin in `client/early-events-script.ts`), so it must stand alone: no imports, nothing from
 * outside its body. From the first byte of HTML it captures, on the window and ahead of every other
 * listener, clicks, key presses, typed text, changes and form submissions, keeps them from the page,
 * and replays them in order as soon as React listens (`listening`, right after `hydrateRoot`): React
 * then hydrates the part of the page an event lands in ahead of the rest (its Suspense boundary, a
 * region: see components/region.tsx) and hands it the event, so an early action waits for its own
 * region's code, not the whole page's. From then on React takes new events itself, except inside a
 * section that hydrates later with code of its own (`defer`/`release`, see hydrate-when-visible.tsx)
 * and, once the page has hydrated (`ready`), on an element React has still not taken over.
 *
 * A key pressed with nothing focused (a page-wide shortcut) waits for the whole page, as the region
 * that listens for it is not the one it lands on; a control that declares it in `aria-keyshortcuts`
 * (the header's search: '/', Ctrl-K) is focused at once instead.
 *
 * What works without script is left to the browser: links, `<summary>`, popover buttons (the
 * compact menu), buttons that open or close a dialog by themselves (`commandfor`: the cart),
 * focusing and typing into a field, Tab. Of these, a popover's button, a `<summary>` and a
 * dialog's invoker are kept from React as well until React has hydrated them: React, listening,
 * would otherwise hydrate their region in the press's own task, and the browser's answer (the cart
 * opening) would wait for it. A theme button, which the inline theme script answers until the page
 * has hydrated (lib/theme-script.ts), is held from React for the same reason until React has it;
 * tabs marked `data-switch-early` are switched here (their panels are all in the page).
 *
 * A click is replayed as the whole press (pointer and mouse down and up, then the click), because
 * some controls act on the press (a tab, a menu) and others on the click. Typed text stays in its
 * field and reaches React as input; a held submit is submitted once, with the button that
 * submitted it.
 *
 * A link that logs its clicks to the browser console (a partner's affiliate link) carries its
 * line in `data-click-log`; a click on it before the code that owns it runs is logged here, as
 * the browser opens the link, and `logged` tells the link's own handler, should React run it in
 * the same dispatch (hydrating it on the click), that the line is written already.
 */
interface EarlyEvents {
  /**
   * React listens (hydration has begun): replay what was held, except inside sections still
   * deferred; React hydrates each event's region first and takes new events itself.
   */
  listening(): void;
  /** The whole page has hydrated (its regions too): listening, if not yet, and the claimed-check on. */
  ready(): void;
  /** A server-rendered section that hydrates later: its events wait for `release`; `touched` runs when one is held. */
  defer(section: Element, touched: () => void): void;
  /** A deferred section has hydrated: replay what was held inside it. */
  release(section: Element): void;
  /** How many actions wait for their replay (tests and the interaction bench read it). */
  pending(): number;
  /** Whether this click's `data-click-log` line was written here (its handler then writes none). */
  logged(event: Event): boolean;
}

declare global {
  interface Window {
    __waveformEvents?: EarlyEvents;
  }
}

/** Installs the capture (once a page); the function it returns takes it away again (tests). */
export function installEarlyEvents(): () => void {
  type Held =
    | { kind: "click"; target: Element; init: PointerEventInit }
    | { kind: "checked"; target: HTMLInputElement; checked: boolean }
    | { kind: "key"; target: Element; init: KeyboardEventInit }
    | { kind: "value"; target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement; value: string }
    | { kind: "submit"; target: HTMLFormElement; submitter: HTMLElement | null };

  if (window.__waveformEvents) return () => {};
  const held: Held[] = [];
  const logged = new WeakSet<Event>();
  const sections = new Map<Element, () => void>();
  let listening = false;
  let hydrated = false;
  const TYPES = [
    "pointerdown",
    "mousedown",
    "pointerup",
    "mouseup",
    "click",
    "keydown",
    "input",
    "change",
    "submit",
  ];
  const NOT_TYPED = /^(button|checkbox|color|file|hidden|image|radio|range|reset|submit)$/;
  const KEYED_ROLES =
    /^(tab|radio|slider|menuitem|menuitemradio|menuitemcheckbox|option|switch|spinbutton|treeitem)$/;
  const NAVIGATION_KEYS = /^(Arrow(Up|Down|Left|Right)|Home|End|PageUp|PageDown)$/;

  const typedInto = (element: Element): boolean =>
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element instanceof HTMLInputElement && !NOT_TYPED.test(element.type)) ||
    (element instanceof HTMLElement && element.isContentEditable);
  const checkable = (element: Element | null | undefined): element is HTMLInputElement =>
    element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio");
  /**
   * A click the browser handles itself: a link, a `<summary>`, a field or a box (or its label: the
   * box's own click follows), a file picker.
   */
  const native = (target: Element): boolean => {
    // A link that opens something on the page (aria-expanded: the phone's 'Search') is the page's
    // own control, held like a button; any other link goes where it points.
    if (
      target.closest(
        "a[href]:not([role=button], [aria-expanded]), summary, [popovertarget], [commandfor], input[type=file]",
      )
    )
      return true;
    const label = target.closest("label");
    const control = label?.control;
    return typedInto(target) || (control ? typedInto(control) || checkable(control) : false);
  };
  /**
   * A control the browser answers by itself, whose press the page's code has nothing to add to: a
   * popover's button, a `<summary>`, a dialog's invoker where the browser has invoker commands (the
   * cart; elsewhere its own handler opens it, so it stays React's).
   */
  const answeredByBrowser = (target: Element): boolean =>
    target.closest(
      "commandForElement" in HTMLButtonElement.prototype
        ? "[popovertarget], summary, [commandfor]"
        : "[popovertarget], summary",
    ) !== null;
  /**
   * The tab a press or key lands on, in a tab list whose panels are all in the page and whose tabs
   * the page's code lets this script switch (`data-switch-early` on the list: every panel rendered
   * by the server, the inactive ones hidden by their `data-state`).
   */
  const earlyTab = (target: Element): HTMLElement | null => {
    const tab = target.closest<HTMLElement>("[role=tab][aria-controls]");
    return tab?.closest("[role=tablist][data-switch-early]") ? tab : null;
  };
  /** The tabs of `tab`'s list, in order. */
  const tabsOf = (tab: HTMLElement): HTMLElement[] => [
    ...(tab.closest("[role=tablist]")?.querySelectorAll<HTMLElement>("[role=tab][aria-controls]") ?? []),
  ];
  /** Shows `tab`'s panel as the tabs' code does: selected state, the Tab order, panels' `data-state`. */
  const showTab = (tab: HTMLElement) => {
    for (const each of tabsOf(tab)) {
      const state = each === tab ? "active" : "inactive";
      each.setAttribute("aria-selected", String(each === tab));
      each.setAttribute("data-state", state);
      each.tabIndex = each === tab ? 0 : -1;
      document.getElementById(each.getAttribute("aria-controls") ?? "")?.setAttribute("data-state", state);
    }
  };
  /** The tab an arrow, Home or End key moves to from `tab` (the tabs pattern's keys), if any. */
  const tabFor = (tab: HTMLElement, key: string): HTMLElement | undefined => {
    const tabs = tabsOf(tab);
    const at = tabs.indexOf(tab);
    if (key === "ArrowRight") return tabs[(at + 1) % tabs.length];
    if (key === "ArrowLeft") return tabs[(at - 1 + tabs.length) % tabs.length];
    if (key === "Home") return tabs[0];
    if (key === "End") return tabs[tabs.length - 1];
    return undefined;
  };
  const sectionOf = (target: Element): Element | undefined => {
    for (const [section] of sections) {
      if (!section.isConnected) sections.delete(section);
      else if (section.contains(target)) return section;
    }
    return undefined;
  };
  /**
   * Whether React has hydrated the element: it marks each element it takes over with its fiber.
   * Once the whole page has hydrated, an element still unclaimed belongs to code that has not
   * loaded (a lazy part): an event there would be dropped by React, so it is held until claimed.
   * Before that, React hydrates what an event touches itself, at once.
   */
  const claimed = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  /** Nothing is focused: a key lands on the page itself, outside every region React hydrates on it. */
  const pageLevel = (target: Element) => target === document.body || target === document.documentElement;
  /**
   * The visible control whose `aria-keyshortcuts` names this key ("/ Control+K Meta+K"), if any.
   * Shift is not compared: on many keyboards '/' is typed with it.
   */
  const shortcutFor = (key: KeyboardEvent): HTMLElement | undefined => {
    for (const control of document.querySelectorAll<HTMLElement>("[aria-keyshortcuts]")) {
      if (control.getClientRects().length === 0) continue;
      const names = (control.getAttribute("aria-keyshortcuts") ?? "").split(" ");
      const matches = names.some((name) => {
        const parts = name.split("+");
        const main = parts.pop() ?? "";
        return (
          main.toLowerCase() === key.key.toLowerCase() &&
          parts.includes("Control") === key.ctrlKey &&
          parts.includes("Meta") === key.metaKey &&
          parts.includes("Alt") === key.altKey
        );
      });
      if (matches) return control;
    }
    return undefined;
  };
  const waits = (target: Element): boolean =>
    !listening ||
    // A page-wide key's listener belongs to a region that may not have hydrated yet.
    (pageLevel(target) && !hydrated) ||
    // A control an inline script answers until the page has hydrated (the theme's buttons): React,
    // listening, would hydrate its region in the press's own task, before the frame that shows the
    // script's answer; the press goes to React once React has the control.
    (!hydrated && target.closest("[data-theme-choice]") !== null && !claimed(target)) ||
    sectionOf(target) !== undefined ||
    (hydrated && document.getElementById("root")?.contains(target) === true && !claimed(target));

  /** Set while this script dispatches an event of its own, which goes straight to React. */
  let dispatching = false;
  /**
   * Puts `value` in a field so that React reads it as a change on the next event: React keeps the
   * last value it saw on a text field (through the element's own setter it sees another, and the
   * value goes in under it); a select is read as it is.
   */
  const putValue = (field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) => {
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      return;
    }
    const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value");
    field.value = value === "" ? " " : "";
    own?.set?.call(field, value);
  };
  /**
   * Makes React hydrate a field's region now, with an event of its own there, before the visitor's
   * input reaches it. Hydrating, React keeps the value it finds, or the field's code puts its own
   * in (a form library's default value, set as React hands it the element), so the visitor's value
   * is put back after, through the element's own setter: what arrives next reads as a change.
   */
  const hydrateField = (field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) => {
    const value = field.value;
    dispatching = true;
    try {
      field.dispatchEvent(new Event("input", { bubbles: true }));
    } finally {
      dispatching = false;
    }
    if (field.value !== value) putValue(field, value);
  };

  const capture = (event: Event) => {
    const target = event.target;
    if (dispatching || !(target instanceof Element)) return;
    if (
      listening &&
      !hydrated &&
      (event.type === "input" || event.type === "change") &&
      typedInto(target) &&
      !claimed(target) &&
      sectionOf(target) === undefined
    ) {
      // React listens but has not hydrated this field's region yet: it would hydrate it on this
      // event, and the value the visitor just chose could be lost to the field's start-up. The
      // region hydrates first; the visitor's event then goes on to React as it is.
      hydrateField(target as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement);
      return;
    }
    if (listening && !hydrated && !claimed(target) && answeredByBrowser(target)) {
      // React listens but has not hydrated this control yet: it would hydrate its region in the
      // press's own task, before the browser could show what the press opens (at 4× CPU the Cart's
      // dialog came ~460 ms after the press). The browser answers now; the region hydrates in turn.
      event.stopPropagation();
      return;
    }
    const tab = !hydrated && !claimed(target) ? earlyTab(target) : null;
    if (tab) {
      // A tab this script switches itself until the tabs are React's (who then take the tab it
      // shows as theirs: components/ui/use-early-tabs.ts): a press shows its panel, an arrow, Home or End
      // moves to the next tab and shows it, as the tabs pattern does. Nothing is left for React to
      // do, so nothing is held, and React does not see the press (listening, it would hydrate the
      // tabs' region in the press's task first).
      if (event.type === "click") showTab(tab);
      if (event.type === "keydown") {
        const key = event as KeyboardEvent;
        const next = key.altKey || key.ctrlKey || key.metaKey ? undefined : tabFor(tab, key.key);
        if (next) {
          event.preventDefault();
          next.focus();
          showTab(next);
        }
      }
      event.stopPropagation();
      return;
    }
    if (!waits(target)) return;
    const section = sectionOf(target);
    let action: Held | undefined;
    if (event.type === "click" && checkable(target)) {
      // A box ticks at once, as the visitor expects (the browser has already toggled it); React
      // is told of its state once it has hydrated it.
      action = { kind: "checked", target, checked: target.checked };
    } else if (event.type === "click") {
      const line = target.closest("a[data-click-log]")?.getAttribute("data-click-log");
      if (line && !logged.has(event)) {
        console.info(line);
        logged.add(event);
      }
      if (native(target)) return;
      const pointer = event as PointerEvent;
      action = {
        kind: "click",
        target,
        init: {
          pointerType: pointer.pointerType || "mouse",
          clientX: pointer.clientX,
          clientY: pointer.clientY,
          screenX: pointer.screenX,
          screenY: pointer.screenY,
          ctrlKey: pointer.ctrlKey,
          shiftKey: pointer.shiftKey,
          altKey: pointer.altKey,
          metaKey: pointer.metaKey,
        },
      };
      event.preventDefault();
    } else if (event.type === "keydown") {
      const key = event as KeyboardEvent;
      // A shortcut to a field ('/' to search) focuses it now, as the browser would focus it on a
      // click; the field's own code takes over from there. Typed into nothing: no '/' in the field.
      const shortcut = pageLevel(target) ? shortcutFor(key) : undefined;
      if (shortcut) {
        event.preventDefault();
        event.stopPropagation();
        shortcut.focus();
        return;
      }
      if (/^(Tab|Shift|Control|Alt|Meta|CapsLock)$/.test(key.key) || typedInto(target) || key.isComposing)
        return;
      // Enter and Space on a button, link or box make a click of their own, which is held instead.
      if (
        (key.key === "Enter" || key.key === " ") &&
        target.closest("button, a[href], summary, input, [role=button]")
      )
        return;
      const role = target.getAttribute("role") ?? "";
      if (NAVIGATION_KEYS.test(key.key) && KEYED_ROLES.test(role)) event.preventDefault();
      action = {
        kind: "key",
        target,
        init: {
          key: key.key,
          code: key.code,
          location: key.location,
          repeat: key.repeat,
          ctrlKey: key.ctrlKey,
          shiftKey: key.shiftKey,
          altKey: key.altKey,
          metaKey: key.metaKey,
        },
      };
    } else if (event.type === "input" || event.type === "change") {
      if (!typedInto(target) || (event.type === "change" && !(target instanceof HTMLSelectElement))) return;
      const field = target as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
      const last = held[held.length - 1];
      // Typing is one action: only the field's latest text is replayed.
      if (last?.kind === "value" && last.target === field) last.value = field.value;
      else action = { kind: "value", target: field, value: field.value };
    } else if (event.type === "submit") {
      if (!(target instanceof HTMLFormElement)) return;
      event.preventDefault();
      action = { kind: "submit", target, submitter: (event as SubmitEvent).submitter };
    } else if (native(target)) {
      // A press (down or up) on a link or field goes on as usual.
      return;
    }
    // Kept from React, which would act on it too, or drop it, while it hydrates the target.
    event.stopPropagation();
    if (action) held.push(action);
    if (section) sections.get(section)?.();
  };
  for (const type of TYPES) addEventListener(type, capture, { capture: true });

  const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  const run = (action: Held) => {
    const { target } = action;
    if (!target.isConnected) return;
    if (action.kind === "checked" && !claimed(target)) {
      // React hydrates the box on this event (it changes nothing: React's record of its state is
      // made now, from what it holds), so that what follows reads to React as a change.
      target.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (action.kind === "value" && !claimed(target)) hydrateField(action.target);
    if (action.kind === "click") {
      const Pointer = typeof PointerEvent === "function" ? PointerEvent : MouseEvent;
      const base = { bubbles: true, cancelable: true, composed: true, button: 0, detail: 1 };
      const press = { ...base, ...action.init, pointerId: 1, isPrimary: true, width: 1, height: 1 };
      target.dispatchEvent(new Pointer("pointerdown", { ...press, buttons: 1, pressure: 0.5 }));
      target.dispatchEvent(new MouseEvent("mousedown", { ...base, ...action.init, buttons: 1 }));
      target.dispatchEvent(new Pointer("pointerup", { ...press, buttons: 0, pressure: 0 }));
      target.dispatchEvent(new MouseEvent("mouseup", { ...base, ...action.init, buttons: 0 }));
      target.dispatchEvent(new Pointer("click", { ...press, buttons: 0, pressure: 0 }));
    } else if (action.kind === "key") {
      const init = { ...action.init, bubbles: true, cancelable: true, composed: true };
      target.dispatchEvent(new KeyboardEvent("keydown", init));
      target.dispatchEvent(new KeyboardEvent("keyup", init));
    } else if (action.kind === "checked") {
      // As with text: React kept the state it found; through the element's own setter it sees the
      // other, then a click event that is not a mouse click (no second toggle) tells it the change.
      const box = action.target;
      const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box), "checked");
      box.checked = !action.checked;
      own?.set?.call(box, action.checked);
      box.dispatchEvent(new Event("click", { bubbles: true }));
    } else if (action.kind === "value") {
      // React took the value it found as its own while hydrating: it is put back as a change.
      const field = action.target;
      putValue(field, action.value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      if (field instanceof HTMLSelectElement) field.dispatchEvent(new Event("change", { bubbles: true }));
    } else {
      const { submitter } = action;
      const form = action.target;
      if (submitter?.isConnected && submitter.closest("form") === form) form.requestSubmit(submitter);
      else form.requestSubmit();
    }
  };
  let replaying = Promise.resolve();
  const replay = (actions: Held[]) => {
    if (actions.length === 0) return;
    // Each in a task of its own, so React renders what one did before the next arrives.
    replaying = replaying.then(async () => {
      for (const action of actions) {
        await nextTask();
        try {
          run(action);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      }
    });
  };
  let flushing: ReturnType<typeof setTimeout> | undefined;
  /** Replays, in order, what waits no longer; looks again shortly while anything still waits. */
  const flush = () => {
    flushing = undefined;
    if (!listening) return;
    const now: Held[] = [];
    const later: Held[] = [];
    for (const action of held) {
      if (action.target.isConnected) (waits(action.target) ? later : now).push(action);
    }
    held.splice(0, held.length, ...later);
    replay(now);
    // The capture stays: parts of the page (lazy sections) hydrate long after the page has.
    if (held.length > 0) flushing ??= setTimeout(flush, 50);
  };

  window.__waveformEvents = {
    listening() {
      if (listening) return;
      listening = true;
      flush();
    },
    ready() {
      if (hydrated) return;
      listening = true;
      hydrated = true;
      flush();
    },
    defer(section, touched) {
      sections.set(section, touched);
      if (held.some((action) => section.contains(action.target))) touched();
    },
    release(section) {
      sections.delete(section);
      flush();
    },
    pending: () => held.length,
    logged: (event) => logged.has(event),
  };
  return () => {
    for (const type of TYPES) removeEventListener(type, capture, { capture: true });
    clearTimeout(flushing);
    delete window.__waveformEvents;
  };
}
